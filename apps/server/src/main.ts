// First: V8's settings, before the rest of the server runs.
import './runtime-flags.ts';
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { buildApp, loggerOptions } from './app.ts';
import { standardOutputLog } from './lib/log-destination.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase, optimizeSqlite } from './db/connection.ts';
import { compactVersionLog } from './db/cache-versions.ts';
import { checkpointOffTheLoop } from './db/wal-checkpoints.ts';
import {
  findDemoAccounts,
  formatStartupBanner,
  isLoopbackHost,
  isUsersTableEmpty,
  loadDemoData,
  shouldLoadDemoData,
} from './db/demo-data.ts';
import { loadDemoQuiz } from './demo-quiz.ts';
import { SESSION_SWEEP_INTERVAL_MS, sweepExpiredSessions } from './features/auth/auth.service.ts';
import { FILE_SWEEP_INTERVAL_MS, sweepOrphanFiles } from './features/files/files.service.ts';
import type { Redis } from 'ioredis';
import { createStorage } from './storage/create-storage.ts';
import { runWithLease } from './lib/job-lease.ts';
import { deleteOldNotifications } from './features/notifications/notifications.service.ts';
import { DUE_SOON_MS, sendDueSoonReminders } from './features/assignments/assignments.service.ts';
import {
  finishExpiredAttempts,
  sendQuizDueSoonReminders,
} from './features/quizzes/quizzes.service.ts';
import type { Config } from './config.ts';

