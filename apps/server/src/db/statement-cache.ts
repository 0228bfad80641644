import type { Database as BetterSqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite driver calls `prepare(sql)` for every query, and preparing
 * (parsing and planning) costs more than running a small indexed read. This
 * wraps the better-sqlite3 handle so each distinct SQL text is prepared once
 * and its Statement reused, least recently used evicted first. Safe because
 * the driver runs one query at a time on the one connection; a statement
 * whose table changed is re-prepared by SQLite itself.
 */
export function cacheStatements(database: BetterSqliteDatabase, capacity = 256): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= capacity)
          statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
