import { sql, type Kysely } from 'kysely';
import { trackTableVersion, untrackTableVersion } from '../cache-versions.ts';

const TABLES = [
  'questions',
  'question_tags',
  'quizzes',
  'quiz_attempts',
  'quiz_answers',
  'quiz_answer_grades',
  'quiz_reminders',
];

/**
 * Quizzes (DESIGN section 14): a course's question bank, its quizzes (outline
 * items beside lessons and assignments), attempts with the questions drawn
 * for them, an answer per slot, every teacher's grade of a slot, and the
 * due-soon reminders of quizzes' close dates.
 * Frozen once landed: add a new migration instead of editing this one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // Documents as JSON text (contract: documentSchema).
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text')
    .addColumn('points', 'double precision', (c) => c.notNull())
    // The tags as a JSON array, in the author's order (question_tags indexes them).
    .addColumn('tags', 'text', (c) => c.notNull())
    // The kind's answer key as a JSON object (contract: QuestionKey without `kind`).
    .addColumn('answer_key', 'text', (c) => c.notNull())
    // The text's words folded for search (lib/search-text.ts).
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The bank's list: newest first, by cursor.
  await db.schema
    .createIndex('questions_course_created')
    .on('questions')
    .columns(['course_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('question_tags')
    .addColumn('question_id', 'text', (c) =>
      c.notNull().references('questions.id').onDelete('cascade'),
    )
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_tags_pk', ['question_id', 'tag'])
    .execute();
  // A tag's questions (the bank's filter, a quiz's random draw).
  await db.schema
    .createIndex('question_tags_course_tag')
    .on('question_tags')
    .columns(['course_id', 'tag', 'question_id'])
    .execute();

  await db.schema
    .createTable('quizzes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // Cascade only so that a course's removal goes through; the API refuses to delete a section with items.
    .addColumn('section_id', 'text', (c) =>
      c.notNull().references('sections.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    // Set when first published: quiz.published goes once per quiz.
    .addColumn('announced_at', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('opens_at', 'text')
    .addColumn('closes_at', 'text')
    .addColumn('time_limit_minutes', 'integer')
    .addColumn('attempts_allowed', 'integer', (c) => c.notNull())
    .addColumn('grading', 'text', (c) => c.notNull())
    .addColumn('shuffle_questions', 'integer', (c) => c.notNull())
    .addColumn('shuffle_options', 'integer', (c) => c.notNull())
    .addColumn('review', 'text', (c) => c.notNull())
    // [{questionId} | {tag,count}] as JSON.
    .addColumn('slots', 'text', (c) => c.notNull())
    .addColumn('max_points', 'double precision', (c) => c.notNull())
    .addColumn('question_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quizzes_course_section_position')
    .on('quizzes')
    .columns(['course_id', 'section_id', 'position'])
    .execute();
  await db.schema
    .createIndex('quizzes_section_position')
    .on('quizzes')
    .columns(['section_id', 'position'])
    .execute();

  await db.schema
    .createTable('quiz_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quiz_id', 'text', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('deadline', 'text')
    .addColumn('submitted_at', 'text')
    .addColumn('score', 'double precision')
    .addColumn('max_points', 'double precision', (c) => c.notNull())
    .addColumn('pending_grading', 'integer', (c) => c.notNull().defaultTo(0))
    // The questions drawn, ordered and shuffled at the start, with their keys, as JSON.
    .addColumn('questions', 'text', (c) => c.notNull())
    .execute();
  // A student's attempts of a quiz, in order (the quiz page, grading, the gradebook).
  await db.schema
    .createIndex('quiz_attempts_quiz_user_started')
    .on('quiz_attempts')
    .columns(['quiz_id', 'user_id', 'started_at'])
    .execute();
  // One open attempt per student and quiz, whatever races.
  await db.schema
    .createIndex('quiz_attempts_one_open')
    .on('quiz_attempts')
    .columns(['quiz_id', 'user_id'])
    .unique()
    .where(sql.ref('state'), '=', 'open')
    .execute();
  // The course's attempts (gradebook, grades) and the sweep of attempts past their deadline.
  await db.schema
    .createIndex('quiz_attempts_course_user')
    .on('quiz_attempts')
    .columns(['course_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('quiz_attempts_state_deadline')
    .on('quiz_attempts')
    .columns(['state', 'deadline'])
    .execute();

  await db.schema
    .createTable('quiz_answers')
    .addColumn('attempt_id', 'text', (c) =>
      c.notNull().references('quiz_attempts.id').onDelete('cascade'),
    )
    .addColumn('slot', 'integer', (c) => c.notNull())
    // The answer as JSON, or null: a slot left unanswered (rows for every slot exist once submitted).
    .addColumn('answer', 'text')
    .addColumn('answered_at', 'text')
    // The automatic score (null for an essay), and the score that counts (a teacher's, once given).
    .addColumn('auto_score', 'double precision')
    .addColumn('score', 'double precision')
    .addColumn('feedback', 'text')
    .addColumn('graded_at', 'text')
    .addPrimaryKeyConstraint('quiz_answers_pk', ['attempt_id', 'slot'])
    .execute();

  await db.schema
    .createTable('quiz_answer_grades')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('attempt_id', 'text', (c) =>
      c.notNull().references('quiz_attempts.id').onDelete('cascade'),
    )
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('points', 'double precision', (c) => c.notNull())
    .addColumn('feedback', 'text')
    .addColumn('grader_id', 'text')
    .addColumn('graded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('quiz_answer_grades_attempt_slot')
    .on('quiz_answer_grades')
    .columns(['attempt_id', 'slot', 'graded_at'])
    .execute();

  // Due-soon reminders of a quiz's close date: once per quiz and date (as assignment_reminders).
  await db.schema
    .createTable('quiz_reminders')
    .addColumn('quiz_id', 'text', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('closes_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_reminders_pk', ['quiz_id', 'closes_at'])
    .execute();

  // Every table has its version triggers, so no write escapes the read cache (db/cache-versions.ts).
  for (const table of TABLES) await trackTableVersion(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...TABLES].reverse()) {
    await untrackTableVersion(db, table);
    await db.schema.dropTable(table).execute();
  }
}
