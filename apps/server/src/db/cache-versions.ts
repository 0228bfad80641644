import type SQLite from 'better-sqlite3';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { dialectOf } from './dialect-of.ts';

/**
 * A version number per table, raised by the database itself whenever a
 * transaction that wrote the table commits (but for an update of a column
 * kept apart alone: retrackTableVersion): triggers, so a write from any
 * process (another server, the admin CLI, a hand-typed statement) raises it,
 * and a reader that starts after the commit sees the new number. The read
 * cache (lib/read-cache.ts) keeps an answer under the versions of the tables
 * it read. See docs/decisions.md, "Caches across processes".
 *
 * SQLite: a trigger per table and kind of change bumps the row inside the
 * writing transaction (SQLite has one writer at a time, so nothing waits).
 *
 * PostgreSQL: a statement trigger appends the table's name to
 * `cache_version_log` once per transaction, and a table's version is its
 * row in `cache_versions` plus its lines in the log. Appending takes no lock
 * another writer waits for: raising one counter row at commit (the first
 * form, migration 0013) held that row's lock through the commit's WAL flush,
 * so a class's 35 quiz submits committed one after another (bench/README.md,
 * "A class taking a quiz"). The lines become part of the counter now and then
 * (compactVersionLog), in one statement, so no reader sees a sum change.
 */
export const CACHE_VERSIONS_TABLE = 'cache_versions';

/** A table's, a column's or a scope kind's name, checked before it is spliced into SQL. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Creates the versions table and, on PostgreSQL, the trigger functions (once). */
export async function installCacheVersions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable(CACHE_VERSIONS_TABLE)
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialectOf(db) === 'sqlite') return;
  await installCommitTriggers(db);
}

/**
 * PostgreSQL, migration 0013's form: the statement trigger notes the table,
 * and a deferred trigger raises the noted tables' counters at commit, in
 * name order (the first install, and what uninstallVersionLog goes back to).
 */
async function installCommitTriggers(db: Kysely<unknown>): Promise<void> {
  // One row per writing transaction, never visible to another: its deferred trigger runs at commit.
  await sql`create table cache_version_commits (txid bigint primary key)`.execute(db);
  await sql`
    create or replace function cache_version_note() returns trigger language plpgsql as $$
    declare
      noted text := coalesce(current_setting('urok.cache_written', true), '');
    begin
      if noted = '' then
        perform set_config('urok.cache_written', TG_TABLE_NAME, true);
        insert into cache_version_commits (txid) values (txid_current()) on conflict do nothing;
      elsif position(',' || TG_TABLE_NAME || ',' in ',' || noted || ',') = 0 then
        perform set_config('urok.cache_written', noted || ',' || TG_TABLE_NAME, true);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function cache_version_commit() returns trigger language plpgsql as $$
    declare
      written text;
    begin
      for written in
        select distinct name from unnest(string_to_array(
          coalesce(current_setting('urok.cache_written', true), ''), ',')) as name
        where name <> '' order by name
      loop
        update cache_versions set version = version + 1 where name = written;
      end loop;
      perform set_config('urok.cache_written', '', true);
      delete from cache_version_commits where txid = new.txid;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger cache_version_commit after insert on cache_version_commits
    deferrable initially deferred for each row execute function cache_version_commit()`.execute(db);
}

/** Gives `table` its version row and triggers: every migration that creates a table calls this. */
export async function trackTableVersion(db: Kysely<unknown>, table: string): Promise<void> {
  if (!IDENTIFIER.test(table)) throw new Error(`not a table name: ${table}`);
  await sql`insert into cache_versions (name, version) values (${table}, 0)`.execute(db);
  await createTableVersionTriggers(db, table);
}

/**
 * Makes `table`'s version triggers again (its version row stays: a version never goes back),
 * leaving out an update of `apart` alone when given: that column's changes raise only the
 * scopes its row triggers name (trackRowScopes' ApartColumn), not the table's version. A
 * course's count of students changes with every enrolment; as part of the courses table it
 * dropped the catalog and every search each time (migration 0028). SQLite compares every other
 * column in its update trigger, PostgreSQL names them in `update of`: a migration that adds a
 * column to such a table tracks it again (the read cache's structural test checks both).
 */
