import { sql, type Kysely } from 'kysely';

/** The instructions of a default assignment made from an empty homework text (textToDocument('')). */
const EMPTY_INSTRUCTIONS = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] });

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A default assignment exists only while it has instructions or submissions: the empty ones
  // every course without a homework text was given go (their course's text is empty too, and
  // nothing was handed in for them; reminders of them go with them).
  await sql`
    DELETE FROM assignments
    WHERE is_default = 1
      AND instructions = ${EMPTY_INSTRUCTIONS}
      AND EXISTS (
        SELECT 1 FROM courses
        WHERE courses.id = assignments.course_id AND courses.homework_task = ''
      )
      AND NOT EXISTS (SELECT 1 FROM homework WHERE homework.assignment_id = assignments.id)`.execute(
    db,
  );
  // A course without a default assignment shows its (empty) homework text to everyone.
  await sql`
    UPDATE courses SET homework_published = 1
    WHERE homework_published = 0
      AND NOT EXISTS (
        SELECT 1 FROM assignments
        WHERE assignments.course_id = courses.id AND assignments.is_default = 1
      )`.execute(db);
}

/** The removed assignments held nothing; going back leaves those courses without one. */
export async function down(): Promise<void> {}
