import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/** The names the web app shows (contract: messages.defaultAssignmentTitle, defaultSectionTitle). */
const DEFAULT_ASSIGNMENT_TITLE = 'Домашнє завдання';
const DEFAULT_SECTION_TITLE = 'Загальне';
const DEFAULT_MAX_POINTS = 12;

/** The course's homework text as a document: a paragraph per line (as the contract's textToDocument, frozen here). */
function textToDocument(text: string) {
  return {
    type: 'doc',
    content: text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) =>
        line === ''
          ? { type: 'paragraph' }
          : { type: 'paragraph', content: [{ type: 'text', text: line }] },
      ),
  };
}

/** A stored grade as points (a number with a point or a comma, ≥ 0, two decimals at most), else null. */
function gradePoints(grade: string | null): number | null {
  if (grade === null) return null;
  const text = grade.trim().replace(',', '.');
  return /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Number(text) : null;
}

/**
 * Assignments: items of a course's sections beside
 * lessons. Each course's homework task and deadline become its default
 * assignment 'Домашнє завдання' (published, at the end of its first
 * section; a course without sections gets 'Загальне'), and every
 * submission is attached to it. A grade that reads as a number becomes its
 * `points`; a free-text grade stays as it was with points null. The default
 * assignment's maxPoints is 12, or the largest numeric grade of the course
 * when that is higher (up to 100; a grade above 100 keeps points null), so
 * no kept grade is above its maximum.
 * Frozen once landed: add a new migration instead of editing this one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    // Cascade only so that a course's removal goes through; the API refuses to delete a section with items (409).
    .addColumn('section_id', 'text', (c) =>
      c.notNull().references('sections.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    // The document as JSON text (contract: documentSchema).
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text')
    .addColumn('max_points', 'integer', (c) => c.notNull().defaultTo(DEFAULT_MAX_POINTS))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 for the course's default assignment (the course JSON's homeworkTask/homeworkDueAt), one per course.
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The outline, the gradebook and the calendar read a course's assignments; emptiness and next position by section.
  await db.schema
    .createIndex('assignments_course_section_position')
    .on('assignments')
    .columns(['course_id', 'section_id', 'position'])
    .execute();
  await db.schema
    .createIndex('assignments_section_position')
    .on('assignments')
    .columns(['section_id', 'position'])
    .execute();
  await db.schema
    .createIndex('assignments_course_default')
    .on('assignments')
    .columns(['course_id'])
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await db.schema
    .alterTable('homework')
    .addColumn('assignment_id', 'text', (c) => c.references('assignments.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('homework').addColumn('points', 'double precision').execute();
  // The gradebook and an assignment's "has submissions" read by assignment.
  await db.schema
    .createIndex('homework_assignment_user_submitted')
    .on('homework')
    .columns(['assignment_id', 'user_id', 'submitted_at'])
    .execute();

  const now = new Date().toISOString();
  const courses = (await db
    .selectFrom('courses')
    .select(['id', 'homework_task', 'homework_due_at'])
    .execute()) as { id: string; homework_task: string; homework_due_at: string | null }[];
  for (const course of courses) {
    let section = (await db
      .selectFrom('sections')
      .select('id')
      .where('course_id', '=', course.id)
      .orderBy('position')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()) as { id: string } | undefined;
    if (!section) {
      section = { id: randomUUID() };
      await db
        .insertInto('sections')
        .values({
          id: section.id,
          course_id: course.id,
          title: DEFAULT_SECTION_TITLE,
          position: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const last = (await db
      .selectFrom('lessons')
      .select((eb) => eb.fn.max('position').as('last'))
      .where('section_id', '=', section.id)
      .executeTakeFirst()) as { last: number | string | null } | undefined;
    const graded = (await db
      .selectFrom('homework')
      .select(['id', 'grade'])
      .where('course_id', '=', course.id)
      .where('grade', 'is not', null)
      .execute()) as { id: string; grade: string }[];
    const points = graded.map((row) => ({ id: row.id, points: gradePoints(row.grade) }));
    const highest = Math.max(0, ...points.map((p) => (p.points === null || p.points > 100 ? 0 : p.points)));
    const maxPoints = Math.max(DEFAULT_MAX_POINTS, Math.ceil(highest));
    const assignmentId = randomUUID();
    await db
      .insertInto('assignments')
      .values({
        id: assignmentId,
        course_id: course.id,
        section_id: section.id,
        title: DEFAULT_ASSIGNMENT_TITLE,
        instructions: JSON.stringify(textToDocument(course.homework_task)),
        due_at: course.homework_due_at,
        max_points: maxPoints,
        published: 1,
        is_default: 1,
        position: last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .updateTable('homework')
      .set({ assignment_id: assignmentId })
      .where('course_id', '=', course.id)
      .execute();
    for (const row of points) {
      if (row.points === null || row.points > maxPoints) continue;
      await db.updateTable('homework').set({ points: row.points }).where('id', '=', row.id).execute();
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('homework_assignment_user_submitted').execute();
  await db.schema.alterTable('homework').dropColumn('points').execute();
  await db.schema.alterTable('homework').dropColumn('assignment_id').execute();
  await db.schema.dropTable('assignments').execute();
}
