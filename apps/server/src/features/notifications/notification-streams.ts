/**
 * The live notification streams of one server process (Server-Sent Events on
 * @fastify/sse, inside Fastify's lifecycle: the API's hooks and security
 * headers apply, and each event waits for the socket to drain). A stream is
 * opened with the bearer header or a short-lived signed link
 * (StreamLinkSigner, for EventSource) and then:
 *
 * - holds a slot counted per account and per address across processes
 *   (stream-slots.ts); one over the account's limit closes its oldest stream,
 *   one over the address's limit or this process's is refused (429);
 * - sends what the database holds that it has not sent, whenever the bus
 *   (lib/notify.ts) says its user may have something new, and at every
 *   keep-alive;
 * - checks its session whenever the bus says a session of its user ended, and
 *   at every keep-alive, and closes once the session is gone (logout, a
 *   password change or reset, a block, its expiry).
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, NOTIFICATIONS_API, notificationMessages } from '@urok/contract';
import { AppError } from '../../app-error.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { coalesced } from '../../lib/coalesced.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import { SigningKey } from '../../lib/media-urls.ts';
import type { NotificationBus } from '../../lib/notify.ts';
import { liveSessionUser } from '../auth/auth.service.ts';
import { StreamPosition, toNotification } from './notifications.service.ts';
import { addressKey } from '../../lib/rate-limiter.ts';
import type { StreamSlot, StreamSlots } from './stream-slots.ts';

/** How long the client is asked to wait before it reconnects on its own (EventSource's `retry`). */
const RECONNECT_MS = 2000;
/** A client that leaves this much unread in its socket is closed: it is not reading. */
const MAX_UNREAD_BYTES = 1024 * 1024;

const streamMessage = (userId: string, tokenHash: string, exp: number) =>
  `stream\n${userId}\n${tokenHash}\n${exp}`;

/** The query of a signed stream link. */
export interface StreamLinkQuery {
  u?: string;
  exp?: string;
  sig?: string;
}

/**
 * Signs stream links: `/api/notifications/stream?u=<user>&exp=<unix>&sig=<hmac>`,
 * the HMAC over the user, the session's token hash and the expiry. The link
 * carries neither the token nor its hash: the server finds the session by
 * trying the signature against the user's sessions, so the link names one
 * session and ends with it.
 */
export class StreamLinkSigner {
  readonly #key: SigningKey;

  constructor(secret: string) {
    this.#key = new SigningKey(secret);
  }

