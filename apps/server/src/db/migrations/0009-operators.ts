import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The operator role is a flag of its own: is_admin keeps meaning teacher.
  await db.schema
    .alterTable('users')
    .addColumn('is_operator', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A blocked account cannot sign in and its sessions are refused.
  await db.schema
    .alterTable('users')
    .addColumn('is_blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The console counts and lists operators; there are few, so a partial index would do, but both dialects take this.
  await db.schema.createIndex('users_is_operator').on('users').column('is_operator').execute();
  // The console's list of accounts, newest first.
  await db.schema.createIndex('users_created_id').on('users').columns(['created_at', 'id']).execute();

  // A hidden course leaves the catalog, search and public pages; its author and students keep it.
  await db.schema
    .alterTable('courses')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // The operator's note on a decision (approve or reject).
  await db.schema
    .alterTable('teacher_applications')
    .addColumn('decision_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // Every operator action and CLI decision, written in the transaction of the action. No route or
  // command changes or deletes a row. actor_id has no foreign key: the record outlives the account.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at_id').on('audit_log').columns(['at', 'id']).execute();

  // admin/stats: submissions of the last days.
  await db.schema.createIndex('homework_submitted_at').on('homework').column('submitted_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('homework_submitted_at').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('teacher_applications').dropColumn('decision_note').execute();
  await db.schema.alterTable('courses').dropColumn('hidden').execute();
  await db.schema.dropIndex('users_created_id').execute();
  await db.schema.dropIndex('users_is_operator').execute();
  await db.schema.alterTable('users').dropColumn('is_blocked').execute();
  await db.schema.alterTable('users').dropColumn('is_operator').execute();
}
