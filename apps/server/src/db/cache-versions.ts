import { sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect-of.ts';

/**
 * A version number per table, raised by the database itself whenever a
 * transaction that wrote the table commits: triggers, so a write from any
 * process (another server, the admin CLI, a hand-typed statement) raises it,
 * and a reader that starts after the commit sees the new number. The read
 * cache (lib/read-cache.ts) keeps an answer under the versions of the tables
 * it read. See docs/decisions.md, "Caches across processes".
 *
 * SQLite: a trigger per table and kind of change bumps the row inside the
 * writing transaction (SQLite has one writer at a time, so nothing waits).
 *
 * PostgreSQL: a statement trigger notes the table in a transaction-local
 * setting, and a deferred trigger bumps the noted tables' rows at commit, in
 * name order. Bumping at once would hold a version row's lock from the first
 * write to the commit and make two transactions that write the same tables
 * in a different order deadlock; at commit every other lock is already held,
 * and the rows are taken in one order.
 */
export const CACHE_VERSIONS_TABLE = 'cache_versions';

/** Creates the versions table and, on PostgreSQL, the trigger functions (once). */
export async function installCacheVersions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable(CACHE_VERSIONS_TABLE)
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialectOf(db) === 'sqlite') return;
  // One row per writing transaction, never visible to another: its deferred trigger runs at commit.
  await sql`create table cache_version_commits (txid bigint primary key)`.execute(db);
  await sql`
    create function cache_version_note() returns trigger language plpgsql as $$
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
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`not a table name: ${table}`);
  await sql`insert into cache_versions (name, version) values (${table}, 0)`.execute(db);
  if (dialectOf(db) === 'sqlite') {
    for (const change of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `create trigger cache_version_${table}_${change} after ${change} on ${table} ` +
            `begin update cache_versions set version = version + 1 where name = '${table}'; end`,
        )
        .execute(db);
    }
    return;
  }
  await sql
    .raw(
      `create trigger cache_version_${table} after insert or update or delete or truncate ` +
        `on ${table} for each statement execute function cache_version_note()`,
    )
    .execute(db);
}

/** Drops what trackTableVersion made (a migration's down). */
export async function untrackTableVersion(db: Kysely<unknown>, table: string): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const change of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists cache_version_${table}_${change}`).execute(db);
    }
  } else {
    await sql.raw(`drop trigger if exists cache_version_${table} on ${table}`).execute(db);
  }
  await sql`delete from cache_versions where name = ${table}`.execute(db);
}

/** Every table's version now. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function readCacheVersions(db: Kysely<any>): Promise<Map<string, number>> {
  const rows = (await db
    .selectFrom(CACHE_VERSIONS_TABLE)
    .select(['name', 'version'])
    .execute()) as { name: string; version: number | string }[];
  return new Map(rows.map((row) => [row.name, Number(row.version)]));
}
