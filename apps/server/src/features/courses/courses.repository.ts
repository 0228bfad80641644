import { sql, type SqlBool } from 'kysely';
import type { CoursesTable, Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect-of.ts';
import { containsPattern, trigramPhrase } from '../../lib/search-text.ts';

/** A course as the lists and pages show it: every column but its folded search words. */
export type CourseRow = Omit<CoursesTable, 'search_text'> & { author_username: string };

/**
 * The columns a course's answer shows, by name, not `courses.*`: the read cache's structural
 * test sees in the SQL that an answer shows the count of students (enrolled_count, whose
 * changes raise the course's roster, not the course: migration 0027), and search_text (the
 * title, description and category again, folded) is only ever matched in SQL.
 */
const SHOWN: Record<Exclude<keyof CoursesTable, 'search_text'>, true> = {
  // Every column but search_text, which the type above asks for by name: a column added to
  // CoursesTable and not here fails to compile.
  id: true,
  author_id: true,
  title: true,
  description: true,
  category: true,
  homework_task: true,
  homework_due_at: true,
  cover_key: true,
  enrolled_count: true,
  created_at: true,
  updated_at: true,
  hidden: true,
  visibility: true,
  join_code: true,
  homework_published: true,
};
const COURSE_COLUMNS = Object.keys(SHOWN).map(
  (column) => `courses.${column}`,
) as `courses.${keyof typeof SHOWN}`[];

export interface CoursePosition {
  createdAt: string;
  id: string;
}

export interface CourseFilter {
  /** Folded search words; a course matches when its search_text holds every one. */
  terms: string[];
  authorId?: string | undefined;
  /** Only courses after this one in the newest-first order. */
  after?: CoursePosition | undefined;
  limit: number;
  /** The operator's console lists hidden, private and draft courses too; every public list leaves them out. */
  includeHidden?: boolean;
}

function selectCourses(db: Db) {
  return db
    .selectFrom('courses')
    .innerJoin('users', 'users.id', 'courses.author_id')
    .select(COURSE_COLUMNS)
    .select('users.username as author_username');
}

/** One page, newest first by (created_at, id): the index courses_created_id (or courses_author_created_id) serves it. */
export function findCourses(db: Db, filter: CourseFilter): Promise<CourseRow[]> {
  let query = selectCourses(db);
  const sqlite = filter.terms.length > 0 && dialectOf(db) === 'sqlite';
  for (const term of filter.terms) {
    // SQLite: the FTS5 trigram table (migration 0005) finds the candidates of a 3+ character word by index;
    // the LIKE below keeps the exact meaning. The unary + keeps the newest-first walk of courses_created_id
    // (stopping at the page's end) instead of fetching every match and sorting: a common word stays cheap,
    // a rare one no longer reads the whole table. PostgreSQL's pg_trgm index serves the LIKE itself.
    const phrase = sqlite ? trigramPhrase(term) : undefined;
    if (phrase !== undefined) {
      query = query.where(
        sql<SqlBool>`+courses.id in (select course_id from course_search where course_search match ${phrase})`,
      );
    }
    query = query.where(
      sql<SqlBool>`courses.search_text like ${containsPattern(term)} escape '\\'`,
    );
  }
  if (filter.authorId !== undefined) query = query.where('courses.author_id', '=', filter.authorId);
  // lib/course-visibility.ts isListedCourse, as SQL.
  if (!filter.includeHidden)
    query = query.where('courses.hidden', '=', 0).where('courses.visibility', '=', 'public');
  const after = filter.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('courses.created_at', '<', after.createdAt),
        eb.and([eb('courses.created_at', '=', after.createdAt), eb('courses.id', '<', after.id)]),
      ]),
    );
  }
  return query
    .orderBy('courses.created_at', 'desc')
    .orderBy('courses.id', 'desc')
    .limit(filter.limit)
    .execute();
}

export function findCourseById(db: Db, id: string): Promise<CourseRow | undefined> {
  return selectCourses(db).where('courses.id', '=', id).executeTakeFirst();
}

export function findCoursesByAuthor(db: Db, authorId: string): Promise<CourseRow[]> {
  return selectCourses(db)
    .where('courses.author_id', '=', authorId)
    .orderBy('courses.created_at', 'desc')
    .orderBy('courses.id', 'desc')
    .execute();
}

/** The courses a user is enrolled in, the latest enrolment first. */
export function findEnrolledCourses(db: Db, userId: string): Promise<CourseRow[]> {
  return selectCourses(db)
    .innerJoin('enrollments', 'enrollments.course_id', 'courses.id')
    .where('enrollments.user_id', '=', userId)
    .orderBy('enrollments.created_at', 'desc')
    .orderBy('courses.id', 'desc')
    .execute();
}

export async function insertCourse(db: Db, row: CoursesTable): Promise<void> {
  await db.insertInto('courses').values(row).execute();
}

export async function updateCourseFields(
  db: Db,
  id: string,
  fields: Pick<
    CoursesTable,
    | 'title'
    | 'description'
    | 'category'
    | 'homework_task'
    | 'homework_due_at'
    | 'cover_key'
    | 'search_text'
    | 'updated_at'
  >,
): Promise<void> {
  await db.updateTable('courses').set(fields).where('id', '=', id).execute();
}

/**
 * Sets the visibility. A draft has no students: becoming one takes effect
 * only while enrolled_count is 0, checked in the statement itself, which
 * waits for (and then sees) an enrolment committing at the same time.
 * False when the course had students.
 */
export async function updateCourseVisibility(
  db: Db,
  id: string,
  visibility: string,
): Promise<boolean> {
  let query = db.updateTable('courses').set({ visibility }).where('id', '=', id);
  if (visibility === 'draft') query = query.where('enrolled_count', '=', 0);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findCourseByJoinCode(db: Db, code: string): Promise<CourseRow | undefined> {
  return selectCourses(db).where('courses.join_code', '=', code).executeTakeFirst();
}

/** Stores a join code (the old one stops working); `onlyIfNone`: only when the course has none yet. */
export async function setJoinCode(
  db: Db,
  id: string,
  code: string,
  onlyIfNone: boolean,
): Promise<void> {
  let query = db.updateTable('courses').set({ join_code: code }).where('id', '=', id);
  if (onlyIfNone) query = query.where('join_code', 'is', null);
  await query.execute();
}

/** Hides a course from the catalog and public pages, or shows it again (the operator's console). */
export async function setCourseHidden(
  db: Db,
  id: string,
  hidden: boolean,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('courses')
    .set({ hidden: hidden ? 1 : 0, updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
}

/** Adds the enrolment unless it exists; true when this call added it. */
export async function insertEnrollment(
  db: Db,
  userId: string,
  courseId: string,
  createdAt: string,
): Promise<boolean> {
  const result = await db
    .insertInto('enrollments')
    .values({ user_id: userId, course_id: courseId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes the enrolment; true when there was one. */
export async function deleteEnrollment(db: Db, userId: string, courseId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('enrollments')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * enrolled_count + delta, as one statement: concurrent enrolments each add their own 1 under the row lock.
 * An enrolment never counts into a draft: false (nothing changed) when the course is one by now, and the
 * caller rolls its enrolment back.
 */
export async function changeEnrolledCount(
  db: Db,
  courseId: string,
  delta: 1 | -1,
): Promise<boolean> {
  let query = db
    .updateTable('courses')
    .set((eb) => ({ enrolled_count: eb('enrolled_count', '+', delta) }))
    .where('id', '=', courseId);
  if (delta > 0) query = query.where('visibility', '<>', 'draft');
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
