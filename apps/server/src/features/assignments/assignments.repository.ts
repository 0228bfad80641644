import type { AssignmentsTable, Db } from '../../db/database.ts';
import type { ItemRow } from '../content/content.repository.ts';

export type AssignmentRow = AssignmentsTable;
export type AssignmentWithAuthor = AssignmentRow & { author_id: string };

// ---------------------------------------------------------------- an item kind of the outline

/** A course's assignments for the outline, without their instructions: assignments_course_section_position. */
export function findAssignmentItems(db: Db, courseId: string): Promise<ItemRow[]> {
  return db
    .selectFrom('assignments')
    .select(['id', 'section_id', 'title', 'published', 'position', 'due_at'])
    .where('course_id', '=', courseId)
    .execute();
}

/** True when the section holds an assignment: assignments_section_position. */
export async function sectionHasAssignments(db: Db, sectionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('assignments')
    .select('id')
    .where('section_id', '=', sectionId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function maxAssignmentPosition(db: Db, sectionId: string): Promise<number | null> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.max<number | null>('position').as('last'))
    .where('section_id', '=', sectionId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

export async function moveAssignment(
  db: Db,
  assignmentId: string,
  sectionId: string,
  position: number,
): Promise<void> {
  await db
    .updateTable('assignments')
    .set({ section_id: sectionId, position })
    .where('id', '=', assignmentId)
    .execute();
}

// ---------------------------------------------------------------- assignments

export async function countAssignments(db: Db, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findAssignmentWithAuthor(
  db: Db,
  assignmentId: string,
): Promise<AssignmentWithAuthor | undefined> {
  return db
    .selectFrom('assignments')
    .innerJoin('courses', 'courses.id', 'assignments.course_id')
    .selectAll('assignments')
    .select('courses.author_id')
    .where('assignments.id', '=', assignmentId)
    .executeTakeFirst();
}

/** The course's default assignment: assignments_course_default. */
export function findDefaultAssignment(
  db: Db,
  courseId: string,
): Promise<AssignmentRow | undefined> {
  return db
    .selectFrom('assignments')
    .selectAll()
    .where('course_id', '=', courseId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
}

/** A course's assignments in outline order (sections, then position): for the gradebook and grades. */
export function findCourseAssignments(db: Db, courseId: string): Promise<AssignmentRow[]> {
  return db
    .selectFrom('assignments')
    .innerJoin('sections', 'sections.id', 'assignments.section_id')
    .selectAll('assignments')
    .where('assignments.course_id', '=', courseId)
    .orderBy('sections.position')
    .orderBy('assignments.position')
    .orderBy('assignments.id')
    .execute();
}

export async function insertAssignment(db: Db, row: AssignmentRow): Promise<void> {
  await db.insertInto('assignments').values(row).execute();
}

export async function updateAssignmentFields(
  db: Db,
  assignmentId: string,
  fields: Partial<Omit<AssignmentRow, 'id' | 'course_id' | 'created_at' | 'is_default'>>,
): Promise<void> {
  await db.updateTable('assignments').set(fields).where('id', '=', assignmentId).execute();
}

/**
 * Deletes an assignment that has no submission, in one conditional
 * statement (an upload that lands first wins: 409). True when it went.
 */
export async function deleteAssignmentIfUnused(db: Db, assignmentId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('assignments')
    .where('id', '=', assignmentId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('homework')
            .select('homework.id')
            .whereRef('homework.assignment_id', '=', 'assignments.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** True when anything was handed in for the assignment: homework_assignment_user_submitted. */
export async function assignmentHasSubmissions(db: Db, assignmentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('homework')
    .select('id')
    .where('assignment_id', '=', assignmentId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The highest points given for the assignment, or null: homework_assignment_user_submitted. */
export async function maxAssignmentPoints(db: Db, assignmentId: string): Promise<number | null> {
  const row = await db
    .selectFrom('homework')
    .select((eb) => eb.fn.max<number | null>('points').as('top'))
    .where('assignment_id', '=', assignmentId)
    .executeTakeFirst();
  return row?.top === null || row?.top === undefined ? null : Number(row.top);
}

/** Keeps the course JSON's homeworkTask/homeworkDueAt in step with the default assignment. */
export async function setCourseHomeworkMirror(
  db: Db,
  courseId: string,
  homeworkTask: string,
  homeworkDueAt: string | null,
): Promise<void> {
  await db
    .updateTable('courses')
    .set({ homework_task: homeworkTask, homework_due_at: homeworkDueAt })
    .where('id', '=', courseId)
    .execute();
}
