import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/** The first section of every course, named as the web app shows it (contract: messages.defaultSectionTitle). */
const DEFAULT_SECTION_TITLE = 'Загальне';

/**
 * Course content: sections of a course, its lessons
 * (an item kind of a section; assignments join later as another), their
 * attachments and the students' completions. Every existing course gets its
 * first section 'Загальне', as a new course does.
 * Frozen once landed: add a new migration instead of editing this one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sections_course_position')
    .on('sections')
    .columns(['course_id', 'position', 'id'])
    .execute();

  await db.schema
    .createTable('lessons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // Cascade only so that a course's removal goes through; the API refuses to delete a section with items (409).
    .addColumn('section_id', 'text', (c) =>
      c.notNull().references('sections.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    // The document as JSON text (contract: documentSchema).
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('video_url', 'text')
    .addColumn('video_key', 'text', (c) => c.unique())
    .addColumn('video_name', 'text')
    .addColumn('video_size', 'integer')
    .addColumn('video_mime', 'text')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The outline and the progress totals read a course's lessons; a section's emptiness and its next position by section.
  await db.schema
    .createIndex('lessons_course_section_position')
    .on('lessons')
    .columns(['course_id', 'section_id', 'position'])
    .execute();
  await db.schema
    .createIndex('lessons_section_position')
    .on('lessons')
    .columns(['section_id', 'position'])
    .execute();

  await db.schema
    .createTable('lesson_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('file_key', 'text', (c) => c.notNull().unique())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lesson_attachments_lesson_created')
    .on('lesson_attachments')
    .columns(['lesson_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('lesson_completions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('completed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_completions_pk', ['user_id', 'lesson_id'])
    .execute();
  await db.schema
    .createIndex('lesson_completions_lesson_user')
    .on('lesson_completions')
    .columns(['lesson_id', 'user_id'])
    .execute();

  const now = new Date().toISOString();
  const courses = (await db.selectFrom('courses').select('id').execute()) as { id: string }[];
  for (let i = 0; i < courses.length; i += 500) {
    await db
      .insertInto('sections')
      .values(
        courses.slice(i, i + 500).map((course) => ({
          id: randomUUID(),
          course_id: course.id,
          title: DEFAULT_SECTION_TITLE,
          position: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lesson_completions').execute();
  await db.schema.dropTable('lesson_attachments').execute();
  await db.schema.dropTable('lessons').execute();
  await db.schema.dropTable('sections').execute();
}
