import { SqliteAdapter, type Kysely } from 'kysely';
import type { Dialect } from './database.ts';

/** Which database a Kysely instance talks to, for the few places SQL differs (search, migrations). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: migrations hold a Kysely<unknown>
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
