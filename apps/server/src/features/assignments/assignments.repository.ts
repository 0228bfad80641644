import type { AssignmentsTable, Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect-of.ts';

export type AssignmentRow = AssignmentsTable;
/** `course_hidden`, `course_visibility`: who sees the course (lib/course-visibility.ts). */
export type AssignmentWithAuthor = AssignmentRow & {
  author_id: string;
  course_hidden?: number | null;
  course_visibility?: string | null;
};

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
    .select([
      'courses.author_id',
      'courses.hidden as course_hidden',
      'courses.visibility as course_visibility',
    ])
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

/**
 * Holds the course's row until the transaction ends (PostgreSQL; SQLite has one writer): the
 * default assignment's creation by a first upload and its removal once empty take turns.
 */
export async function lockCourseRow(db: Db, courseId: string): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await db.selectFrom('courses').select('id').where('id', '=', courseId).forNoKeyUpdate().execute();
}

/** The course's first section in outline order, where a default assignment made later goes. */
export async function findFirstSectionId(db: Db, courseId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sections')
    .select('id')
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
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

/** The same as content.repository's markLessonAnnounced, for an assignment: true once only. */
export async function markAssignmentAnnounced(
  db: Db,
  assignmentId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('assignments')
    .set({ announced_at: at })
    .where('id', '=', assignmentId)
    .where('announced_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the course JSON shows its homework text and due date: the default assignment's published flag. */
export async function setCourseHomeworkPublished(
  db: Db,
  courseId: string,
  published: boolean,
): Promise<void> {
  await db
    .updateTable('courses')
    .set({ homework_published: published ? 1 : 0 })
    .where('id', '=', courseId)
    .execute();
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

// ---------------------------------------------------------------- due-soon reminders

/**
 * Published assignments due in (`from`, `until`] whose due date has no
 * reminder yet, with their course's title.
 */
export function findAssignmentsDueSoon(
  db: Db,
  from: string,
  until: string,
): Promise<
  { id: string; title: string; due_at: string; course_id: string; course_title: string }[]
> {
  return db
    .selectFrom('assignments as a')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .select(['a.id', 'a.title', 'a.due_at', 'a.course_id', 'c.title as course_title'])
    .where('a.published', '=', 1)
    .where('a.due_at', '>', from)
    .where('a.due_at', '<=', until)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('assignment_reminders as r')
            .select('r.assignment_id')
            .whereRef('r.assignment_id', '=', 'a.id')
            .whereRef('r.due_at', '=', 'a.due_at'),
        ),
      ),
    )
    .$narrowType<{ due_at: string }>()
    .execute();
}

/** Records the reminder of an assignment's due date; true for the one transaction that did. */
export async function takeAssignmentReminder(
  db: Db,
  assignmentId: string,
  dueAt: string,
  sentAt: string,
): Promise<boolean> {
  const taken = await db
    .insertInto('assignment_reminders')
    .values({ assignment_id: assignmentId, due_at: dueAt, sent_at: sentAt })
    .onConflict((conflict) => conflict.columns(['assignment_id', 'due_at']).doNothing())
    .returning('assignment_id')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Enrolled students of the course who have handed nothing in for the assignment. */
export async function findStudentsWithoutHomework(
  db: Db,
  courseId: string,
  assignmentId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('enrollments as e')
    .select('e.user_id')
    .where('e.course_id', '=', courseId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('homework as h')
            .select('h.id')
            .whereRef('h.user_id', '=', 'e.user_id')
            .where('h.assignment_id', '=', assignmentId),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.user_id);
}
