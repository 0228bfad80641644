import { sql } from 'kysely';
import type {
  Db,
  HomeworkCommentsTable,
  HomeworkGradeHistoryTable,
  HomeworkTable,
} from '../../db/database.ts';
import { readByIds } from '../../db/by-ids.repository.ts';
import { dialectOf } from '../../db/dialect-of.ts';

export type HomeworkRow = HomeworkTable;

export interface HomeworkCourse {
  id: string;
  author_id: string;
  title: string;
  homework_due_at: string | null;
  visibility?: string;
  hidden?: number;
}

export type SubmitterHomeworkRow = HomeworkRow & {
  username: string;
  telephone: string;
  email: string;
};

/** What the homework rules need of a course. */
export function findHomeworkCourse(db: Db, courseId: string): Promise<HomeworkCourse | undefined> {
  return db
    .selectFrom('courses')
    .select(['id', 'author_id', 'title', 'homework_due_at', 'visibility', 'hidden'])
    .where('id', '=', courseId)
    .executeTakeFirst();
}

export async function isEnrolled(db: Db, userId: string, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('enrollments')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertHomework(db: Db, row: HomeworkRow): Promise<void> {
  await db.insertInto('homework').values(row).execute();
}

export function findHomeworkById(
  db: Db,
  id: string,
): Promise<
  | (HomeworkRow & { course_author_id: string; max_points: number; assignment_title: string })
  | undefined
> {
  return db
    .selectFrom('homework')
    .innerJoin('courses', 'courses.id', 'homework.course_id')
    .innerJoin('assignments', 'assignments.id', 'homework.assignment_id')
    .selectAll('homework')
    .select([
      'courses.author_id as course_author_id',
      'assignments.max_points',
      'assignments.title as assignment_title',
    ])
    .where('homework.id', '=', id)
    .executeTakeFirst();
}

/** One student's submissions to a course, newest first (index homework_user_course_submitted). */
export function findOwnHomework(db: Db, userId: string, courseId: string): Promise<HomeworkRow[]> {
  return db
    .selectFrom('homework')
    .selectAll()
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Some students' submissions to a course, each student's newest first
 * (homework_course_user_submitted).
 */
export function findStudentsHomework(
  db: Db,
  courseId: string,
  userIds: readonly string[],
): Promise<HomeworkRow[]> {
  return readByIds(userIds, (slice) =>
    db
      .selectFrom('homework')
      .selectAll()
      .where('course_id', '=', courseId)
      .where('user_id', 'in', slice)
      .orderBy('user_id')
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  );
}

/** The students enrolled in a course now, with their contact: enrollments_course_user. */
export function findEnrolledStudentContacts(
  db: Db,
  courseId: string,
): Promise<{ id: string; username: string; telephone: string; email: string }[]> {
  return db
    .selectFrom('enrollments')
    .innerJoin('users', 'users.id', 'enrollments.user_id')
    .select(['users.id', 'users.username', 'users.telephone', 'users.email'])
    .where('enrollments.course_id', '=', courseId)
    .execute();
}

/** Where a page of a course's submissions, newest first, ends: its last row's order. */
export interface SubmissionCursor {
  submittedAt: string;
  id: string;
}

/**
 * One page of a course's submissions, newest first, from after `after` on:
 * homework_course_cells walked backwards from the cursor, so each page costs
 * its own rows (the submissions view reads a big course page by page).
 */
export function findCourseHomeworkPage(
  db: Db,
  courseId: string,
  after: SubmissionCursor | null,
  limit: number,
): Promise<HomeworkRow[]> {
  let query = db.selectFrom('homework').selectAll().where('course_id', '=', courseId);
  if (after !== null) {
    query = query.where(sql<boolean>`(submitted_at, id) < (${after.submittedAt}, ${after.id})`);
  }
  return query.orderBy('submitted_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Every submission to a course (also of students who left it), oldest first: the exports. */
export function findCourseHomework(db: Db, courseId: string): Promise<SubmitterHomeworkRow[]> {
  return db
    .selectFrom('homework')
    .innerJoin('users', 'users.id', 'homework.user_id')
    .selectAll('homework')
    .select(['users.username', 'users.telephone', 'users.email'])
    .where('homework.course_id', '=', courseId)
    .orderBy('homework.submitted_at', 'asc')
    .orderBy('homework.id', 'asc')
    .execute();
}

/**
 * Grades a submission that has no grade yet, in one conditional statement:
 * of two graders racing, exactly one changes the row. True when this call did.
 */
export async function setGradeIfUngraded(
  db: Db,
  id: string,
  fields: Pick<HomeworkRow, 'grade' | 'points' | 'feedback' | 'graded_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('homework')
    .set(fields)
    .where('id', '=', id)
    .where('grade', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes a submission of `userId` that has no grade yet, in one conditional
 * statement: of a delete and a grade racing, exactly one wins. True when
 * this call deleted it.
 */
export async function deleteHomeworkIfUngraded(
  db: Db,
  id: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('homework')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('grade', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many submissions, and how many bytes, count against a quota. */
export interface HomeworkUsage {
  files: number;
  bytes: number;
}

async function usage(
  db: Db,
  column: 'user_id' | 'course_id',
  value: string,
): Promise<HomeworkUsage> {
  const row = await db
    .selectFrom('homework')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('files'),
      eb.fn.coalesce(eb.fn.sum<number | string | null>('size'), eb.lit(0)).as('bytes'),
    ])
    .where(column, '=', value)
    .executeTakeFirst();
  // PostgreSQL answers count and sum of integers as bigint, which the driver hands over as text.
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Everything a user has handed in, in every course (index homework_user_course_submitted). */
export function findUserHomeworkUsage(db: Db, userId: string): Promise<HomeworkUsage> {
  return usage(db, 'user_id', userId);
}

/** Everything handed in to a course, by every student (index homework_course_user_submitted). */
export function findCourseHomeworkUsage(db: Db, courseId: string): Promise<HomeworkUsage> {
  return usage(db, 'course_id', courseId);
}

/**
 * Inside a transaction that adds a submission: makes the uploads of one user,
 * and those to one course, take turns until it ends, so two uploads cannot
 * both fit the room only one of them has. PostgreSQL locks the user's and
 * the course's rows (always in that order: no deadlock between uploads;
 * FOR NO KEY UPDATE, so enrolments and foreign-key checks are not held up).
 * SQLite needs nothing here: it has one writer at a time, and the
 * transaction holds the write lock from its INSERT on, which comes before
 * the sums are read.
 */
export async function lockQuotaOwners(db: Db, userId: string, courseId: string): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  await db.selectFrom('courses').select('id').where('id', '=', courseId).forNoKeyUpdate().execute();
}

// ---------------------------------------------------------------- regrades and comments

export type GradeHistoryRow = HomeworkGradeHistoryTable;

/** The earlier grades of these submissions, oldest first per submission: homework_grade_history_homework_replaced. */
export function findGradeHistory(
  db: Db,
  homeworkIds: readonly string[],
): Promise<GradeHistoryRow[]> {
  return readByIds(homeworkIds, (slice) =>
    db
      .selectFrom('homework_grade_history')
      .selectAll()
      .where('homework_id', 'in', slice)
      .orderBy('homework_id')
      .orderBy('replaced_at')
      .orderBy('id')
      .execute(),
  );
}

export async function insertGradeHistory(db: Db, row: GradeHistoryRow): Promise<void> {
  await db.insertInto('homework_grade_history').values(row).execute();
}

/**
 * Replaces the grade of a graded submission, conditional on it still being
 * the grade given at `gradedAt`: of two regrades racing, exactly one wins.
 */
export async function replaceGradeIfUnchanged(
  db: Db,
  id: string,
  gradedAt: string,
  fields: Pick<HomeworkRow, 'grade' | 'points' | 'feedback' | 'graded_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('homework')
    .set(fields)
    .where('id', '=', id)
    .where('grade', 'is not', null)
    .where('graded_at', '=', gradedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type CommentRow = HomeworkCommentsTable & { username: string };

/** A submission's comment thread, oldest first: homework_comments_homework_created. */
export function findComments(db: Db, homeworkId: string): Promise<CommentRow[]> {
  return db
    .selectFrom('homework_comments')
    .innerJoin('users', 'users.id', 'homework_comments.author_id')
    .selectAll('homework_comments')
    .select('users.username')
    .where('homework_comments.homework_id', '=', homeworkId)
    .orderBy('homework_comments.created_at')
    .orderBy('homework_comments.id')
    .execute();
}

export async function insertComment(db: Db, row: HomeworkCommentsTable): Promise<void> {
  await db.insertInto('homework_comments').values(row).execute();
}
