import { readByIds } from '../../db/by-ids.repository.ts';
import type { Db, HomeworkTable } from '../../db/database.ts';

export type GradeRow = Pick<
  HomeworkTable,
  'id' | 'user_id' | 'assignment_id' | 'grade' | 'points' | 'feedback' | 'is_late' | 'submitted_at'
>;

const GRADE_COLUMNS = [
  'id',
  'user_id',
  'assignment_id',
  'grade',
  'points',
  'feedback',
  'is_late',
  'submitted_at',
] as const;

/** The course's enrolled students: enrollments_course_user. */
export function findEnrolledStudents(
  db: Db,
  courseId: string,
): Promise<{ id: string; username: string }[]> {
  return db
    .selectFrom('enrollments')
    .innerJoin('users', 'users.id', 'enrollments.user_id')
    .select(['users.id', 'users.username'])
    .where('enrollments.course_id', '=', courseId)
    .execute();
}

/** What a gradebook cell needs of a submission. */
export type CellRow = Pick<
  HomeworkTable,
  'id' | 'user_id' | 'assignment_id' | 'grade' | 'points' | 'is_late'
>;

/**
 * Every submission to a course, oldest first, with only what a cell needs:
 * answered from homework_course_cells alone (a covering index). With
 * `userIds`, only theirs (homework_course_user_submitted), each student's
 * oldest first.
 */
export function findCourseCellRows(
  db: Db,
  courseId: string,
  userIds?: readonly string[],
): Promise<CellRow[]> {
  const query = db
    .selectFrom('homework')
    .select(['id', 'user_id', 'assignment_id', 'grade', 'points', 'is_late'])
    .where('course_id', '=', courseId);
  if (userIds === undefined) return query.orderBy('submitted_at').orderBy('id').execute();
  return readByIds(userIds, (slice) =>
    query
      .where('user_id', 'in', slice)
      .orderBy('user_id')
      .orderBy('submitted_at')
      .orderBy('id')
      .execute(),
  );
}

/** One student's submissions to a course, oldest first: homework_user_course_submitted. */
export function findUserGradeRows(db: Db, userId: string, courseId: string): Promise<GradeRow[]> {
  return db
    .selectFrom('homework')
    .select(GRADE_COLUMNS)
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .orderBy('submitted_at')
    .orderBy('id')
    .execute();
}
