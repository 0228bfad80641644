import type { Db } from '../../db/database.ts';

/** Makes `tokenHash` the user's one feed: an earlier one stops working (one row per user). */
export async function replaceFeed(
  db: Db,
  userId: string,
  tokenHash: string,
  createdAt: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
    await trx
      .insertInto('calendar_feeds')
      .values({ token_hash: tokenHash, user_id: userId, created_at: createdAt })
      .execute();
  });
}

export async function deleteFeed(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** The holder of a feed token (by its hash: the primary key), with their teacher and blocked flags. */
export function findFeedHolder(
  db: Db,
  tokenHash: string,
): Promise<
  | {
      id: string;
      username: string;
      is_admin: number;
      is_blocked: number | undefined;
      language: string | undefined;
    }
  | undefined
> {
  return db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .select(['users.id', 'users.username', 'users.is_admin', 'users.is_blocked', 'users.language'])
    .where('calendar_feeds.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export interface CalendarAssignmentRow {
  id: string;
  title: string;
  instructions: string;
  due_at: string;
  updated_at: string;
  course_title: string;
}

/** Published assignments with a due date in the courses the user is enrolled in: enrollments' key, then assignments by course. */
export function findEnrolledCalendarAssignments(
  db: Db,
  userId: string,
): Promise<CalendarAssignmentRow[]> {
  return db
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .innerJoin('assignments', 'assignments.course_id', 'enrollments.course_id')
    .select([
      'assignments.id',
      'assignments.title',
      'assignments.instructions',
      'assignments.due_at',
      'assignments.updated_at',
      'courses.title as course_title',
    ])
    .where('enrollments.user_id', '=', userId)
    .where('assignments.published', '=', 1)
    .where('assignments.due_at', 'is not', null)
    .$narrowType<{ due_at: string }>()
    .execute();
}

/** The same for the courses the user wrote: courses_author_created_id, then assignments by course. */
export function findAuthoredCalendarAssignments(
  db: Db,
  userId: string,
): Promise<CalendarAssignmentRow[]> {
  return db
    .selectFrom('courses')
    .innerJoin('assignments', 'assignments.course_id', 'courses.id')
    .select([
      'assignments.id',
      'assignments.title',
      'assignments.instructions',
      'assignments.due_at',
      'assignments.updated_at',
      'courses.title as course_title',
    ])
    .where('courses.author_id', '=', userId)
    .where('assignments.published', '=', 1)
    .where('assignments.due_at', 'is not', null)
    .$narrowType<{ due_at: string }>()
    .execute();
}
