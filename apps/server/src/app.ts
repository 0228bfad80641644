import { randomUUID } from 'node:crypto';
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
import { messages } from '@urok/contract';
import type { Config, TrustProxy } from './config.ts';
import type { Db, Dialect } from './db/database.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { applicationsRoutes } from './features/applications/applications.routes.ts';
import { assignmentsRoutes } from './features/assignments/assignments.routes.ts';
import { gradebookRoutes } from './features/gradebook/gradebook.routes.ts';
import { calendarRoutes } from './features/calendar/calendar.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { contactsRoutes } from './features/contacts/contacts.routes.ts';
import { contentRoutes } from './features/content/content.routes.ts';
import { coursesRoutes } from './features/courses/courses.routes.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { pledgesRoutes } from './features/pledges/pledges.routes.ts';
import { homeworkRoutes } from './features/homework/homework.routes.ts';
import { MemoryRateLimiter, unlimitedRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurity, securityHeadersFor } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerStorage } from './plugins/storage.ts';
import { createStorage } from './storage/create-storage.ts';
import { isHttpRequest, redactLogFields, redactUrlSecrets } from './lib/log-redaction.ts';
import { ReadCache } from './lib/read-cache.ts';
import { loadMediaSigner, type MediaSigner } from './lib/media-urls.ts';
import { writeLogOf } from './db/write-tracking.ts';
import type { Storage } from './storage/storage.ts';

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
    /** Signs and checks the media links of lessons (lib/media-urls.ts); its key is in the database. */
    mediaSigner: MediaSigner;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  dialect: Dialect;
  /** Defaults to an in-memory limiter (none when config.rateLimit is false); closed with the app. */
  rateLimiter?: RateLimiter;
  /** Defaults to the storage STORAGE_URL names (createStorage), closed with the app. */
  storage?: Storage;
}

/**
 * Log options: never a password, token, cookie or Authorization header.
 * Redaction is redactLogFields, run on every line's fields before the
 * serializers, in place of pino's wildcard paths, which cost more than the
 * rest of a request's line. It does not see a child logger's bindings: the
 * only ones made are Fastify's request ids.
 */
export function loggerOptions(level: Config['logLevel']): FastifyServerOptions['logger'] {
  return {
    level,
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
        .headers({ ...securityHeadersFor(request.url), 'X-Request-Id': request.id })
        .code(400)
        .send({ message: messages.badRequest, code: 'BAD_REQUEST' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequestAbort', (request, done) => {
    request.log.info({ req: request }, 'request aborted');
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('dialect', deps.dialect);
  // Read once: the key never changes, and every process on this database reads the same row.
  app.decorate('mediaSigner', await loadMediaSigner(deps.db));
  app.decorate(
    'readCache',
    new ReadCache({
      maxBytes: config.readCacheBytes,
      writes: writeLogOf(deps.db),
      // PostgreSQL tells this process nothing of another's writes (the admin CLI): one second at most.
      ttlMs: deps.dialect === 'postgres' ? 1000 : undefined,
    }),
  );
  // First: its onRequest hook gives every later answer, errors included, the security headers.
  registerSecurity(app);
  registerErrorHandler(app);
  registerRateLimit(
    app,
    deps.rateLimiter ?? (config.rateLimit ? new MemoryRateLimiter() : unlimitedRateLimiter),
  );
  registerAuth(app);
  registerInputGuard(app);
  if (deps.storage) registerStorage(app, deps.storage);
  else {
    const storage = await createStorage(config);
    registerStorage(app, storage);
    app.addHook('onClose', async () => storage.close?.());
  }
  await registerDocs(app);

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      await typed.register(healthRoutes);
      await typed.register(authRoutes);
      await typed.register(applicationsRoutes);
      await typed.register(pledgesRoutes);
      await typed.register(contactsRoutes);
      await typed.register(coursesRoutes);
      await typed.register(homeworkRoutes);
      await typed.register(contentRoutes);
      await typed.register(assignmentsRoutes);
      await typed.register(gradebookRoutes);
      await typed.register(calendarRoutes);
      await typed.register(filesRoutes);
      // Its own scope: the requireOperator hook it adds covers only its routes.
      await typed.register(adminRoutes);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webDist);
  return app;
}
