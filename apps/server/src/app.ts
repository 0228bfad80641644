import { randomUUID } from 'node:crypto';
import type { DestinationStream } from 'pino';
// ICU messages (the catalog's texts with values) compile on first use on the server.
import '@urok/contract/i18n/compiler';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { languageFromHeader, messages } from '@urok/contract';
import type { Config, TrustProxy } from './config.ts';
import type { Db, Dialect } from './db/database.ts';
import type { CommitsOnDisk } from './db/wal-sync.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { applicationsRoutes } from './features/applications/applications.routes.ts';
import { assignmentsRoutes } from './features/assignments/assignments.routes.ts';
import { gradebookRoutes } from './features/gradebook/gradebook.routes.ts';
import { calendarRoutes } from './features/calendar/calendar.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { contactsRoutes } from './features/contacts/contacts.routes.ts';
import { contentRoutes } from './features/content/content.routes.ts';
import { coursesRoutes } from './features/courses/courses.routes.ts';
import { courseSetup } from './course-setup.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { pledgesRoutes } from './features/pledges/pledges.routes.ts';
import { homeworkRoutes } from './features/homework/homework.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { quizzesRoutes } from './features/quizzes/quizzes.routes.ts';
import { uploadsRoutes } from './features/uploads/uploads.routes.ts';
import { createTusStore } from './features/uploads/tus-store.ts';
import { sweepExpiredUploads, UPLOAD_EXPIRY_MS } from './features/uploads/uploads.service.ts';
import { Announcement, NotificationBus } from './lib/notify.ts';
import {
  NotificationStreams,
  StreamLinkSigner,
} from './features/notifications/notification-streams.ts';
import {
  MemoryStreamSlots,
  RedisStreamSlots,
  SLOT_LEASE_KEEPALIVES,
} from './features/notifications/stream-slots.ts';
import { MailQueue, UnsubscribeSigner } from './features/notifications/mail-queue.ts';
import { PasswordResetMailer } from './lib/password-reset-mail.ts';
import type { Redis } from 'ioredis';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { MemoryRateLimiter, unlimitedRateLimiter } from './lib/rate-limiter.ts';
import { closeRedis, RedisRateLimiter } from './lib/redis-rate-limiter.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerLanguage } from './plugins/language.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurity, securityHeadersFor } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerStorage } from './plugins/storage.ts';
import { createStorage } from './storage/create-storage.ts';
import { writeAccessLine } from './lib/access-line.ts';
import { isHttpRequest, redactLogFields, redactUrlSecrets } from './lib/log-redaction.ts';
import { commitsShownBy, ReadCache } from './lib/read-cache.ts';
import { MediaSigner, loadSigningSecret } from './lib/media-urls.ts';
import type { Storage } from './storage/storage.ts';
import { inLanguage } from './lib/language.ts';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dialect: Dialect;
    /** Hot reads kept until their tables are written (lib/read-cache.ts). */
    readCache: ReadCache;
    /** Tells the live notification streams of every process what is new (lib/notify.ts). */
    notificationBus: NotificationBus;
    /**
     * Runs `work` with an Announcement the services add notified users to (lib/notify.ts
     * notify); once it has finished (its transaction committed) tells their streams on the bus
     * and this process's mail queue.
     */
    announcing<T>(work: (announcement: Announcement) => Promise<T>): Promise<T>;
    /** Sends queued notification mail (features/notifications/mail-queue.ts); undefined without SMTP_URL. */
    mailQueue: MailQueue | undefined;
    /** Signs and checks the unsubscribe links of notification mail. */
    unsubscribeSigner: UnsubscribeSigner;
    /** Mails forgotten-password links after the answer (lib/password-reset-mail.ts). */
    passwordResetMailer: PasswordResetMailer;
    /** Signs and checks the media links of lessons (lib/media-urls.ts); its key is in the database. */
    mediaSigner: MediaSigner;
    /** This process's live notification streams (features/notifications/notification-streams.ts). */
    notificationStreams: NotificationStreams;
    /** Signs and checks the short-lived links that open a stream without the bearer header. */
    streamLinkSigner: StreamLinkSigner;
    /** The server's clock in milliseconds (Date.now; tests move their own): quiz deadlines go by it. */
    now: () => number;
    /**
     * Removes the resumable uploads (features/uploads) unfinished at `now` past their expiry, their
     * bytes first; resolves to how many. main.ts runs it under a job lease.
     */
    sweepExpiredUploads(now?: number): Promise<number>;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  dialect: Dialect;
  /**
   * A client of REDIS_URL (lib/redis-rate-limiter.ts connectRedis): every rate limit is then
   * counted there, under config.redisKeyPrefix, and notifications reach the streams of every
   * process through it; in memory, within this process, without one. Closed with the app.
   */
  redis?: Redis;
  /** Tests: a store for @fastify/rate-limit's `store` option in place of memory or Redis. */
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /** Defaults to the storage STORAGE_URL names (createStorage), closed with the app. */
  storage?: Storage;
  /** The clock quiz deadlines go by; Date.now unless a test moves its own. */
  now?: () => number;
  /**
   * SQLite synced off the event loop (db/wal-sync.ts): its commits counted,
   * and when they are on disk. Every reply waits for the commits it can show,
   * and every announcement on the notification bus for all made so far.
   */
  commitsOnDisk?: CommitsOnDisk;
}

