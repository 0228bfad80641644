import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('homework_task', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('homework_due_at', 'text')
    .addColumn('cover_key', 'text')
    // Lower-cased title, description and category, for `?q=` search on both databases.
    .addColumn('search_text', 'text', (c) => c.notNull())
    // Kept in step with enrollments inside the same transaction.
    .addColumn('enrolled_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('courses_created_id').on('courses').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('courses_author_created_id')
    .on('courses')
    .columns(['author_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('enrollments')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('enrollments_pk', ['user_id', 'course_id'])
    .execute();
  await db.schema.createIndex('enrollments_course_user').on('enrollments').columns(['course_id', 'user_id']).execute();

  await db.schema
    .createTable('homework')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_key', 'text', (c) => c.notNull().unique())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('is_late', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grade', 'text')
    .addColumn('feedback', 'text')
    .addColumn('graded_at', 'text')
    .execute();
  await db.schema
    .createIndex('homework_course_user_submitted')
    .on('homework')
    .columns(['course_id', 'user_id', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('homework_user_course_submitted')
    .on('homework')
    .columns(['user_id', 'course_id', 'submitted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('homework').execute();
  await db.schema.dropTable('enrollments').execute();
  await db.schema.dropTable('courses').execute();
}