export async function retrackTableVersion(
  db: Kysely<unknown>,
  table: string,
  apart?: string,
): Promise<void> {
  for (const name of [table, ...(apart === undefined ? [] : [apart])]) {
    if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${name}`);
  }
  await dropTableVersionTriggers(db, table);
  await createTableVersionTriggers(db, table, apart);
}

/** Drops what trackTableVersion made (a migration's down). */
export async function untrackTableVersion(db: Kysely<unknown>, table: string): Promise<void> {
  await dropTableVersionTriggers(db, table);
  await sql`delete from cache_versions where name = ${table}`.execute(db);
}

/**
 * The triggers raising `table`'s version: on SQLite one a kind of change, raising the counter;
 * on PostgreSQL a statement trigger noting the table (cache_version_note), with updates apart
 * when `apart` is given.
 */
async function createTableVersionTriggers(
  db: Kysely<unknown>,
  table: string,
  apart?: string,
): Promise<void> {
  const others = apart === undefined ? [] : await otherColumns(db, table, apart);
  if (dialectOf(db) === 'sqlite') {
    const bump = `update cache_versions set version = version + 1 where name = '${table}';`;
    for (const change of ['insert', 'update', 'delete']) {
      const when =
        change === 'update' && others.length > 0
          ? ` when ${others.map((c) => `old.${c} is not new.${c}`).join(' or ')}`
          : '';
      await sql
        .raw(
          `create trigger cache_version_${table}_${change} after ${change} on ${table}${when} ` +
            `begin ${bump} end`,
        )
        .execute(db);
    }
    return;
  }
  const note = 'for each statement execute function cache_version_note()';
  if (apart === undefined) {
    await sql
      .raw(
        `create trigger cache_version_${table} after insert or update or delete or truncate ` +
          `on ${table} ${note}`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger cache_version_${table} after insert or delete or truncate on ${table} ${note}`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger cache_version_${table}_update after update of ${others.join(', ')} ` +
        `on ${table} ${note}`,
    )
    .execute(db);
}

async function dropTableVersionTriggers(db: Kysely<unknown>, table: string): Promise<void> {
  const names =
    dialectOf(db) === 'sqlite'
      ? ['insert', 'update', 'delete'].map((change) => `cache_version_${table}_${change}`)
      : [`cache_version_${table} on ${table}`, `cache_version_${table}_update on ${table}`];
  for (const name of names) await sql.raw(`drop trigger if exists ${name}`).execute(db);
}

/** The columns of `table` as they are now, but `column`. */
async function otherColumns(db: Kysely<unknown>, table: string, column: string): Promise<string[]> {
  const { rows } =
    dialectOf(db) === 'sqlite'
      ? await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)
      : await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}
          order by ordinal_position`.execute(db);
  const others = rows.map((row) => row.name).filter((name) => name !== column);
  for (const name of others) {
    if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${name}`);
  }
  return others;
}

/**
 * PostgreSQL (migration 0022): the trigger appends a line to the log instead
 * of raising the counter at commit; the deferred trigger and its table go.
 */
export async function installVersionLog(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`create table cache_version_log (name text not null)`.execute(db);
  await sql`create index cache_version_log_name on cache_version_log (name)`.execute(db);
  await sql`
    create or replace function cache_version_note() returns trigger language plpgsql as $$
    declare
      noted text := coalesce(current_setting('urok.cache_written', true), '');
    begin
      if position(',' || TG_TABLE_NAME || ',' in ',' || noted || ',') = 0 then
        perform set_config('urok.cache_written', noted || ',' || TG_TABLE_NAME, true);
        insert into cache_version_log (name) values (TG_TABLE_NAME);
      end if;
      return null;
    end $$`.execute(db);
  // The migrations' own writes before this one are still noted for the old trigger at commit:
  // it runs now (raising their counters), and then it can go.
  await sql`set constraints cache_version_commit immediate`.execute(db);
  await sql`drop table cache_version_commits`.execute(db);
  await sql`drop function cache_version_commit`.execute(db);
  await sql`select set_config('urok.cache_written', '', true)`.execute(db);
}

/** What installVersionLog changed, back to migration 0013's form (a migration's down). */
export async function uninstallVersionLog(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  // Inside the migration's own transaction: the fold without compactVersionLog's transaction.
  await foldVersionLog(db);
  await sql`drop table cache_version_log`.execute(db);
  // Every table's trigger calls cache_version_note: it is replaced, not dropped.
  await installCommitTriggers(db);
}

/** An advisory lock's key: one compaction at a time, whichever process starts it. */
const COMPACTION_LOCK = 0x75726f6b; // 'urok'

/**
 * A fold that removed at least this many lines is followed by a VACUUM of the
 * log: every read counts the log's lines, and a bulk write's lines (a
 * million after the scale fixture's seed) left as dead rows made that count
 * a scan of 140 MB, 29 ms a read, where autovacuum is off (the test machines)
 * or has not come round yet.
 */
const VACUUM_AFTER_LINES = 10_000;

/**
 * Moves the log's lines into the counters (PostgreSQL): one statement, so a
 * reader sees either the lines or the counters they became. A compaction
 * already running elsewhere makes this one a no-op. After a large fold the
 * log's dead rows are vacuumed away (VACUUM_AFTER_LINES).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function compactVersionLog(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  const folded = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${COMPACTION_LOCK}) as locked`.execute(trx);
    if (!rows[0]?.locked) return 0;
    return foldVersionLog(trx);
  });
  // Outside any transaction, as VACUUM must be; it neither blocks nor waits for reads and writes.
  if (folded >= VACUUM_AFTER_LINES) await sql`vacuum cache_version_log`.execute(db);
}

