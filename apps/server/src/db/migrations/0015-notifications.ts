import type { Kysely } from 'kysely';
import { trackTableVersion, untrackTableVersion } from '../cache-versions.ts';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  // A user's list, newest first (ids are time-ordered), and the unread count.
  await db.schema
    .createIndex('notifications_user_id')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
    .execute();
  await trackTableVersion(db, 'notifications');
  await trackTableVersion(db, 'notification_preferences');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await untrackTableVersion(db, 'notification_preferences');
  await untrackTableVersion(db, 'notifications');
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('notifications').execute();
}
