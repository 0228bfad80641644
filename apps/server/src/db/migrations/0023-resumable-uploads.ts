import type { Kysely } from 'kysely';
import { trackTableVersion, untrackTableVersion } from '../cache-versions.ts';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A resumable upload (tus, DESIGN section 15): its owner and purpose, what it became or why it
  // was refused, and the lease of the process writing it now. Its bytes are in the tus store.
  await db.schema
    .createTable('resumable_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('course_id', 'text')
    .addColumn('assignment_id', 'text')
    .addColumn('lesson_id', 'text')
    .addColumn('comment', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('length', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('result_id', 'text')
    .addColumn('message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('lock_holder', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('lock_wanted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // An account's unfinished uploads (at most 10), and the sweep of expired ones.
  await db.schema
    .createIndex('resumable_uploads_user_state')
    .on('resumable_uploads')
    .columns(['user_id', 'state'])
    .execute();
  await db.schema
    .createIndex('resumable_uploads_state_expiry')
    .on('resumable_uploads')
    .columns(['state', 'expires_at'])
    .execute();
  await trackTableVersion(db, 'resumable_uploads');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await untrackTableVersion(db, 'resumable_uploads');
  await db.schema.dropTable('resumable_uploads').execute();
}