/** The fold itself, one statement: the log's lines deleted and added to their counters. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
async function foldVersionLog(db: Kysely<any>): Promise<number> {
  // An upsert: a scope's first lines (a course's, a person's) make its counter row. A WITH's
  // insert runs whether or not the query reads it; the query counts the lines folded.
  const { rows } = await sql<{ lines: number | string }>`
    with gone as (delete from cache_version_log returning name),
      counts as (select name, count(*) as n from gone group by name),
      raised as (
        insert into cache_versions (name, version) select name, n from counts
        on conflict (name) do update set version = cache_versions.version + excluded.version
      )
    select coalesce(sum(n), 0) as lines from counts`.execute(db);
  return Number(rows[0]?.lines ?? 0);
}

/** Every table's and scope's version now, and (PostgreSQL) how many log lines wait for compaction. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function readVersions(db: Kysely<any>): Promise<{
  versions: Map<string, number>;
  logLines: number;
}> {
  if (dialectOf(db) === 'sqlite') {
    const rows = (await db
      .selectFrom(CACHE_VERSIONS_TABLE)
      .select(['name', 'version'])
      .execute()) as { name: string; version: number | string }[];
    return { versions: new Map(rows.map((row) => [row.name, Number(row.version)])), logLines: 0 };
  }
  // A scope's first lines are in the log before its counter row exists.
  const { rows } = await sql<{ name: string; version: string; lines: string }>`
    select name, sum(version) as version, sum(lines) as lines from (
      select name, version, 0 as lines from cache_versions
      union all select name, 0, 1 from cache_version_log) as both_parts
    group by name`.execute(db);
  let logLines = 0;
  const versions = new Map<string, number>();
  for (const row of rows) {
    const lines = Number(row.lines);
    logLines += lines;
    versions.set(row.name, Number(row.version) + lines);
  }
  return { versions, logLines };
}

/**
 * The versions of `names` now (tables and scopes; a scope no write has
 * raised is at 0), and (PostgreSQL) how many log lines wait for compaction.
 * One statement: every name is read in one snapshot.
 */
export async function readVersionsOf(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
  db: Kysely<any>,
  names: readonly string[],
): Promise<{ versions: Map<string, number>; logLines: number }> {
  const versions = new Map<string, number>();
  for (const name of names) versions.set(name, 0);
  if (names.length === 0) return { versions, logLines: 0 };
  const query = versionsQuery(db);
  const sqlite = dialectOf(db) === 'sqlite';
  const { rows } = await db.executeQuery<{
    name: string;
    version: number | string;
    total: number | string;
  }>({ ...query, parameters: sqlite ? [JSON.stringify(names)] : [names, names] });
  let logLines = 0;
  for (const row of rows) {
    if (row.name === '') logLines = Number(row.total);
    else versions.set(row.name, versions.get(row.name)! + Number(row.version));
  }
  return { versions, logLines };
}

