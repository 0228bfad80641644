import type { Kysely } from 'kysely';
import { trackTableVersion, untrackTableVersion } from '../cache-versions.ts';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Background jobs run once per deployment: the process that takes a job's lease runs it.
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await trackTableVersion(db, 'job_leases');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await untrackTableVersion(db, 'job_leases');
  await db.schema.dropTable('job_leases').execute();
}