/**
 * Log options: never a password, token, cookie or Authorization header.
 * Redaction is redactLogFields, run on every line's fields before the
 * serializers, in place of pino's wildcard paths, which cost more than the
 * rest of a request's line. It does not see a child logger's bindings: the
 * only ones made are Fastify's request ids. Lines go to `stream`, else to
 * pino's standard output (the server's is lib/log-destination.ts).
 */
export function loggerOptions(
  level: Config['logLevel'],
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream && { stream }),
    formatters: { log: redactLogFields },
    // Fastify's own request fields, with a reset link's token cut out of the URL.
    serializers: {
      req: (request: FastifyRequest) =>
        // Something that is not a request (a hand-written `req` field) was redacted as any other field.
        isHttpRequest(request)
          ? {
              method: request.method,
              url: redactUrlSecrets(request.url),
              host: request.host,
              remoteAddress: request.ip,
              remotePort: request.socket?.remotePort,
            }
          : (request as unknown as Record<string, unknown>),
    },
  };
}

/**
 * One access line per request, when its answer is sent ('request completed',
 * or 'request errored' at error level), with the request's method, URL and
 * address, the status and the time taken; Fastify's default adds a second
 * line as each request arrives. A request its client abandons gets 'request
 * aborted' (the onRequestAbort hook in buildApp).
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // The same line as pino's own, written without its walk over the fields (lib/access-line.ts).
    if (!error && writeAccessLine(request, reply)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes proxy-addr's
 * `hop < n`: Fastify's own number option trusts no hop at all (so every
 * client behind the proxy would share the proxy's address and its limits).
 * Addresses are compiled by Fastify (proxy-addr).
 */
export function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust > 0 ? (_address, hop) => hop < trust : false;
  return trust;
}

/**
 * No reply leaves before the commits it can show are on disk (SQLite's log
 * synced off the event loop, db/wal-sync.ts): neither a write's
 * acknowledgement nor a read that shows a write is lost in a power cut. A kept
 * answer sent from the read cache can show only the commits made before it and
 * its session were loaded (commitsShownBy); any other reply waits for every
 * commit made until it leaves. Most replies find nothing unsynced and go at
 * once; the rest wait for one fsync, shared. A reply that already reports a
 * failure goes out even if the sync fails too.
 */
function holdRepliesUntilOnDisk(app: FastifyInstance, commitsOnDisk: CommitsOnDisk): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const waiting = commitsOnDisk.onDisk(commitsShownBy(request));
    if (waiting === undefined) return done(null, payload);
    waiting.then(
      () => done(null, payload),
      (error: Error) => (reply.statusCode >= 500 ? done(null, payload) : done(error)),
    );
  });
}

