import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A teacher role granted by an application belongs to one account (docs/decisions.md, "the teacher
  // role"): granted_user_id is the account an approval was used on, set once; revoked_at is set when
  // the operator makes that account a student again. An approval with neither waits for the first
  // sign-up with its number.
  await db.schema
    .alterTable('teacher_applications')
    .addColumn('granted_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('teacher_applications').addColumn('revoked_at', 'text').execute();
  await db.schema
    .createIndex('teacher_applications_granted_user')
    .on('teacher_applications')
    .column('granted_user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('teacher_applications_granted_user').execute();
  await db.schema.alterTable('teacher_applications').dropColumn('revoked_at').execute();
  await db.schema.alterTable('teacher_applications').dropColumn('granted_user_id').execute();
}
