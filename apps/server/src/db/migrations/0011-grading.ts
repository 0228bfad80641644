import type { Kysely } from 'kysely';

/**
 * Grading and the calendar: the earlier grades of a
 * regraded submission (gradeHistory), a private comment thread per
 * submission, and each user's private calendar feed (only the token's
 * SHA-256 is stored, as for sessions).
 * Frozen once landed: add a new migration instead of editing this one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('homework_grade_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('homework_id', 'text', (c) =>
      c.notNull().references('homework.id').onDelete('cascade'),
    )
    // The grade that was replaced, as it was.
    .addColumn('grade', 'text', (c) => c.notNull())
    .addColumn('points', 'double precision')
    .addColumn('feedback', 'text')
    .addColumn('graded_at', 'text')
    // Why the author replaced it, and when.
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('homework_grade_history_homework_replaced')
    .on('homework_grade_history')
    .columns(['homework_id', 'replaced_at', 'id'])
    .execute();

  await db.schema
    .createTable('homework_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('homework_id', 'text', (c) =>
      c.notNull().references('homework.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('homework_comments_homework_created')
    .on('homework_comments')
    .columns(['homework_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
  await db.schema.dropTable('homework_comments').execute();
  await db.schema.dropTable('homework_grade_history').execute();
}
