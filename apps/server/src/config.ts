import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  COVER_MAX_BYTES,
  HOMEWORK_MAX_BYTES,
  NOTIFICATION_LIMITS,
  VIDEO_MAX_MB_DEFAULT,
} from '@urok/contract';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes' || v === 'on');

/**
 * Which hops in front of the server may say who the client is
 * (X-Forwarded-For, X-Forwarded-Proto): none, the nearest `n` (a hop count),
 * or those with these addresses (addresses, CIDR ranges, or proxy-addr's
 * names `loopback`, `linklocal`, `uniquelocal`). Never every hop: then any
 * client names its own address and walks past every per-address limit.
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, `address/prefix`, or a proxy-addr name: what Fastify's trustProxy accepts. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const MAX_PROXY_HOPS = 10;

/**
 * The widest range a proxy may sit in: /8 of either family. `0.0.0.0/0` or
 * `::/0` (or any range nearly that wide) trusts every hop, as `true` does.
 */
const MIN_PROXY_PREFIX = 8;

function isEveryHop(entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  return isIP(address) !== 0 && prefix !== undefined && Number(prefix) < MIN_PROXY_PREFIX;
}

const EVERY_HOP_MESSAGE =
  'trusts every hop, so any client could name its own address in X-Forwarded-For ' +
  'and pass every per-address limit; write the number of proxies in front of the server ' +
  '(1) or their addresses (e.g. 127.0.0.1 or 127.0.0.1,10.0.0.0/8)';

const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) {
    ctx.addIssue({ code: 'custom', message: `\`true\` ${EVERY_HOP_MESSAGE}` });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_PROXY_HOPS) return hops;
    ctx.addIssue({
      code: 'custom',
      message: `at most ${MAX_PROXY_HOPS} proxies; write their addresses instead`,
    });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message:
        `not an address or CIDR range: ${wrong.map((entry) => `"${entry}"`).join(', ')} ` +
        '(write a number of proxies, e.g. 1, or addresses such as 127.0.0.1,10.0.0.0/8; false for none)',
    });
    return z.NEVER;
  }
  const everyHop = entries.filter(isEveryHop);
  if (everyHop.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `${everyHop.map((entry) => `"${entry}"`).join(', ')} ${EVERY_HOP_MESSAGE}`,
    });
    return z.NEVER;
  }
  return entries;
});

/** Every configuration variable, parsed once at start-up (README lists them). */
/** The school's time zone when TZ is not set. */
export const SCHOOL_TIME_ZONE_DEFAULT = 'Europe/Kyiv';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Server processes on this machine (node:cluster), all on PORT; 1 is a single process. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // Loopback: a school opens the server to its network deliberately (HOST=0.0.0.0), which also keeps
  // the demo accounts out of a new database (db/demo-data.ts).
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  TEACHER_AUTO_APPROVE: bool.default(false),
  UROK_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('urok:rate:'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  RATE_LIMIT: bool.default(true),
  // ---- mail: notifications by e-mail (DESIGN section 10); nothing is mailed without SMTP_URL ----
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /** How often each process looks for queued mail that is due (ms). */
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  /** The wait before the first retry of a refused mail; it doubles with each attempt (ms). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** How often the due-soon reminders are looked for (minutes). */
  REMINDER_SWEEP_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** Read notifications older than this are deleted (days; by the hourly retention job). */
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(180),
  /** Sent (or given up) mail older than this leaves the queue's table (days). */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(30),
  // ---- end of mail section ----
  // ---- live notification streams (features/notifications/notification-streams.ts) ----
  /** Open streams per account; one more closes the account's oldest (docs/decisions.md). */
  STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(5),
  /** Open streams per client address (an IPv6 /64); one more is refused (429). */
  STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Open streams per server process; one more is refused (429). Keep it under `ulimit -n`. */
  STREAMS_PER_PROCESS: z.coerce.number().int().min(1).max(100_000).default(500),
  // ---- end of streams section ----
  WEB_DIST: z.string().optional(),
  STATEMENT_CACHE: bool.default(true),
  READ_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  // ---- storage: where uploaded files live ----
  STORAGE_URL: z
    .string()
    .regex(
      /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[^\s]*)?$/,
      'must be s3://bucket or s3://bucket/prefix (leave it unset for the local disk)',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as eu-central-1')
    .optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  // ---- end of storage section ----
  FILE_SWEEP_GRACE_MINUTES: z.coerce.number().int().min(0).max(10080).default(60),
  // ---- accounts: sessions and sign-in ----
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  LOGIN_FAILURE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // ---- end of accounts section ----
  // ---- uploads: homework quotas (what one account, and all submissions to one course, may keep) ----
  QUOTA_USER_MB: z.coerce.number().int().min(1).max(1_000_000).default(500),
  QUOTA_USER_FILES: z.coerce.number().int().min(1).max(1_000_000).default(500),
  QUOTA_COURSE_MB: z.coerce.number().int().min(1).max(10_000_000).default(5000),
  QUOTA_COURSE_FILES: z.coerce.number().int().min(1).max(10_000_000).default(5000),
  // lesson files: what one author keeps in attachments and videos over all their courses
  QUOTA_AUTHOR_MB: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
  QUOTA_AUTHOR_FILES: z.coerce.number().int().min(1).max(10_000_000).default(5000),
  // ---- end of uploads section ----
  // Course content: the largest lesson video upload, in megabytes.
  VIDEO_MAX_MB: z.coerce.number().int().min(1).max(102_400).default(VIDEO_MAX_MB_DEFAULT),
  // The school's time zone (IANA name): the operator's pages show every time in it. Node reads
  // the same TZ for the process; unset or empty means Europe/Kyiv, never UTC by accident.
  TZ: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const zone = raw?.trim().replace(/^:/, '') || SCHOOL_TIME_ZONE_DEFAULT;
      try {
        // Kept as written: ICU may name Europe/Kyiv by its old spelling, Europe/Kiev.
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return zone;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `TZ must be a time zone name such as Europe/Kyiv (got "${zone}")`,
        });
        return z.NEVER;
      }
    }),
});