/**
 * The versions read runs before every use of a kept answer: its SQL is
 * compiled once per database handle and run with the names as one parameter
 * (a JSON array on SQLite, a text array on PostgreSQL), not built by Kysely
 * on every request (bench/cache-versions-cost.mjs measures it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
const compiledVersionsQueries = new WeakMap<Kysely<any>, CompiledQuery>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
function versionsQuery(db: Kysely<any>): CompiledQuery {
  let query = compiledVersionsQueries.get(db);
  if (query === undefined) {
    query =
      dialectOf(db) === 'sqlite'
        ? sql`select name, version, 0 as total from cache_versions
            where name in (select value from json_each(${''}))`.compile(db)
        : // Counters, the names' log lines and the log's length (an empty name): three index or
          // small scans in one round trip, summed by the caller.
          sql`select name, version, 0 as total from cache_versions where name = any(${[] as string[]}::text[])
            union all select name, count(*), 0 from cache_version_log
              where name = any(${[] as string[]}::text[]) group by name
            union all select '', 0, count(*) from cache_version_log`.compile(db);
    compiledVersionsQueries.set(db, query);
  }
  return query;
}

/**
 * On SQLite, a mark of every commit that could have changed a version since
 * it was taken: this connection's changed rows (`total_changes()`, the
 * triggers' own included) and `data_version`, which moves when any other
 * connection — another process, the admin CLI — commits. Two equal marks
 * mean no commit came between, so versions read after the first are still
 * the versions at the second, with no read of their rows (the read cache's
 * check, lib/read-cache.ts). Undefined inside a transaction, whose snapshot
 * may predate another connection's commit. Set by openDatabase; PostgreSQL
 * has none.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
const changeMarks = new WeakMap<Kysely<any>, () => string | undefined>();

/** The SQLite connection behind `db` gives its change marks (changeMarkOf). */
export function markChanges(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
  db: Kysely<any>,
  connection: SQLite.Database,
): void {
  const statement = connection
    .prepare('select total_changes(), data_version from pragma_data_version()')
    .raw(true);
  changeMarks.set(db, () => {
    if (connection.inTransaction) return undefined;
    const [changes, version] = statement.get() as [number, number];
    return `${changes}.${version}`;
  });
}

/** `db`'s change mark now (markChanges), or undefined: none kept, or inside a transaction. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function changeMarkOf(db: Kysely<any>): (() => string | undefined) | undefined {
  return changeMarks.get(db);
}

/** Every table's version now. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function readCacheVersions(db: Kysely<any>): Promise<Map<string, number>> {
  return (await readVersions(db)).versions;
}

/**
 * The scopes a version can be kept for besides a table: one course's own rows
 * (the course, its outline), its roster (enrolments, the count of students),
 * its students' work in it (submissions, quiz attempts), the courses one
 * teacher wrote; and for one person, each kind of their rows apart: their
 * account, their sessions, their enrolments, their lessons done, and in one
 * course their enrolment and their work (submissions, grades, attempts).
 * The work and the roster are apart from the course so that a submission, a
 * grade or an enrolment leaves every student's lessons and outline of the
 * course kept; a person's rows are apart by kind and by course (migration
 * 0028) so that an upload, a grade or an enrolment in one course leaves
 * their answers of every other course, and their session, kept.
 */
export type ScopeKind =
  | 'course'
  | 'work'
  | 'user'
  | 'author'
  | 'roster'
  | 'sessions'
  | 'enrolments'
  | 'progress'
  | 'member'
  | 'submitted';

/** A course's scope: raised by every write to a row that belongs to the course. */
export const courseScope = (id: string): string => `course:${id}`;
/**
 * A person's account: raised by every write to their `users` row (name, role, block). Until
 * migration 0028 also by every other row of theirs.
 */
export const userScope = (id: string): string => `user:${id}`;
/** A person's sessions: raised by a sign-in, a sign-out, an extension (migration 0028). */
export const sessionsScope = (id: string): string => `sessions:${id}`;
/** Which courses a person is in: raised by their enrolling and leaving (migration 0028). */
export const enrolmentsScope = (id: string): string => `enrolments:${id}`;
/** A person's lessons done: raised by each completion they mark or unmark (migration 0028). */
export const progressScope = (id: string): string => `progress:${id}`;
/** A person's enrolment in one course (migration 0028; a scope named by two columns). */
export const memberScope = (userId: string, courseId: string): string =>
  `member:${userId}:${courseId}`;
/**
 * A person's work in one course: their submissions, grades and quiz attempts there (migration
 * 0028; a scope named by two columns).
 */
export const submittedScope = (userId: string, courseId: string): string =>
  `submitted:${userId}:${courseId}`;
