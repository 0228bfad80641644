import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyServerOptions, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { postgresUrl } from './backends.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';
import type { AuthResponse, Language } from '@urok/contract';
import { buildApp, loggerOptions, type AppInstance } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/connection.ts';
import type { Db, Dialect } from '../src/db/database.ts';

/** A migrated, empty database of one test's own. */
export interface TestDatabase {
  db: Db;
  dialect: Dialect;
  dataDir: string;
  /** PostgreSQL: the schema of its own (the migrations' table is in it). */
  schema?: string;
  /** Another connection (pool) to the same database, as another process would hold; closed with it. */
  connectAgain(): Db;
  close(): Promise<void>;
}

export interface DatabaseTarget {
  name: Dialect;
  open(): Promise<TestDatabase>;
}

function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'urok-test-'));
}

const sqliteTarget: DatabaseTarget = {
  name: 'sqlite',
  async open() {
    const dataDir = makeDataDir();
    const sqlitePath = path.join(dataDir, 'urok.db');
    // Not durable against a power cut (connection.ts, `durable`): the suites' commits need not wait for the disk.
    const { db, dialect } = openDatabase({ sqlitePath, durable: false });
    await migrateToLatest(db);
    const others: Db[] = [];
    return {
      db,
      dialect,
      dataDir,
      connectAgain() {
        const other = openDatabase({ sqlitePath, durable: false }).db;
        others.push(other);
        return other;
      },
      async close() {
        for (const other of others) await other.destroy();
        await db.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

/** PostgreSQL: a fresh schema per database, dropped on close. */
function postgresTarget(url: string): DatabaseTarget {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'postgres',
    async open() {
      const schema = `test_${randomUUID().replaceAll('-', '')}`;
      await admin(`CREATE SCHEMA ${schema}`);
      const dataDir = makeDataDir();
      const connect = () =>
        openDatabase({ url, schema, sqlitePath: path.join(dataDir, 'unused.db'), durable: false })
          .db;
      const db = connect();
      await migrateToLatest(db, { schema });
      const others: Db[] = [];
      return {
        db,
        dialect: 'postgres',
        dataDir,
        schema,
        connectAgain() {
          const other = connect();
          others.push(other);
          return other;
        },
        async close() {
          for (const other of others) await other.destroy();
          await db.destroy();
          await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (required under
 * CI=true). Suites run describe.each over these. A suite whose behaviour does
 * not depend on the database is listed in HTTP_LAYER_SUITES (suites.ts) and
 * `npm test` runs it with TEST_ONE_BACKEND=1: on SQLite alone (backends.ts).
 */
export const databaseTargets: DatabaseTarget[] = [
  sqliteTarget,
  ...(postgresUrl ? [postgresTarget(postgresUrl)] : []),
];

/** The production defaults, minus throttling (tests that need it turn it on) and the web app. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    rateLimit: false,
    webDist: undefined,
    ...overrides,
  };
}

export interface TestApp {
  app: AppInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/**
 * TEST_STORAGE=s3: every test app stores its files in a fresh bucket of one
 * s3rver per test file (started on first use, on loopback), instead of on
 * disk — the API suite's run on object storage (scripts/test.mjs).
 */
export const testStorageKind: 'disk' | 's3' = process.env.TEST_STORAGE === 's3' ? 's3' : 'disk';

let sharedS3Server: Promise<S3TestServer> | undefined;
if (testStorageKind === 's3') {
  afterAll(async () => {
    await (await sharedS3Server)?.close();
  });
}

async function testStorageConfig(): Promise<Partial<Config>> {
  if (testStorageKind === 'disk') return {};
  sharedS3Server ??= startS3Server();
  return { storage: await (await sharedS3Server).createBucket() };
}

export async function createTestApp(
  target: DatabaseTarget,
  options: {
    config?: Partial<Config>;
    logger?: FastifyServerOptions['logger'];
    /** The app's clock (quiz deadlines); Date.now unless given. */
    now?: () => number;
  } = {},
): Promise<TestApp> {
  const database = await target.open();
  const config = testConfig(database.dataDir, {
    ...(await testStorageConfig()),
    ...options.config,
  });
  const app = await buildApp(
    { config, db: database.db, dialect: database.dialect, now: options.now },
    { logger: options.logger },
  );
  return {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A test app logging with the server's options at `level`; every line written lands in `lines`. */
export async function createLoggedTestApp(
  target: DatabaseTarget,
  level: Config['logLevel'],
): Promise<TestApp & { lines: string[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const options = loggerOptions(level);
  const t = await createTestApp(target, {
    logger: typeof options === 'object' ? { ...options, stream } : { level, stream },
  });
  return { ...t, lines };
}

/** One app for a describe block: built before its tests, closed after them. */
export function useTestApp(
  target: DatabaseTarget,
  options: Parameters<typeof createTestApp>[1] = {},
): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(target, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const get = () => {
    if (!current) throw new Error('the test app is not built yet');
    return current;
  };
  return {
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get config() {
      return get().config;
    },
    close: () => get().close(),
  };
}

let telephoneCounter = 0;

/** A telephone number no other test of this process has used: +38067NNNNNNN. */
export function uniqueTelephone(): string {
  telephoneCounter += 1;
  const suffix = String((process.pid * 1000 + telephoneCounter) % 10_000_000).padStart(7, '0');
  return `+38067${suffix}`;
}

export const PASSWORD = 'Secret2024';

export interface Account extends AuthResponse {
  telephone: string;
  password: string;
}

/** Registers through the API and returns the token, the user and the credentials. */
export async function registerAccount(
  app: AppInstance,
  overrides: Partial<{ username: string; email: string; telephone: string; password: string }> = {},
  remoteAddress = '127.0.0.1',
): Promise<Account> {
  const body = {
    username: 'Taras Bondar',
    email: 'taras@example.com',
    telephone: uniqueTelephone(),
    password: PASSWORD,
    ...overrides,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress,
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return {
    ...(response.json() as AuthResponse),
    telephone: body.telephone,
    password: body.password,
  };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Sets the account's language (PUT auth/updateUser, as /settings does). */
export async function chooseLanguage(
  app: AppInstance,
  account: Account,
  language: Language,
): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/auth/updateUser',
    payload: {
      username: account.user.username,
      telephone: account.user.telephone,
      email: account.user.email,
      bio: '',
      language,
    },
    headers: bearer(account.token),
  });
  if (response.statusCode !== 200)
    throw new Error(`choosing a language failed: ${response.statusCode} ${response.body}`);
}

/** `app.inject` as `account` (its bearer header beside the request's own), or anonymously for null. */
export function injectAs(app: AppInstance, account: Account | null, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: { ...(options.headers as object), ...(account ? bearer(account.token) : {}) },
  });
}

export function validApplication(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Oksana Petrenko',
    telephone: uniqueTelephone(),
    email: 'oksana@example.com',
    subject: 'Математика',
    experience: '8 років у школі',
    motivation: 'Хочу ділитися знаннями з ширшою аудиторією.',
    ...overrides,
  };
}
