import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { ROUTES, type NotificationKind } from '@urok/contract';
import type { CommitsOnDisk } from '../db/wal-sync.ts';

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
 * notification is also queued for e-mail (SMTP_URL is set; features/notifications/mail-queue.ts).
 * The notifications themselves are written by the notifications feature's
 * notify (features/notifications/notifications.service.ts).
 */
export class Announcement {
  readonly userIds: string[] = [];

  constructor(readonly mail: boolean) {}
}

/** Where a submission is seen, by its student and by the course's author alike. */
export function submissionLink(courseId: string, assignmentId: string, homeworkId: string): string {
  return `${ROUTES.assignment(courseId, assignmentId)}#homework-${homeworkId}`;
}

/** A submission's comment thread: the web app opens the thread it names (`#comments-<id>`). */
export function commentThreadLink(
  courseId: string,
  assignmentId: string,
  homeworkId: string,
): string {
  return `${ROUTES.assignment(courseId, assignmentId)}#comments-${homeworkId}`;
}

/** What one bus message carries: each list optional. */
interface BusMessage {
  /** Users with new notifications. */
  n?: string[];
  /** Users some of whose sessions ended (logout, password change or reset, block). */
  s?: string[];
  /** Streams to close, by id (an account opened one more than its limit). */
  c?: string[];
}

/**
 * Tells the live streams (features/notifications) what concerns them,
 * whichever process it happened in: through Redis pub/sub when REDIS_URL is
 * set, else within this process. Three things travel on it, each as ids only:
 * users with new notifications (a stream then reads what is new from the
 * database, so nothing is lost if a message is: it also looks on its own at
 * every keep-alive); users whose sessions ended (their streams check their
 * session at once and close if it is gone; they also check at every
 * keep-alive); and streams to close (an account over its limit of streams).
 */
export class NotificationBus {
  readonly #local = new EventEmitter();
  readonly #publisher: Redis | undefined;
  readonly #subscriber: Redis | undefined;
  readonly #channel: string;
  readonly #onDisk: CommitsOnDisk | undefined;

  private constructor(
    publisher: Redis | undefined,
    subscriber: Redis | undefined,
    channel: string,
    onDisk: CommitsOnDisk | undefined,
  ) {
    this.#publisher = publisher;
    this.#subscriber = subscriber;
    this.#channel = channel;
    this.#onDisk = onDisk;
    this.#local.setMaxListeners(0);
    subscriber?.on('message', (channel: string, message: string) => {
      if (channel !== this.#channel) return;
      try {
        this.#deliver(JSON.parse(message) as BusMessage);
      } catch {
        // Not ours: ignored.
      }
    });
  }

  /**
   * Within this process only. `onDisk`: when every commit so far is on disk
   * (db/wal-sync.ts); a message then waits for it, so no stream shows a write
   * before it is.
   */
  static local(onDisk?: CommitsOnDisk): NotificationBus {
    return new NotificationBus(undefined, undefined, '', onDisk);
  }

  /** Through `redis` (a second connection subscribes), on a channel under `keyPrefix`. */
  static async overRedis(
    redis: Redis,
    keyPrefix: string,
    onDisk?: CommitsOnDisk,
  ): Promise<NotificationBus> {
    const subscriber = redis.duplicate();
    const channel = `${keyPrefix}notifications`;
    await subscriber.subscribe(channel);
    return new NotificationBus(redis, subscriber, channel, onDisk);
  }

  /** After the commit: the streams of `userIds`, in every process, look for what is new. */
  announce(userIds: readonly string[]): void {
    if (userIds.length > 0) this.#send({ n: [...new Set(userIds)] });
  }

  /** After the commit: the streams of `userId`, in every process, check their session now. */
  sessionsEnded(userId: string): void {
    this.#send({ s: [userId] });
  }

  /** The streams of these ids, in whichever process serves them, close. */
  closeStreams(streamIds: readonly string[]): void {
    if (streamIds.length > 0) this.#send({ c: [...streamIds] });
  }

  /** Calls `listener` whenever `userId` may have something new; returns the unsubscribe. */
  subscribe(userId: string, listener: () => void): () => void {
    return this.#on(`n:${userId}`, listener);
  }

  /** Calls `listener` whenever some session of `userId` ended; returns the unsubscribe. */
  onSessionsEnded(userId: string, listener: () => void): () => void {
    return this.#on(`s:${userId}`, listener);
  }

  /** Calls `listener` when stream `streamId` is to close; returns the unsubscribe. */
  onCloseStream(streamId: string, listener: () => void): () => void {
    return this.#on(`c:${streamId}`, listener);
  }

  async close(): Promise<void> {
    this.#local.removeAllListeners();
    // Nothing is waiting on a subscriber: cut it at once.
    this.#subscriber?.disconnect();
  }

  #on(event: string, listener: () => void): () => void {
    this.#local.on(event, listener);
    return () => this.#local.off(event, listener);
  }

  #send(message: BusMessage): void {
    const waiting = this.#onDisk?.onDisk();
    // Sent even if the sync failed: a stream reads what is new from the database itself.
    if (waiting !== undefined) void waiting.finally(() => this.#sendNow(message)).catch(() => {});
    else this.#sendNow(message);
  }

  #sendNow(message: BusMessage): void {
    if (this.#publisher) {
      this.#publisher.publish(this.#channel, JSON.stringify(message)).catch(() => {
        // Redis away: the streams catch up (and check their sessions) at their next keep-alive.
      });
    } else {
      this.#deliver(message);
    }
  }

  #deliver(message: BusMessage): void {
    for (const userId of message.n ?? []) this.#local.emit(`n:${userId}`);
    for (const userId of message.s ?? []) this.#local.emit(`s:${userId}`);
    for (const streamId of message.c ?? []) this.#local.emit(`c:${streamId}`);
  }
}
