import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  SqliteDialect,
  type DatabaseIntrospector,
  type SqliteDatabase,
} from 'kysely';
import type PG from 'pg';
import type { Database, Db, Dialect } from './database.ts';
import { migrations } from './migrations/index.ts';
import { cacheStatements } from './statement-cache.ts';
import { foldSearchText } from '../lib/search-text.ts';
import { noteQuery } from './query-tables.ts';
import { markChanges } from './cache-versions.ts';
import { noteCommits, WalSync, type CommitsOnDisk, type FsyncFile } from './wal-sync.ts';

/** A SQL function of every SQLite connection: foldSearchText (lib/search-text.ts) of its argument. */
export const SQLITE_FOLD_FUNCTION = 'urok_fold';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** True when this call created the SQLite file (the demo data goes only into a new one). */
  isNew: boolean;
  /** The underlying better-sqlite3 connection (SQLite only): online backups and integrity checks. */
  sqlite?: SQLite.Database;
  /** With `syncOffTheLoop`: when the commits so far are on disk (the server's replies wait). */
  commitsOnDisk?: CommitsOnDisk;
}

export interface DatabaseOptions {
  /** A postgres:// URL; unset means SQLite at sqlitePath. */
  url?: string | undefined;
  sqlitePath: string;
  /** PostgreSQL schema to use (tests run each in a schema of its own). */
  schema?: string;
  /**
   * Reuse SQLite's prepared statements in process (statement-cache.ts; default true,
   * STATEMENT_CACHE=off for a before/after benchmark). PostgreSQL's statements go unnamed
   * (docs/decisions.md, "Caches across processes").
   */
  statementCache?: boolean;
  /**
   * Whether a commit waits until it is on disk (default true: SQLite
   * `synchronous = FULL`, PostgreSQL's own default). The API tests pass false
   * (SQLite `NORMAL`, PostgreSQL `synchronous_commit = off`): a commit is
   * still atomic and survives the process's crash, only not the machine's
   * power cut, which no test makes — and thousands of commits of suites
   * running side by side no longer queue on the disk's flushes.
   */
  durable?: boolean;
  /**
   * SQLite, durable: the log is synced after each commit on the threadpool
   * instead of inside the commit on the event loop (db/wal-sync.ts), and
   * `commitsOnDisk` tells when. Only for a server that waits for it before
   * replying (main.ts); `{ fsync }` replaces the sync itself (tests).
   */
  syncOffTheLoop?: boolean | { fsync: FsyncFile };
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url) {
    // Loaded only here: a server on SQLite starts without the PostgreSQL driver.
    const pg = createRequire(import.meta.url)('pg') as typeof PG;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      ...(options.schema || options.durable === false
        ? {
            options: [
              options.schema ? `-c search_path=${options.schema}` : '',
              options.durable === false ? '-c synchronous_commit=off' : '',
            ].join(' '),
          }
        : {}),
    });
    const db = new Kysely<Database>({
      dialect: new RetryingIntrospectionDialect({ pool }),
      log: noteQuery,
    });
    return { db, dialect: 'postgres', isNew: false };
  }
  const isNew = options.sqlitePath === ':memory:' || !fs.existsSync(options.sqlitePath);
  if (options.sqlitePath !== ':memory:')
    fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut, not only a crash. Synced off the loop,
  // the commit itself need not wait for the disk: WalSync's fsync follows it.
  const walSync =
    options.durable !== false && options.syncOffTheLoop && options.sqlitePath !== ':memory:'
      ? new WalSync(
          `${options.sqlitePath}-wal`,
          typeof options.syncOffTheLoop === 'object' ? options.syncOffTheLoop.fsync : undefined,
        )
      : undefined;
  sqlite.pragma(
    options.durable === false || walSync ? 'synchronous = NORMAL' : 'synchronous = FULL',
  );
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  refreshPlannerStatistics(sqlite);
  // SQLite's lower() folds only ASCII: searches of people's names (the operator's console) fold in JavaScript.
  sqlite.function(SQLITE_FOLD_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? foldSearchText(value) : value,
  );
  const statements = options.statementCache === false ? sqlite : cacheStatements(sqlite);
  const database = beginImmediate(
    walSync ? noteCommits(statements, () => sqlite.inTransaction, walSync) : statements,
  );
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log: noteQuery });
  markChanges(db, sqlite);
  if (walSync === undefined) return { db, dialect: 'sqlite', isNew, sqlite };
  return { db, dialect: 'sqlite', isNew, sqlite, commitsOnDisk: walSync };
}

/**
 * Kysely's migrator asks its introspector whether its own tables exist, and
 * PostgreSQL's introspector reads every schema's tables, resolving each by
 * name (`pg_get_serial_sequence`, `has_schema_privilege`) after the catalog
 * scan took its snapshot: a schema dropped meanwhile by another process (the
 * test suites drop theirs side by side) fails the scan with "relation … does
 * not exist" or "schema … does not exist", and a column dropped meanwhile (a
 * migration of another schema) with "column … of relation … does not exist".
 * The scan is read-only, so it is simply read again.
 */
const CATALOG_RACES = new Set([
  '42P01', // undefined_table
  '3F000', // invalid_schema_name
  '42703', // undefined_column
]);
class RetryingIntrospectionDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    const introspector = new PostgresIntrospector(db);
    const getTables = introspector.getTables.bind(introspector);
    introspector.getTables = async (options) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await getTables(options);
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (attempt >= 10 || typeof code !== 'string' || !CATALOG_RACES.has(code)) throw error;
        }
      }
    };
    return introspector;
  }
}

/**
 * Kysely begins SQLite transactions with a plain (deferred) `begin`. With
 * several processes on one file (WEB_CONCURRENCY, the admin CLI), a deferred
 * transaction that has read and then writes while another process holds the
 * write lock fails at once with SQLITE_BUSY: its snapshot is stale, and
 * busy_timeout cannot help. `begin immediate` takes the write lock first,
 * waiting up to busy_timeout for it, so transactions queue instead of failing.
 */
function beginImmediate(database: SqliteDatabase): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (sql: string) => database.prepare(sql === 'begin' ? 'begin immediate' : sql),
  };
}

/**
 * SQLite's advice for a long-lived connection: `PRAGMA optimize` when it
 * opens and then now and again (main.ts: hourly). It re-analyzes the tables
 * whose statistics have gone stale, within a bounded number of rows each, so
 * the planner never keeps choosing a scan it picked for a table that was
 * small when last analyzed.
 */
export function refreshPlannerStatistics(sqlite: SQLite.Database): void {
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize = 0x10002');
}

/**
 * `schema`: the PostgreSQL schema that holds Kysely's own migration tables.
 * Tests pass theirs: unqualified, Kysely would find another test schema's
 * tables and skip creating its own.
 */
export async function migrateToLatest(db: Db, options: { schema?: string } = {}): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Whether the database answers a query (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * SQLite's `pragma optimize`: fresh statistics for the query planner as the
 * tables grow (see refreshPlannerStatistics). Through Kysely, so it waits its
 * turn on the one connection instead of landing inside a transaction.
 */
export async function optimizeSqlite(db: Db): Promise<void> {
  await sql`pragma optimize`.execute(db);
}
