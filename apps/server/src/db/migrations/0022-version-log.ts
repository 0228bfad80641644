import type { Kysely } from 'kysely';
import { installVersionLog, uninstallVersionLog } from '../cache-versions.ts';

// Frozen once landed: add a new migration instead of editing this one.

/** PostgreSQL: table versions raised by appending to a log, not by a counter locked through commit. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await installVersionLog(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await uninstallVersionLog(db);
}