/** A course's work: raised by every submission, grade and quiz attempt in the course. */
export const workScope = (id: string): string => `work:${id}`;
/** A teacher's courses' scope: raised by every write to a course they wrote. */
export const authorScope = (id: string): string => `author:${id}`;
/**
 * A course's roster: raised by every enrolment in the course and by its count of students
 * (migration 0027). Apart from the course's own scope, so that a student enrolling leaves the
 * course's outline and lessons kept for everyone else.
 */
export const rosterScope = (id: string): string => `roster:${id}`;

/**
 * PostgreSQL: the row trigger's function. Its arguments are `kind:column`
 * pairs; for the new and the old row it appends each named scope to the
 * version log, once per transaction (the same noted list as the tables').
 * The noted list is searched for each row, so a transaction that writes many
 * scopes (a bulk import: the scale fixture's 500,000 enrolments) took time
 * in the square of their number: 2,000 new accounts in one transaction 115
 * ms, 8,000 527 ms, 16,000 1.6 s. Once the list holds 8 KB of names, a
 * scope is appended to the log without the search: a name may then have
 * several lines in one transaction, which raises its version by more than
 * one (a version only has to change). A pair's column may be two joined by
 * `+` (`member:user_id+course_id`): the scope is then named by both values,
 * `member:<user>:<course>`. Migration 0028 installs this form.
 */
export async function installScopeNote(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`
    create or replace function cache_scope_note() returns trigger language plpgsql as $$
    declare
      noted text := coalesce(current_setting('urok.cache_written', true), '');
      changed jsonb[] := array[]::jsonb[];
      one jsonb;
      spec text;
      columns text[];
      id text;
      scope text;
    begin
      if TG_OP <> 'DELETE' then changed := changed || to_jsonb(NEW); end if;
      if TG_OP <> 'INSERT' then changed := changed || to_jsonb(OLD); end if;
      foreach one in array changed loop
        foreach spec in array TG_ARGV loop
          columns := string_to_array(split_part(spec, ':', 2), '+');
          id := one ->> columns[1];
          -- A second column joins the name; a null in either leaves the row without the scope.
          for i in 2 .. array_length(columns, 1) loop
            id := id || ':' || (one ->> columns[i]);
          end loop;
          continue when id is null;
          scope := split_part(spec, ':', 1) || ':' || id;
          if length(noted) > 8192 then
            insert into cache_version_log (name) values (scope);
          elsif position(',' || scope || ',' in ',' || noted || ',') = 0 then
            noted := noted || ',' || scope;
            perform set_config('urok.cache_written', noted, true);
            insert into cache_version_log (name) values (scope);
          end if;
        end loop;
      end loop;
      return null;
    end $$`.execute(db);
}

/** Drops installScopeNote's function (a migration's down). */
export async function uninstallScopeNote(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`drop function cache_scope_note`.execute(db);
}

/**
 * Gives `table` the row triggers that raise its rows' scopes (`scopes`: kind →
 * the column naming it, or two joined by `+` for a scope named by both). The
 * triggers are the one record of which table carries which scopes: the read
 * cache's structural test reads them back.
 */
