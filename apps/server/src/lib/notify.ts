import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { ROUTES, type NotificationKind } from '@urok/contract';
import type { Database } from '../db/database.ts';
import { createTimeOrderedId } from './ids.ts';

export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of the web app. */
  link: string;
}

/**
 * What one request's notifications need beyond their rows: the users whose
 * live streams are told once the transaction has committed
 * (NotificationBus.announce, in app.announcing), and whether each
 * notification is also queued for e-mail (SMTP_URL is set; lib/mail-queue.ts).
 */
export class Announcement {
  readonly userIds: string[] = [];

  constructor(readonly mail: boolean) {}
}

/**
 * Writes one notification per recipient through `db` — pass the event's
 * transaction, so the event and its notifications (and their mail) commit
 * together or not at all — and adds the recipients to `announcement`.
 */
export async function notify(
  db: Kysely<Database>,
  recipients: readonly string[],
  notification: NewNotification,
  announcement?: Announcement,
): Promise<void> {
  const unique = [...new Set(recipients)];
  if (unique.length === 0) return;
  const createdAt = new Date().toISOString();
  const rows = unique.map((userId) => ({
    id: createTimeOrderedId(),
    user_id: userId,
    ...notification,
    created_at: createdAt,
    read_at: null,
  }));
  // A course's whole class in one statement each, within SQLite's limit of bound values.
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    await db.insertInto('notifications').values(batch).execute();
    if (announcement?.mail) {
      await db
        .insertInto('mail_outbox')
        .values(
          batch.map((row) => ({
            id: createTimeOrderedId(),
            notification_id: row.id,
            status: 'pending' as const,
            attempts: 0,
            next_attempt_at: createdAt,
            claimed_until: null,
            last_error: null,
            created_at: createdAt,
            finished_at: null,
          })),
        )
        .execute();
    }
  }
  announcement?.userIds.push(...unique);
}

/** Rows per insert: 8 values each stays far below SQLite's 32,766 bound values. */
const INSERT_BATCH = 500;

/**
 * Notifies every student enrolled in a course (a lesson or an assignment was
 * published), read in `db`, the event's transaction; `build` words it with the
 * course's title.
 */
export async function notifyCourseStudents(
  db: Kysely<Database>,
  courseId: string,
  build: (courseTitle: string) => NewNotification,
  announcement?: Announcement,
): Promise<void> {
  const course = await db
    .selectFrom('courses')
    .select('title')
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) return;
  const students = await db
    .selectFrom('enrollments')
    .select('user_id')
    .where('course_id', '=', courseId)
    .execute();
  await notify(
    db,
    students.map((row) => row.user_id),
    build(course.title),
    announcement,
  );
}

/** Where a submission is seen, by its student and by the course's author alike. */
export function submissionLink(courseId: string, assignmentId: string, homeworkId: string): string {
  return `${ROUTES.assignment(courseId, assignmentId)}#homework-${homeworkId}`;
}

/**
 * Tells the live streams (features/notifications) that users have new
 * notifications, whichever process wrote them: through Redis pub/sub when
 * REDIS_URL is set, else within this process. A message carries user ids
 * only: a stream reads what is new from the database, so nothing is lost if
 * a message is (the stream also looks on its own at every keep-alive).
 */
export class NotificationBus {
  readonly #local = new EventEmitter();
  readonly #publisher: Redis | undefined;
  readonly #subscriber: Redis | undefined;
  readonly #channel: string;

  private constructor(
    publisher: Redis | undefined,
    subscriber: Redis | undefined,
    channel: string,
  ) {
    this.#publisher = publisher;
    this.#subscriber = subscriber;
    this.#channel = channel;
    this.#local.setMaxListeners(0);
    subscriber?.on('message', (channel: string, message: string) => {
      if (channel !== this.#channel) return;
      try {
        for (const userId of JSON.parse(message) as string[]) this.#local.emit(userId);
      } catch {
        // Not ours: ignored.
      }
    });
  }

  /** Within this process only. */
  static local(): NotificationBus {
    return new NotificationBus(undefined, undefined, '');
  }

  /** Through `redis` (a second connection subscribes), on a channel under `keyPrefix`. */
  static async overRedis(redis: Redis, keyPrefix: string): Promise<NotificationBus> {
    const subscriber = redis.duplicate();
    const channel = `${keyPrefix}notifications`;
    await subscriber.subscribe(channel);
    return new NotificationBus(redis, subscriber, channel);
  }

  /** After the commit: the streams of `userIds`, in every process, look for what is new. */
  announce(userIds: readonly string[]): void {
    if (userIds.length === 0) return;
    const unique = [...new Set(userIds)];
    if (this.#publisher) {
      this.#publisher.publish(this.#channel, JSON.stringify(unique)).catch(() => {
        // Redis away: the streams catch up at their next keep-alive.
      });
    } else {
      for (const userId of unique) this.#local.emit(userId);
    }
  }

  /** Calls `listener` whenever `userId` may have something new; returns the unsubscribe. */
  subscribe(userId: string, listener: () => void): () => void {
    this.#local.on(userId, listener);
    return () => this.#local.off(userId, listener);
  }

  async close(): Promise<void> {
    this.#local.removeAllListeners();
    // Nothing is waiting on a subscriber: cut it at once.
    this.#subscriber?.disconnect();
  }
}