  link(userId: string, tokenHash: string, ttlSeconds: number, now = Date.now()) {
    const exp = Math.floor(now / 1000) + ttlSeconds;
    const sig = this.#key.sign(streamMessage(userId, tokenHash, exp));
    const query = new URLSearchParams({ u: userId, exp: String(exp), sig });
    return {
      url: `${API_BASE}${NOTIFICATIONS_API.stream}?${query.toString()}`,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  /**
   * The one of `tokenHashes` the link was signed for, when its form is the
   * one this signer writes (no leading zero, no padding), it has not expired,
   * and the signature matches.
   */
  sessionOf(
    query: StreamLinkQuery,
    tokenHashes: readonly string[],
    now = Date.now(),
  ): string | undefined {
    const { u, exp, sig } = query;
    if (!u || !exp || !sig || !/^[1-9]\d{0,11}$/.test(exp) || !/^[\w-]{43}$/.test(sig))
      return undefined;
    if (Number(exp) * 1000 <= now) return undefined;
    return tokenHashes.find((hash) => this.#key.matches(streamMessage(u, hash, Number(exp)), sig));
  }
}

/** Why the server ends a stream, in its last event (`event: end`). */
export type StreamEndReason = 'replaced' | 'signed-out';

export interface StreamOwner {
  userId: string;
  tokenHash: string;
}

interface OpenStream {
  close(): void;
}

export class NotificationStreams {
  readonly #db: Db;
  readonly #bus: NotificationBus;
  readonly #slots: StreamSlots;
  readonly #config: Config;
  readonly #open = new Map<string, OpenStream>();

  constructor(deps: { db: Db; bus: NotificationBus; slots: StreamSlots; config: Config }) {
    this.#db = deps.db;
    this.#bus = deps.bus;
    this.#slots = deps.slots;
    this.#config = deps.config;
  }

  /** How many streams this process holds open. */
  get size(): number {
    return this.#open.size;
  }

  /** Closes every stream (the server is closing). */
  closeAll(): void {
    for (const stream of [...this.#open.values()]) stream.close();
  }

  /**
   * Serves one stream on `reply` (a route with `sse`) until the client goes,
   * its session ends, or a newer stream of its account takes its slot.
   */
  async serve(request: FastifyRequest, reply: FastifyReply, owner: StreamOwner): Promise<void> {
    const { userId, tokenHash } = owner;
    const limits = this.#config.streams;
    if (this.#open.size >= limits.perProcess)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        notificationMessages.streamsServerBusy,
        undefined,
        30,
      );
    const slot: StreamSlot = { id: createTimeOrderedId(), userId, address: addressKey(request.ip) };
    // Counted before the first await: a burst of opens cannot pass the process's limit together.
    let closeRequested = false;
    const pending: OpenStream = {
      close: () => {
        closeRequested = true;
      },
    };
    this.#open.set(slot.id, pending);
    let stopCloseListener = this.#bus.onCloseStream(slot.id, () => pending.close());
    let taken;
    try {
      taken = await this.#slots.take(slot);
    } catch (error) {
      // The shared count is away (Redis lost after start-up): serve, within this process's limit.
      request.log.error({ err: error }, 'stream slots unavailable; stream allowed');
      taken = { evicted: [] };
    }
    if (taken.refused) {
      this.#open.delete(slot.id);
      stopCloseListener();
      throw new AppError(
        'TOO_MANY_REQUESTS',
        notificationMessages.streamsAddressFull,
        undefined,
        60,
      );
    }
    this.#bus.closeStreams(taken.evicted);
    const forget = () => {
      this.#open.delete(slot.id);
      stopCloseListener();
      this.#slots.release(slot).catch((error: unknown) => {
        request.log.warn({ err: error }, 'stream slot release failed; it lapses with its lease');
      });
    };

    const sse = reply.sse;
    const resumeFrom = sse.lastEventId ?? undefined;
    let position: StreamPosition;
    try {
      position = await StreamPosition.open(this.#db, userId, resumeFrom);
    } catch (error) {
      forget();
      throw error;
    }
    if (!sse.isConnected || closeRequested) {
      // The client went, or a newer stream took the slot, while this one was being set up.
      forget();
      return;
    }

    // From here to the first write, nothing waits: every listener is in place before anything can close.
    sse.keepAlive();
    const log = request.log;
    const stops: (() => void)[] = [];
    sse.onClose(() => {
      for (const stop of stops) stop();
      forget();
    });
    // The client hears why before the end: a stream replaced by a newer one of its account waits
    // before it tries again, one whose session ended stops (web: live-notifications.ts).
    const close = (reason?: StreamEndReason) => {
      if (!reason || !sse.isConnected) return sse.close();
      sse.send({ event: 'end', data: { reason } }).then(
        () => sse.close(),
        () => sse.close(),
      );
    };
    this.#open.set(slot.id, { close });
    stopCloseListener();
    stopCloseListener = this.#bus.onCloseStream(slot.id, () => close('replaced'));

    // Sends what the stream has not sent yet, a page at a time while pages keep coming.
    const flush = coalesced(async () => {
      try {
        let rows;
        do {
          rows = await position.unsent();
          for (const row of rows) {
            if (!sse.isConnected) return;
            await sse.send({ id: row.id, event: 'notification', data: toNotification(row) });
            position.sent(row);
          }
        } while (rows.length > 0 && sse.isConnected);
      } catch (error) {
        log.warn({ err: error }, 'notification stream read failed');
      }
    });
    const checkSession = coalesced(async () => {
      if (!(await this.#sessionStands(tokenHash, log))) close('signed-out');
    });
    stops.push(this.#bus.subscribe(userId, flush.run));
    stops.push(this.#bus.onSessionsEnded(userId, checkSession.run));
    const keepAlive = setInterval(() => {
      void this.#keepAlive(slot, tokenHash, reply, log).then((verdict) => {
        if (verdict === 'go on') flush.run();
        else close(verdict === 'slow' ? undefined : verdict);
      });
    }, this.#config.streamKeepAliveMs);
    stops.push(() => clearInterval(keepAlive));

    // The first write sends the head (with the hooks' headers) and tells EventSource when to retry.
    await sse.send({ data: undefined, retry: RECONNECT_MS });
    if (resumeFrom !== undefined) {
      flush.run();
      await flush.idle();
    }
  }

  /** At each keep-alive: whether the stream may go on, or why not (its reader, its slot, its session). */
  async #keepAlive(
    slot: StreamSlot,
    tokenHash: string,
    reply: FastifyReply,
    log: FastifyBaseLogger,
  ): Promise<'go on' | 'slow' | StreamEndReason> {
    if (reply.raw.writableLength > MAX_UNREAD_BYTES) return 'slow';
    try {
      if (!(await this.#slots.renew(slot))) return 'replaced';
    } catch (error) {
      log.warn({ err: error }, 'stream slot renewal failed');
    }
    return (await this.#sessionStands(tokenHash, log)) ? 'go on' : 'signed-out';
  }

  async #sessionStands(tokenHash: string, log: FastifyBaseLogger): Promise<boolean> {
    try {
      return (await liveSessionUser(this.#db, tokenHash, this.#config)) !== undefined;
    } catch (error) {
      // The database away for a moment: the stream stays; the next keep-alive asks again.
      log.warn({ err: error }, 'stream session check failed');
      return true;
    }
  }
}
