/**
 * Notifications (DESIGN section 10): writing them in an event's transaction
 * (other features call notify and notifyCourseStudents), the list with the
 * unread count, marking read, the e-mail preferences, the unsubscribe links'
 * target, and what the live stream reads. SQL is in
 * notifications.repository.ts; the stream's connection handling in
 * notification-streams.ts.
 */
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  NOTIFICATION_KINDS,
  type Language,
  type NotificationKind,
} from '@urok/contract';
import type { Notification } from '@urok/contract/schemas';
import type { Db } from '../../db/database.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import { speaking } from '../../lib/language.ts';
import type { Announcement, NewNotification } from '../../lib/notify.ts';
import {
  countUnread,
  deleteExpired,
  findCourseAudience,
  findUserLanguages,
  findNewer,
  findNewestId,
  findPage,
  findPreferences,
  insertNotifications,
  markRead,
  upsertPreferences,
  findUserLanguage,
  type NotificationRow,
} from './notifications.repository.ts';

export function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

/**
 * Writes one notification per recipient through `db` — pass the event's
 * transaction, so the event and its notifications (and their mail) commit
 * together or not at all — and adds the recipients to `announcement`.
 * `word` words it, and is called in each recipient's language (DESIGN
 * section 16): the notification, and the mail made of it, read in the
 * language of whoever receives it, not of whoever acted.
 */
export async function notify(
  db: Db,
  recipients: readonly string[],
  word: () => NewNotification,
  announcement?: Announcement,
): Promise<void> {
  const unique = [...new Set(recipients)];
  if (unique.length === 0) return;
  const createdAt = new Date().toISOString();
  const languages = await findUserLanguages(db, unique);
  const worded = new Map<Language, NewNotification>();
  const inLanguage = (language: Language) => {
    let notification = worded.get(language);
    if (!notification) worded.set(language, (notification = speaking(language, word)));
    return notification;
  };
  const rows = unique.map((userId) => {
    const language = languages.get(userId);
    return {
      id: createTimeOrderedId(),
      user_id: userId,
      ...inLanguage(isLanguage(language) ? language : DEFAULT_LANGUAGE),
      created_at: createdAt,
      read_at: null,
    };
  });
  await insertNotifications(
    db,
    rows,
    announcement?.mail ? { makeId: () => createTimeOrderedId() } : undefined,
  );
  announcement?.userIds.push(...unique);
}

/**
 * Notifies every student enrolled in a course (a lesson or an assignment was
 * published), read in `db`, the event's transaction; `build` words it with the
 * course's title.
 */
export async function notifyCourseStudents(
  db: Db,
  courseId: string,
  build: (courseTitle: string) => NewNotification,
  announcement?: Announcement,
): Promise<void> {
  const audience = await findCourseAudience(db, courseId);
  if (!audience) return;
  await notify(db, audience.studentIds, () => build(audience.title), announcement);
}

/** A page of the caller's notifications, newest first, with the unread count. */
export async function listNotifications(
  db: Db,
  userId: string,
  { cursor, limit }: { cursor?: string; limit: number },
): Promise<{ notifications: Notification[]; nextCursor: string | null; unread: number }> {
  const rows = await findPage(db, userId, cursor, limit + 1);
  const page = rows.slice(0, limit);
  return {
    notifications: page.map(toNotification),
    nextCursor: rows.length > limit ? page.at(-1)!.id : null,
    unread: await countUnread(db, userId),
  };
}

/** Marks these notifications of the caller read, or every one when `ids` is undefined. */
export async function markNotificationsRead(
  db: Db,
  userId: string,
  ids: readonly string[] | undefined,
): Promise<void> {
  if (ids !== undefined && ids.length === 0) return;
  await markRead(db, userId, ids, new Date().toISOString());
}

/** Every kind with its e-mail switch: on unless the user turned it off. */
export async function preferencesOf(
  db: Db,
  userId: string,
): Promise<{ email: Record<NotificationKind, boolean> }> {
  const chosen = new Map((await findPreferences(db, userId)).map((row) => [row.kind, row.email]));
  return {
    email: Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? true]),
    ) as Record<NotificationKind, boolean>,
  };
}

/** Turns the e-mail of the named kinds on or off; resolves to every kind's switch. */
export async function setPreferences(
  db: Db,
  userId: string,
  email: Partial<Record<NotificationKind, boolean>>,
): Promise<{ email: Record<NotificationKind, boolean> }> {
  await upsertPreferences(
    db,
    userId,
    Object.entries(email).map(([kind, on]) => [kind, on === true] as const),
  );
  return preferencesOf(db, userId);
}