/** Builds the whole app without listening: main.ts listens, tests use app.inject. */
export async function buildApp(
  deps: AppDeps,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<AppInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    logController: new AccessLog(),
    bodyLimit: 1024 * 1024,
    // Reject `__proto__` / `constructor.prototype` keys in JSON bodies with a 400.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A malformed URL is answered before any hook runs: give it the security headers by hand.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: { code: error.code, message: error.message } }, 'malformed request');
      void (reply as FastifyReply)
        .headers({ ...securityHeadersFor(request.url), 'x-request-id': request.id })
        .code(400)
        .send({
          // Before any hook: the language is Accept-Language's.
          message: inLanguage(
            languageFromHeader(request.headers['accept-language']),
            messages.badRequest,
          ),
          code: 'BAD_REQUEST',
        });
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.commitsOnDisk) holdRepliesUntilOnDisk(app, deps.commitsOnDisk);
  app.addHook('onRequestAbort', (request, done) => {
    request.log.info({ req: request }, 'request aborted');
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('dialect', deps.dialect);
  app.decorate('now', deps.now ?? Date.now);
  // Read once: the key never changes, and every process on this database reads the same row.
  const signingSecret = await loadSigningSecret(deps.db);
  app.decorate('mediaSigner', new MediaSigner(signingSecret));
  app.decorate(
    'readCache',
    new ReadCache({ maxBytes: config.readCacheBytes, db: deps.db, commits: deps.commitsOnDisk }),
  );
  const bus = deps.redis
    ? await NotificationBus.overRedis(deps.redis, config.redisKeyPrefix, deps.commitsOnDisk)
    : NotificationBus.local(deps.commitsOnDisk);
  app.decorate('notificationBus', bus);
  app.addHook('onClose', async () => bus.close());
  const slotLimits = {
    perAccount: config.streams.perAccount,
    perAddress: config.streams.perAddress,
    leaseMs: config.streamKeepAliveMs * SLOT_LEASE_KEEPALIVES,
  };
  app.decorate(
    'notificationStreams',
    new NotificationStreams({
      db: deps.db,
      bus,
      config,
      slots: deps.redis
        ? new RedisStreamSlots(deps.redis, config.redisKeyPrefix, slotLimits)
        : new MemoryStreamSlots(slotLimits),
    }),
  );
  app.decorate('streamLinkSigner', new StreamLinkSigner(signingSecret));
  app.decorate('unsubscribeSigner', new UnsubscribeSigner(signingSecret));
  const mailQueue = config.mail
    ? new MailQueue({
        db: deps.db,
        config: config.mail,
        publicUrl: config.publicUrl,
        signer: app.unsubscribeSigner,
        log: app.log,
      })
    : undefined;
  app.decorate('mailQueue', mailQueue);
  const passwordResetMailer = new PasswordResetMailer({ mail: config.mail, log: app.log });
  app.decorate('passwordResetMailer', passwordResetMailer);
  app.addHook('onClose', async () => passwordResetMailer.close());
  if (mailQueue) {
    app.addHook('onReady', async () => mailQueue.start());
    app.addHook('onClose', async () => mailQueue.close());
  }
  app.decorate(
    'announcing',
    async <T>(work: (announcement: Announcement) => Promise<T>): Promise<T> => {
      const announcement = new Announcement(mailQueue !== undefined);
      const result = await work(announcement);
      bus.announce(announcement.userIds);
      if (announcement.userIds.length > 0) mailQueue?.kick();
      return result;
    },
  );
  // First: every later hook, handler and error knows the request's language (`request.language`,
  // set by its onRequest hook).
  registerLanguage(app);
  // Next: its onRequest hook gives every later answer, errors included, the security headers.
  registerSecurity(app);
  registerErrorHandler(app);
  const { redis } = deps;
  if (redis) app.addHook('onClose', async () => closeRedis(redis));
  await registerRateLimit(app, {
    enabled: config.rateLimit,
    redis,
    keyPrefix: config.redisKeyPrefix,
    store: deps.rateLimitStore,
    signInLimiter: !config.rateLimit
      ? unlimitedRateLimiter
      : redis
        ? new RedisRateLimiter(redis, {
            keyPrefix: config.redisKeyPrefix,
            onError: (error) =>
              app.log.error({ err: error }, 'Redis sign-in limiter failed; request allowed'),
          })
        : new MemoryRateLimiter(),
  });
  registerAuth(app);
  registerInputGuard(app);
  if (deps.storage) registerStorage(app, deps.storage);
  else {
    const storage = await createStorage(config);
    registerStorage(app, storage);
    app.addHook('onClose', async () => storage.close?.());
  }
  await registerDocs(app);
  // The bytes of unfinished resumable uploads: next to the files, on disk or in the bucket.
  const tusStore = await createTusStore(config, UPLOAD_EXPIRY_MS);
  app.addHook('onClose', async () => tusStore.close());
  app.decorate('sweepExpiredUploads', (now: number = Date.now()) =>
    sweepExpiredUploads(deps.db, now, (id) => tusStore.remove(id)),
  );

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      await typed.register(healthRoutes);
      await typed.register(authRoutes);
      await typed.register(applicationsRoutes);
      await typed.register(pledgesRoutes);
      await typed.register(contactsRoutes);
      await typed.register(coursesRoutes, { setup: courseSetup });
      await typed.register(homeworkRoutes);
      await typed.register(notificationsRoutes);
      await typed.register(contentRoutes);
      await typed.register(assignmentsRoutes);
      await typed.register(gradebookRoutes);
      await typed.register(quizzesRoutes);
      await typed.register(calendarRoutes);
      await typed.register(filesRoutes);
      // Its own scope: the content-type parser that leaves tus's bodies as streams covers only it.
      await typed.register(uploadsRoutes, { store: tusStore });
      // Its own scope: the requireOperator hook it adds covers only its routes.
      await typed.register(adminRoutes);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webDist);
  return app;
}
