import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One-time password-reset links of the admin CLI: only the SHA-256 of a token is kept.
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_resets_user_id')
    .on('password_resets')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
}