/**
 * The language of the account an unsubscribe link names (its page speaks
 * it, DESIGN section 16), or undefined when the account no longer exists.
 */
export async function accountLanguage(db: Db, userId: string): Promise<Language | undefined> {
  const language = await findUserLanguage(db, userId);
  if (language === undefined) return undefined;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Turns one kind of mail off for one user (an unsubscribe link). */
export function unsubscribe(db: Db, userId: string, kind: NotificationKind): Promise<void> {
  return upsertPreferences(db, userId, [[kind, false]]);
}

/** How many notifications a stream reads at a time. */
export const STREAM_PAGE = 100;

/**
 * How far back a stream reads again (ms): a notification's id is made when
 * its row is written, and its transaction may commit after a later id was
 * already sent (PostgreSQL runs transactions side by side; processes' clocks
 * differ a little). Docs/decisions.md, "the stream's order".
 */
export const STREAM_REREAD_MS = 60_000;

/** The smallest time-ordered id (UUIDv7, lib/ids.ts) made at `ms` or later. */
export function idFloor(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/**
 * What one stream has sent, and what it has not: every notification above
 * its start that it has not sent, including one that commits after a later
 * one was sent, as long as it commits within STREAM_REREAD_MS of its id.
 * Each read starts at the older of the newest sent id and the re-read
 * window's floor, and skips what it already sent.
 */
export class StreamPosition {
  readonly #db: Db;
  readonly #userId: string;
  /** Ids sent (or there before the stream opened) within the window, with their floors. */
  readonly #seen = new Set<string>();
  #last: string;

  private constructor(db: Db, userId: string, last: string) {
    this.#db = db;
    this.#userId = userId;
    this.#last = last;
  }

  /**
   * A stream's start: after `resumeFrom` (Last-Event-ID) when given, else
   * after the newest notification. What the window holds up to the start
   * counts as sent: the client has it.
   */
  static async open(
    db: Db,
    userId: string,
    resumeFrom: string | undefined,
    now = Date.now(),
  ): Promise<StreamPosition> {
    const start = resumeFrom ?? (await findNewestId(db, userId)) ?? '';
    const position = new StreamPosition(db, userId, start);
    let cursor = position.#floor(now);
    for (;;) {
      const rows = await findNewer(db, userId, cursor, STREAM_PAGE);
      for (const row of rows) if (row.id <= start) position.#seen.add(row.id);
      if (rows.length < STREAM_PAGE || rows.at(-1)!.id > start) break;
      cursor = rows.at(-1)!.id;
    }
    return position;
  }

  /** The next notifications not sent, oldest first (at most a page; empty when there are none). */
  async unsent(now = Date.now()): Promise<NotificationRow[]> {
    const floor = this.#floor(now);
    for (const id of this.#seen) if (id < floor) this.#seen.delete(id);
    let cursor = floor;
    for (;;) {
      const rows = await findNewer(this.#db, this.#userId, cursor, STREAM_PAGE);
      const fresh = rows.filter((row) => !this.#seen.has(row.id));
      if (fresh.length > 0 || rows.length < STREAM_PAGE) return fresh;
      cursor = rows.at(-1)!.id;
    }
  }

  /** Records a notification sent. */
  sent(row: NotificationRow): void {
    this.#seen.add(row.id);
    if (row.id > this.#last) this.#last = row.id;
  }

  #floor(now: number): string {
    const window = idFloor(now - STREAM_REREAD_MS);
    return this.#last < window ? this.#last : window;
  }
}

/** Rows each retention statement deletes at most; the sweep repeats while full batches go. */
const RETENTION_BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Retention (README, NOTIFICATION_RETENTION_DAYS and MAIL_RETENTION_DAYS):
 * deletes notifications read more than `readDays` ago and mail finished (sent,
 * skipped or given up on) more than `mailDays` ago. Unread notifications and
 * mail still to send stay however old. Resolves to how many of each went.
 */
export async function deleteOldNotifications(
  db: Db,
  { readDays, mailDays }: { readDays: number; mailDays: number },
  now = Date.now(),
): Promise<{ notifications: number; mail: number }> {
  const total = { notifications: 0, mail: 0 };
  for (;;) {
    const round = await deleteExpired(db, {
      readBefore: new Date(now - readDays * DAY_MS).toISOString(),
      mailFinishedBefore: new Date(now - mailDays * DAY_MS).toISOString(),
      batch: RETENTION_BATCH,
    });
    total.notifications += round.notifications;
    total.mail += round.mail;
    if (round.notifications < RETENTION_BATCH && round.mail < RETENTION_BATCH) return total;
  }
}