/** How often the open quiz attempts past their deadline are submitted (features/quizzes). */
const QUIZ_DEADLINE_SWEEP_MS = 60_000;

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

  if (config.webConcurrency > 1 && cluster.isPrimary) {
    await runPrimary(config);
    return;
  }

  // Redis (REDIS_URL: shared limits, notifications between processes) is checked first: without the
  // Redis it was configured for, do not start.
  let redis: Redis | undefined;
  if (config.redisUrl) {
    const { connectRedis, RedisUnavailableError } = await import('./lib/redis-rate-limiter.ts');
    try {
      redis = await connectRedis(config.redisUrl);
    } catch (error) {
      if (error instanceof RedisUnavailableError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }

  const { db, dialect, isNew, sqlite, commitsOnDisk } = openDatabase({
    url: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    statementCache: config.statementCache,
    // Every reply waits for the commits before it to be on disk (buildApp), so the log's fsync
    // can leave the event loop (db/wal-sync.ts).
    syncOffTheLoop: true,
  });
  // A cluster's primary migrated and loaded the demo data before forking this worker.
  if (cluster.isPrimary) await migrateToLatest(db);
  const storage = await createStorage(config);

  const app = await buildApp(
    { config, db, dialect, storage, redis, commitsOnDisk },
    { logger: loggerOptions(config.logLevel, standardOutputLog()) },
  );
  // SQLite's checkpoints on a thread of their own, not inside a request's commit (db/wal-checkpoints.ts).
  const checkpoints =
    sqlite && config.sqlitePath !== ':memory:'
      ? checkpointOffTheLoop(sqlite, {
          synchronous: 'FULL',
          onError: (error) => app.log.error({ err: error }, 'WAL checkpoints'),
        })
      : undefined;
  if (dialect === 'sqlite') {
    // Fresh statistics for the query planner as the tables grow (db/connection.ts).
    setInterval(
      () =>
        void optimizeSqlite(db).catch((error: unknown) => {
          app.log.warn({ err: error }, 'pragma optimize failed');
        }),
      60 * 60 * 1000,
    ).unref();
  }
  if (dialect === 'postgres') {
    // The table versions' log folded into its counters each minute (db/cache-versions.ts), also
    // when the read cache is off and nothing reads it; readers fold it sooner when it grows.
    setInterval(
      () =>
        void compactVersionLog(db).catch((error: unknown) => {
          app.log.warn({ err: error }, 'folding the version log failed');
        }),
      60 * 1000,
    ).unref();
  }
  if (redis)
    app.log.info({ keyPrefix: config.redisKeyPrefix }, 'rate limits are shared through Redis');

  // Expired sessions and stored files without a row: once now, before listening (what a
  // restart after a crash needs), then hourly. The hourly rounds run in every process, and the
  // one that takes the job's lease does the work (lib/job-lease.ts): a cluster or several
  // machines sweep once per round. While processes serve, their uploads are in flight: the
  // hourly file sweep leaves alone a file younger than an hour.
  const sweepSessions = async () => {
    const count = await sweepExpiredSessions(db);
    if (count > 0) app.log.info({ count }, 'deleted expired sessions');
  };
  const sweepFiles = async (graceMs: number) => {
    const { removed, unfinished, unsupported } = await sweepOrphanFiles(db, storage, { graceMs });
    if (unsupported)
      app.log.warn(
        { reason: unsupported },
        'the store cannot list unfinished writes: they are not swept (abort them with the store’s own tools)',
      );
    if (removed.length > 0)
      app.log.info({ count: removed.length }, 'removed stored files without a row');
    if (unfinished > 0) app.log.info({ count: unfinished }, 'removed unfinished writes');
  };
  await sweepSessions();
  await sweepFiles(config.fileSweepGraceMs);
  const leased = (name: string, intervalMs: number, job: () => Promise<void>) => () =>
    void runWithLease(db, name, intervalMs * 0.9, job).catch((error: unknown) => {
      app.log.warn({ err: error, job: name }, 'background job failed');
    });
  const periodically = (name: string, intervalMs: number, job: () => Promise<void>) =>
    setInterval(leased(name, intervalMs, job), intervalMs).unref();
  periodically('sweep-sessions', SESSION_SWEEP_INTERVAL_MS, sweepSessions);
  periodically('sweep-files', FILE_SWEEP_INTERVAL_MS, () =>
    sweepFiles(Math.max(config.fileSweepGraceMs, FILE_SWEEP_INTERVAL_MS)),
  );
  // Due-soon reminders: now and every REMINDER_SWEEP_MINUTES, by whichever process takes the
  // lease; each reminder is recorded with its notifications, so it goes once (features/assignments).
  const remind = async () => {
    const count = await app.announcing(async (announcement) => {
      const assignments = await sendDueSoonReminders(db, announcement);
      // Quizzes closing within the same 24 hours (features/quizzes).
      return assignments + (await sendQuizDueSoonReminders(db, announcement, DUE_SOON_MS));
    });
    if (count > 0) app.log.info({ count }, 'sent due-soon reminders');
  };
  leased('due-soon-reminders', config.reminderSweepMs, remind)();
  periodically('due-soon-reminders', config.reminderSweepMs, remind);
  // Quiz attempts past their deadline count as submitted at it with what was saved, whether or
  // not anyone looks (every read that shows one does the same first): once a minute, by one process.
  const finishAttempts = async () => {
    const count = await finishExpiredAttempts(db, app.now);
    if (count > 0) app.log.info({ count }, 'submitted quiz attempts past their deadline');
  };
  leased('quiz-attempt-deadlines', QUIZ_DEADLINE_SWEEP_MS, finishAttempts)();
  periodically('quiz-attempt-deadlines', QUIZ_DEADLINE_SWEEP_MS, finishAttempts);

  // Resumable uploads unfinished 24 h after their creation: their bytes and rows go, hourly,
  // by the process that takes the lease (features/uploads).
  periodically('sweep-resumable-uploads', UPLOAD_SWEEP_INTERVAL_MS, async () => {
    const count = await app.sweepExpiredUploads();
    if (count > 0) app.log.info({ count }, 'removed expired resumable uploads');
  });

  // Retention: read notifications and finished mail past their days, hourly, under a lease.
  periodically('notification-retention', NOTIFICATION_RETENTION_INTERVAL_MS, async () => {
    const { notifications, mail } = await deleteOldNotifications(db, {
      readDays: config.retention.readNotificationDays,
      mailDays: config.retention.mailDays,
    });
    if (notifications + mail > 0)
      app.log.info({ notifications, mail }, 'deleted old notifications and mail');
  });

  if (cluster.isPrimary)
    await loadDemoDataIfNew(config, db, dialect, isNew, storage, (m) => app.log.info(m));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await checkpoints?.close();
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
  // A plain block on stdout, not a log line: it is read by a person starting the app (once).
  if (cluster.worker && cluster.worker.id !== 1) return;
  console.log(
    formatStartupBanner(`http://${host}:${port}`, await findDemoAccounts(db), {
      loopback: isLoopbackHost(config.host),
    }),
  );
}

/** How often expired resumable uploads are looked for. */
const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** How often old notifications and mail are looked for. */
const NOTIFICATION_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** The demo school, into a new SQLite database on loopback (db/demo-data.ts decides). */
async function loadDemoDataIfNew(
  config: Config,
  db: Parameters<typeof loadDemoData>[0],
  dialect: 'sqlite' | 'postgres',
  isNew: boolean,
  storage: Parameters<typeof loadDemoData>[1],
  log: (message: string) => void,
): Promise<void> {
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
    await loadDemoQuiz(db);
    log('demo data loaded');
  } else if (isNew && config.demo === undefined && !isLoopbackHost(config.host)) {
    log(`no demo data: the server listens beyond loopback (${config.host})`);
  }
}

/**
 * WEB_CONCURRENCY > 1: this process migrates the database and loads the
 * demo data once, then runs that many workers (node:cluster), which share
 * PORT. A worker that dies is replaced (at most one a second); SIGTERM or
 * SIGINT is passed on, and the primary exits when the workers have.
 */
async function runPrimary(config: Config): Promise<void> {
  const { db, dialect, isNew } = openDatabase({
    url: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    statementCache: config.statementCache,
  });
  await migrateToLatest(db);
  const storage = await createStorage(config);
  await loadDemoDataIfNew(config, db, dialect, isNew, storage, (message) => console.info(message));
  await db.destroy();
  storage.close?.();

  let stopping = false;
  let lastFork = 0;
  const fork = () => {
    lastFork = Date.now();
    cluster.fork();
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, Math.max(0, lastFork + 1000 - Date.now()));
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < config.webConcurrency; i += 1) fork();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