/** How much homework may be stored: per account across its courses, and per course across its students. */
export interface UploadQuota {
  userBytes: number;
  userFiles: number;
  courseBytes: number;
  courseFiles: number;
}

/** How much an author may keep in lesson attachments and videos, over all their courses. */
export interface AuthorQuota {
  bytes: number;
  files: number;
}

const MB = 1024 * 1024;

/**
 * Where uploaded files live: the local disk (`uploadsDir`), or an
 * S3-compatible bucket, its keys under `prefix` (empty, or ending in `/`).
 */
export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      prefix: string;
      /** undefined: AWS S3 itself. */
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
    };

function storageConfig(e: z.infer<typeof envSchema>, env: NodeJS.ProcessEnv): StorageConfig {
  if (!e.STORAGE_URL) return { kind: 'disk' };
  const [bucket = '', ...rest] = e.STORAGE_URL.slice('s3://'.length).split('/');
  const prefix = rest.filter((part) => part !== '').join('/');
  return {
    kind: 's3',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: e.S3_ENDPOINT,
    // The SDK's own variable as a fallback; us-east-1 is what MinIO and Ceph answer to by default.
    region: e.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
    // Stores other than AWS (MinIO, Ceph) mostly need path-style addressing; AWS prefers virtual hosts.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
  };
}

export interface Config {
  port: number;
  /** How many server processes `npm start` runs on this machine (node:cluster). */
  webConcurrency: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sqlitePath: string;
  /** The local-disk storage's root ($DATA_DIR/uploads); unused when `storage` is an object store. */
  uploadsDir: string;
  /** STORAGE_URL and the S3_* settings (storage/create-storage.ts). */
  storage: StorageConfig;
  /** Upload limits; the contract's constants, which the web app and its messages share. */
  homeworkMaxBytes: number;
  coverMaxBytes: number;
  teacherAutoApprove: boolean;
  /** undefined: load demo data only into a new embedded database. */
  demo: boolean | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: TrustProxy;
  redisUrl: string | undefined;
  /** Prefix of every limiter key in Redis, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** Where users reach the web app, without a trailing slash: the base of reset links. */
  publicUrl: string;
  rateLimit: boolean;
  /** Notification mail (features/notifications/mail-queue.ts); undefined when SMTP_URL is unset. */
  mail: MailConfig | undefined;
  /** How often the due-soon reminders are looked for (features/assignments, sendDueSoonReminders). */
  reminderSweepMs: number;
  /** Retention of notifications and their mail, in days (features/notifications: deleteOldNotifications). */
  retention: { readNotificationDays: number; mailDays: number };
  /** Limits of the live notification streams (features/notifications/notification-streams.ts). */
  streams: StreamLimits;
  /** How often a live stream sends a keep-alive and checks its session and slot (ms; tests shorten it). */
  streamKeepAliveMs: number;
  /** The built web app; undefined when it is not served (tests of the API alone). */
  webDist: string | undefined;
  /** Reuse prepared statements, SQLite's and PostgreSQL's (on by default; off only to measure what it buys). */
  statementCache: boolean;
  /** Memory for cached hot reads (lib/read-cache.ts), in bytes; 0 turns the cache off. */
  readCacheBytes: number;
  /**
   * How long a stored file without a row, or an unfinished write, is left
   * alone before a sweep removes it: another server process on the same
   * uploads may be between an upload's file and its row. 0 for one process
   * (its start-up sweep runs before it serves; main.ts).
   */
  fileSweepGraceMs: number;
  /** A session unused this long ends (sliding: each day of use pushes it out again). */
  sessionIdleMs: number;
  /** A session ends this long after sign-in however often it is used (docs/decisions.md, session lifetime). */
  sessionMaxMs: number;
  /**
   * The wait before the answer to the fourth failed sign-in of one telephone
   * from one address; it doubles with each further failure, up to eight times
   * this (features/auth/sign-in-throttle.ts). 0: no waits (the 429 limit stays).
   */
  loginFailureDelayMs: number;
  // ---- uploads ----
  /** Homework quotas (QUOTA_USER_MB, QUOTA_USER_FILES, QUOTA_COURSE_MB, QUOTA_COURSE_FILES). */
  quota: UploadQuota;
  /** Lesson files (attachments and videos) per author (QUOTA_AUTHOR_MB, QUOTA_AUTHOR_FILES). */
  authorQuota: AuthorQuota;
  // ---- end of uploads section ----
  /** The largest lesson video (VIDEO_MAX_MB), in bytes; checked while the upload streams. */
  videoMaxBytes: number;
  /** The school's time zone (TZ, default Europe/Kyiv): the operator's pages show times in it. */
  timeZone: string;
}

