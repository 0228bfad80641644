import type { AddressInfo } from 'node:net';
import { buildApp, loggerOptions } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from './db/connection.ts';
import {
  findDemoAccounts,
  formatStartupBanner,
  isLoopbackHost,
  isUsersTableEmpty,
  loadDemoData,
  shouldLoadDemoData,
} from './db/demo-data.ts';
import { SESSION_SWEEP_INTERVAL_MS, sweepExpiredSessions } from './features/auth/auth.service.ts';
import { FILE_SWEEP_INTERVAL_MS, sweepOrphanFiles } from './features/files/files.service.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import { createStorage } from './storage/create-storage.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Shared limits (REDIS_URL) are checked first: without the Redis they were configured for, do not start.
  let rateLimiter: RateLimiter | undefined;
  let reportLimiterError: (error: unknown) => void = () => {};
  if (config.redisUrl && config.rateLimit) {
    // Loaded only when configured: the Redis client is not part of every start-up.
    const { RedisRateLimiter, RedisUnavailableError } = await import('./lib/redis-rate-limiter.ts');
    try {
      rateLimiter = await RedisRateLimiter.connect(config.redisUrl, {
        keyPrefix: config.redisKeyPrefix,
        onError: (error) => reportLimiterError(error),
      });
    } catch (error) {
      if (error instanceof RedisUnavailableError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }

  const { db, dialect, isNew } = openDatabase({
    url: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    statementCache: config.statementCache,
  });
  await migrateToLatest(db);
  const storage = await createStorage(config);

  const app = await buildApp(
    { config, db, dialect, storage, rateLimiter },
    { logger: loggerOptions(config.logLevel) },
  );
  if (dialect === 'sqlite') {
    // Fresh statistics for the query planner as the tables grow (see refreshPlannerStatistics).
    // Through Kysely, so it waits its turn on the one connection instead of landing inside a
    // transaction; as raw SQL it also empties the read cache once an hour.
    setInterval(
      () =>
        void sql`pragma optimize`.execute(db).catch((error: unknown) => {
          app.log.warn({ err: error }, 'pragma optimize failed');
        }),
      60 * 60 * 1000,
    ).unref();
  }
  reportLimiterError = (error) =>
    app.log.error({ err: error }, 'Redis rate limiter failed; request allowed');
  if (rateLimiter)
    app.log.info({ keyPrefix: config.redisKeyPrefix }, 'rate limits are shared through Redis');

  // Expired sessions: once now, then hourly (a sign-in does not clean up after itself).
  const sweepSessions = async () => {
    const count = await sweepExpiredSessions(db);
    if (count > 0) app.log.info({ count }, 'deleted expired sessions');
  };
  await sweepSessions();
  setInterval(
    () =>
      void sweepSessions().catch((error: unknown) => {
        app.log.warn({ err: error }, 'expired-session sweep failed');
      }),
    SESSION_SWEEP_INTERVAL_MS,
  ).unref();

  // Stored files without a row: once now, before listening, then hourly. While this process
  // serves, its own uploads are in flight too: then a file younger than an hour is left alone.
  const sweepFiles = async (graceMs: number) => {
    const { removed, unfinished } = await sweepOrphanFiles(db, storage, { graceMs });
    if (removed.length > 0)
      app.log.info({ count: removed.length }, 'removed stored files without a row');
    if (unfinished > 0) app.log.info({ count: unfinished }, 'removed unfinished writes');
  };
  await sweepFiles(config.fileSweepGraceMs);
  setInterval(
    () =>
      void sweepFiles(Math.max(config.fileSweepGraceMs, FILE_SWEEP_INTERVAL_MS)).catch(
        (error: unknown) => {
          app.log.warn({ err: error }, 'stored-file sweep failed');
        },
      ),
    FILE_SWEEP_INTERVAL_MS,
  ).unref();

  if (
    shouldLoadDemoData({
      dialect,
      isNew,
      demo: config.demo,
      usersEmpty: await isUsersTableEmpty(db),
      host: config.host,
    })
  ) {
    await loadDemoData(db, storage);
    app.log.info('demo data loaded');
  } else if (isNew && config.demo === undefined && !isLoopbackHost(config.host)) {
    app.log.info({ host: config.host }, 'no demo data: the server listens beyond loopback');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await db.destroy();
      storage.close?.();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });

  const { port } = app.server.address() as AddressInfo;
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const host = wildcard
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  // A plain block on stdout, not a log line: it is read by a person starting the app.
  console.log(
    formatStartupBanner(`http://${host}:${port}`, await findDemoAccounts(db), {
      loopback: isLoopbackHost(config.host),
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