export async function trackRowScopes(
  db: Kysely<unknown>,
  table: string,
  scopes: Partial<Record<ScopeKind, string>>,
  apart?: ApartColumn,
): Promise<void> {
  const pairs = Object.entries(scopes);
  for (const name of [
    table,
    ...pairs.flatMap(([kind, columns]) => [kind, ...columns.split('+')]),
  ]) {
    if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${name}`);
  }
  if (apart !== undefined) {
    await trackWithApartColumn(db, table, pairs, apart);
    return;
  }
  if (dialectOf(db) === 'postgres') {
    await pgScopeTrigger(db, table, '', 'insert or update or delete', pairs);
    return;
  }
  for (const change of ['insert', 'update', 'delete'] as const) {
    await sqliteScopeTrigger(db, table, change, change, ROWS_OF[change], pairs);
  }
}

/**
 * A column whose changes raise scopes of their own instead of the row's: a count kept on the
 * row (a course's enrolled_count) changes with every enrolment, and what shows only the rest
 * of the row must not be thrown away each time.
 */
export interface ApartColumn {
  column: string;
  scopes: Partial<Record<ScopeKind, string>>;
}

/** `kind:column` pairs: the scopes a trigger raises, each by the column (or `a+b`) naming it. */
type ScopePair = [string, string];

/** The rows a SQLite trigger of each kind of change sees. */
const ROWS_OF = { insert: ['new'], update: ['new', 'old'], delete: ['old'] } as const;

/** PostgreSQL: the row trigger `cache_scope_<table><suffix>` noting `pairs` (when `when` holds). */
function pgScopeTrigger(
  db: Kysely<unknown>,
  table: string,
  suffix: string,
  on: string,
  pairs: ScopePair[],
  when = '',
) {
  const args = pairs.map(([kind, column]) => `'${kind}:${column}'`).join(', ');
  return sql
    .raw(
      `create trigger cache_scope_${table}${suffix} after ${on} on ${table} ` +
        `for each row ${when}execute function cache_scope_note(${args})`,
    )
    .execute(db);
}

/** SQLite: the trigger `cache_scope_<table>_<name>` raising `pairs` of `rows` (when `when` holds). */
function sqliteScopeTrigger(
  db: Kysely<unknown>,
  table: string,
  name: string,
  on: string,
  rows: readonly string[],
  pairs: ScopePair[],
  when = '',
) {
  const bumps = rows.flatMap((row) =>
    pairs.map(([kind, spec]) => {
      const columns = spec.split('+').map((column) => `${row}.${column}`);
      return (
        `insert into cache_versions (name, version) select '${kind}:' || ${columns.join(" || ':' || ")}, 1 ` +
        `where ${columns.map((column) => `${column} is not null`).join(' and ')} ` +
        `on conflict (name) do update set version = version + 1;`
      );
    }),
  );
  return sql
    .raw(
      `create trigger cache_scope_${table}_${name} after ${on} on ${table}${when} ` +
        `begin ${bumps.join(' ')} end`,
    )
    .execute(db);
}

/**
 * trackRowScopes with an apart column: an insert or a delete raises every scope; an update
 * raises the row's scopes when any other column changed, and the apart column's scopes when it
 * changed. SQLite compares the table's columns as they are now, one by one: a migration that
 * adds a column to such a table tracks it again (the read cache's structural test checks).
 */
async function trackWithApartColumn(
  db: Kysely<unknown>,
  table: string,
  pairs: ScopePair[],
  apart: ApartColumn,
): Promise<void> {
  const { column } = apart;
  const apartPairs = Object.entries(apart.scopes);
  for (const name of [column, ...apartPairs.flat()]) {
    if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${name}`);
  }
  const all = [...pairs, ...apartPairs];
  if (dialectOf(db) === 'postgres') {
    await pgScopeTrigger(db, table, '', 'insert or delete', all);
    const others = `(to_jsonb(old) - '${column}') is distinct from (to_jsonb(new) - '${column}')`;
    await pgScopeTrigger(db, table, '_update', 'update', pairs, `when (${others}) `);
    const changed = `old.${column} is distinct from new.${column}`;
    await pgScopeTrigger(db, table, '_apart', 'update', apartPairs, `when (${changed}) `);
    return;
  }
  const others = await otherColumns(db, table, column);
  await sqliteScopeTrigger(db, table, 'insert', 'insert', ROWS_OF.insert, all);
  await sqliteScopeTrigger(db, table, 'delete', 'delete', ROWS_OF.delete, all);
  const otherChanged = others.map((name) => `old.${name} is not new.${name}`).join(' or ');
  await sqliteScopeTrigger(
    db,
    table,
    'update',
    'update',
    ROWS_OF.update,
    pairs,
    ` when ${otherChanged}`,
  );
  await sqliteScopeTrigger(
    db,
    table,
    'apart',
    `update of ${column}`,
    ROWS_OF.update,
    apartPairs,
    ` when old.${column} is not new.${column}`,
  );
}

/** Drops what trackRowScopes made (a migration's down). */
export async function untrackRowScopes(db: Kysely<unknown>, table: string): Promise<void> {
  if (!IDENTIFIER.test(table)) throw new Error(`not a table name: ${table}`);
  if (dialectOf(db) === 'postgres') {
    for (const name of [table, `${table}_update`, `${table}_apart`]) {
      await sql.raw(`drop trigger if exists cache_scope_${name} on ${table}`).execute(db);
    }
    return;
  }
  for (const change of ['insert', 'update', 'delete', 'apart']) {
    await sql.raw(`drop trigger if exists cache_scope_${table}_${change}`).execute(db);
  }
}