export interface StreamLimits {
  perAccount: number;
  perAddress: number;
  perProcess: number;
}

export interface MailConfig {
  /** smtp://user:pass@host:port (nodemailer's connection URL; query options such as ?ignoreTLS=true too). */
  smtpUrl: string;
  /** The From header. */
  from: string;
  pollMs: number;
  retryBaseMs: number;
}

export class ConfigError extends Error {}

const DAY_MS = 24 * 60 * 60 * 1000;

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((key) =>
      env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]],
    ),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.SESSION_IDLE_DAYS > e.SESSION_MAX_DAYS) {
    throw new ConfigError(
      `Invalid configuration:\n  SESSION_IDLE_DAYS: must not exceed SESSION_MAX_DAYS (${e.SESSION_MAX_DAYS})`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    webConcurrency: e.WEB_CONCURRENCY,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sqlitePath: path.join(dataDir, 'urok.db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    storage: storageConfig(e, env),
    homeworkMaxBytes: HOMEWORK_MAX_BYTES,
    coverMaxBytes: COVER_MAX_BYTES,
    teacherAutoApprove: e.TEACHER_AUTO_APPROVE,
    demo: e.UROK_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    rateLimit: e.RATE_LIMIT,
    mail: e.SMTP_URL
      ? {
          smtpUrl: e.SMTP_URL,
          from:
            e.MAIL_FROM ??
            // The sender's default name: the operator's setting (MAIL_FROM), one for every mail.
            // eslint-disable-next-line no-restricted-syntax -- configuration, not a message
            `"Урок" <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
          pollMs: e.MAIL_POLL_MS,
          retryBaseMs: e.MAIL_RETRY_BASE_MS,
        }
      : undefined,
    reminderSweepMs: e.REMINDER_SWEEP_MINUTES * 60 * 1000,
    retention: {
      readNotificationDays: e.NOTIFICATION_RETENTION_DAYS,
      mailDays: e.MAIL_RETENTION_DAYS,
    },
    streams: {
      perAccount: e.STREAMS_PER_ACCOUNT,
      perAddress: e.STREAMS_PER_ADDRESS,
      perProcess: e.STREAMS_PER_PROCESS,
    },
    streamKeepAliveMs: NOTIFICATION_LIMITS.keepAliveMs,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    statementCache: e.STATEMENT_CACHE,
    readCacheBytes: e.READ_CACHE_MB * 1024 * 1024,
    fileSweepGraceMs: e.FILE_SWEEP_GRACE_MINUTES * 60 * 1000,
    sessionIdleMs: e.SESSION_IDLE_DAYS * DAY_MS,
    sessionMaxMs: e.SESSION_MAX_DAYS * DAY_MS,
    loginFailureDelayMs: e.LOGIN_FAILURE_DELAY_MS,
    // ---- uploads ----
    quota: {
      userBytes: e.QUOTA_USER_MB * MB,
      userFiles: e.QUOTA_USER_FILES,
      courseBytes: e.QUOTA_COURSE_MB * MB,
      courseFiles: e.QUOTA_COURSE_FILES,
    },
    authorQuota: { bytes: e.QUOTA_AUTHOR_MB * MB, files: e.QUOTA_AUTHOR_FILES },
    // ---- end of uploads section ----
    videoMaxBytes: e.VIDEO_MAX_MB * 1024 * 1024,
    timeZone: e.TZ,
  };
}
