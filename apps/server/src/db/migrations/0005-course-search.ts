import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';

/**
 * An index for `?q=` (search_text LIKE '%word%'), which a B-tree cannot serve.
 * SQLite: an FTS5 trigram table kept in step by triggers; the catalog query
 * narrows by it for words of 3+ characters. PostgreSQL: a pg_trgm GIN index
 * on courses.search_text, which LIKE uses directly — only when the extension
 * is installed or can be (otherwise search stays a scan, as before).
 * Frozen once landed: add a new migration instead of editing this one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql`create virtual table course_search using fts5(course_id unindexed, search_text, tokenize = 'trigram')`.execute(
      db,
    );
    await sql`insert into course_search (course_id, search_text) select id, search_text from courses`.execute(
      db,
    );
    await sql`create trigger course_search_insert after insert on courses begin
      insert into course_search (course_id, search_text) values (new.id, new.search_text);
    end`.execute(db);
    await sql`create trigger course_search_update after update of search_text on courses begin
      update course_search set search_text = new.search_text where course_id = old.id;
    end`.execute(db);
    await sql`create trigger course_search_delete after delete on courses begin
      delete from course_search where course_id = old.id;
    end`.execute(db);
    return;
  }
  const trgmSchema = await findTrgmSchema(db);
  if (trgmSchema === undefined) return;
  await sql`create index courses_search_text_trgm on courses using gin (search_text ${sql.id(trgmSchema)}.gin_trgm_ops)`.execute(
    db,
  );
}

/** The schema pg_trgm lives in, installing it into public when possible; undefined when it is not available. */
async function findTrgmSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const installed = async () => {
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
      db,
    );
    return rows[0]?.schema;
  };
  const existing = await installed();
  if (existing !== undefined) return existing;
  const { rows } = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(
    db,
  );
  if (rows.length === 0) return undefined;
  // A savepoint: without the privilege (or racing another migrator) the failure must not abort the migration.
  await sql`savepoint urok_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint urok_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint urok_trgm`.execute(db);
  }
  return installed();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql`drop trigger if exists course_search_delete`.execute(db);
    await sql`drop trigger if exists course_search_update`.execute(db);
    await sql`drop trigger if exists course_search_insert`.execute(db);
    await sql`drop table if exists course_search`.execute(db);
    return;
  }
  await sql`drop index if exists courses_search_text_trgm`.execute(db);
}
