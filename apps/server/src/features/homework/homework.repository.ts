import type { Db, HomeworkTable } from '../../db/database.ts';

export type HomeworkRow = HomeworkTable;

export interface HomeworkCourse {
  id: string;
  author_id: string;
  title: string;
  homework_due_at: string | null;
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
    .select(['id', 'author_id', 'title', 'homework_due_at'])
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
): Promise<(HomeworkRow & { course_author_id: string }) | undefined> {
  return db
    .selectFrom('homework')
    .innerJoin('courses', 'courses.id', 'homework.course_id')
    .selectAll('homework')
    .select('courses.author_id as course_author_id')
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

/** Submissions to a course by students enrolled in it now, newest first, with each student's contact. */
export function findEnrolledSubmitterHomework(
  db: Db,
  courseId: string,
): Promise<SubmitterHomeworkRow[]> {
  return db
    .selectFrom('homework')
    .innerJoin('enrollments', (join) =>
      join
        .onRef('enrollments.user_id', '=', 'homework.user_id')
        .onRef('enrollments.course_id', '=', 'homework.course_id'),
    )
    .innerJoin('users', 'users.id', 'homework.user_id')
    .selectAll('homework')
    .select(['users.username', 'users.telephone', 'users.email'])
    .where('homework.course_id', '=', courseId)
    .orderBy('homework.submitted_at', 'desc')
    .orderBy('homework.id', 'desc')
    .execute();
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
  fields: Pick<HomeworkRow, 'grade' | 'feedback' | 'graded_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('homework')
    .set(fields)
    .where('id', '=', id)
    .where('grade', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
