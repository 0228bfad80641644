import type { Db } from './database.ts';

/**
 * How many ids one `in (…)` list holds: a list may be a course's every
 * student or submission, and a statement's parameters are bounded (SQLite
 * 32,766, PostgreSQL 65,535).
 */
const IDS_PER_STATEMENT = 500;

/** `read` for each slice of `ids` in turn, the rows of all of them in that order. */
export async function readByIds<T>(
  ids: readonly string[],
  read: (slice: readonly string[]) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    rows.push(...(await read(ids.slice(i, i + IDS_PER_STATEMENT))));
  }
  return rows;
}

/** Accounts' names and contacts by id (the gradebook's rows, the submissions view's parts). */
export function findUserContacts(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; username: string; telephone: string; email: string }[]> {
  return readByIds(ids, (slice) =>
    db
      .selectFrom('users')
      .select(['id', 'username', 'telephone', 'email'])
      .where('id', 'in', slice)
      .execute(),
  );
}
