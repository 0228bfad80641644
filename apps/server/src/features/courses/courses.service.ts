import {
  API,
  API_BASE,
  checkCourse,
  messages,
  type Course,
  type CourseInput,
  type CourseListQuery,
  type CourseUpdateFields,
  type User,
} from '@urok/contract';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import { detectCoverType } from '../../lib/file-types.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import { buildSearchText, searchTerms } from '../../lib/search-text.ts';
import {
  createDefaultAssignment,
  updateDefaultAssignment,
} from '../assignments/assignments.service.ts';
import { createDefaultSection } from '../content/content.service.ts';
import { assertCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import type { StoredUpload, UploadRule } from '../../lib/uploads.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  changeEnrolledCount,
  deleteEnrollment,
  findCourseById,
  findCourses,
  findCoursesByAuthor,
  findEnrolledCourses,
  insertCourse,
  insertEnrollment,
  isEnrolled,
  updateCourseFields,
  type CoursePosition,
  type CourseRow,
} from './courses.repository.ts';

export interface CoursePage {
  courses: Course[];
  nextCursor: string | null;
}

/** The public address of a stored cover (`covers/<name>` → `/api/files/covers/<name>`). */
export function coverUrl(coverKey: string | null): string | null {
  if (!coverKey) return null;
  return API_BASE + API.cover(coverKey.slice('covers/'.length));
}

export function toCourse(row: CourseRow): Course {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    homeworkTask: row.homework_task,
    homeworkDueAt: row.homework_due_at,
    coverUrl: coverUrl(row.cover_key),
    author: { _id: row.author_id, username: row.author_username },
    enrolledCount: Number(row.enrolled_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function coverUploadRule(maxBytes: number): UploadRule {
  return {
    area: 'covers',
    maxBytes,
    detect: (head) => detectCoverType(head),
    keyWithExtension: true,
    tooLargeMessage: messages.coverTooLarge,
    unsupportedMessage: messages.coverTypeUnsupported,
  };
}

// ---------------------------------------------------------------- cursors

/** The cursor is opaque to clients: base64url of the last course's (created_at, id). */
export function encodeCursor(position: CoursePosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): CoursePosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((part) => typeof part === 'string' && part.length <= 100)
    ) {
      return { createdAt: value[0] as string, id: value[1] as string };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw new AppError('BAD_REQUEST', messages.cursorInvalid, { cursor: messages.cursorInvalid });
}

// ---------------------------------------------------------------- reading

export async function listCourses(db: Db, query: CourseListQuery): Promise<CoursePage> {
  const rows = await findCourses(db, {
    terms: searchTerms(query.q),
    authorId: query.authorId || undefined,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ createdAt: last.created_at, id: last.id })
      : null;
  return { courses: page.map(toCourse), nextCursor };
}

async function getCourseRow(db: Db, id: string): Promise<CourseRow> {
  const row = await findCourseById(db, id);
  if (!row) throw new AppError('NOT_FOUND', messages.courseNotFound);
  return row;
}

export async function getCourse(db: Db, id: string): Promise<Course> {
  return toCourse(await getCourseRow(db, id));
}

export function isHidden(row: Pick<CourseRow, 'hidden'>): boolean {
  return Number(row.hidden ?? 0) === 1;
}

/**
 * A hidden course is seen only by its author, its
 * enrolled students and operators; for anyone else it does not exist.
 */
async function mayViewHidden(db: Db, row: CourseRow, viewer: User | null): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.isOperator || viewer._id === row.author_id) return true;
  return isEnrolled(db, viewer._id, row.id);
}

/**
 * GET courses/{id}: the course, or 404 when it is hidden from this viewer.
 * `viewer` is asked only for a hidden course, so the public read stays one query.
 */
export async function getVisibleCourse(
  db: Db,
  id: string,
  viewer: () => Promise<User | null>,
): Promise<Course> {
  const row = await getCourseRow(db, id);
  if (isHidden(row) && !(await mayViewHidden(db, row, await viewer())))
    throw new AppError('NOT_FOUND', messages.courseNotFound);
  return toCourse(row);
}

export async function listCreatedCourses(db: Db, authorId: string): Promise<Course[]> {
  return (await findCoursesByAuthor(db, authorId)).map(toCourse);
}

/** A user's enrolled courses; only that user may ask. */
export async function listEnrolledCourses(
  db: Db,
  requester: User,
  userId: string,
): Promise<Course[]> {
  if (requester._id !== userId) throw new AppError('FORBIDDEN', messages.forbidden);
  return (await findEnrolledCourses(db, userId)).map(toCourse);
}

// ---------------------------------------------------------------- writing

function normalizeDueAt(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : new Date(trimmed).toISOString();
}

/** Runs checkCourse (the same rules as the web form): 400 naming the field. */
function assertValidCourse(input: CourseInput): void {
  const error = checkCourse(input);
  if (error) {
    throw new AppError(
      'BAD_REQUEST',
      error.message,
      Object.fromEntries(error.fields.map((field) => [field, error.message])),
    );
  }
}

/** Creates a course of `authorId`; the cover, if any, is already in storage. */
export async function createCourse(
  db: Db,
  authorId: string,
  input: CourseInput,
  cover: StoredUpload | null,
): Promise<Course> {
  assertValidCourse(input);
  const now = new Date().toISOString();
  const id = createTimeOrderedId();
  const title = input.title.trim();
  const description = input.description.trim();
  const category = input.category.trim();
  const homeworkTask = input.homeworkTask.trim();
  const homeworkDueAt = normalizeDueAt(input.homeworkDueAt);
  // The course, its first section 'Загальне' and in it the default
  // assignment holding the homework text and due date appear together.
  await db.transaction().execute(async (trx) => {
    await insertCourse(trx, {
      id,
      author_id: authorId,
      title,
      description,
      category,
      homework_task: homeworkTask,
      homework_due_at: homeworkDueAt,
      cover_key: cover?.key ?? null,
      search_text: buildSearchText(title, description, category),
      enrolled_count: 0,
      created_at: now,
      updated_at: now,
    });
    const sectionId = await createDefaultSection(trx, id, now);
    await createDefaultAssignment(trx, id, sectionId, homeworkTask, homeworkDueAt, now);
  });
  return getCourse(db, id);
}

/** 404 for a missing course, 403 unless `user` is its author (lib/teacher-role.ts). */
export async function getAuthoredCourse(
  db: Db,
  user: Requester,
  courseId: string,
): Promise<CourseRow> {
  const row = await getCourseRow(db, courseId);
  assertCourseAuthor(user, row.author_id);
  return row;
}

export interface CourseUpdate {
  course: Course;
  authorCourses: Course[];
}

/**
 * Updates the fields sent (absent ones keep their value) after the same
 * checks as creation. A new cover replaces the old one, whose file is
 * deleted once the row no longer points at it.
 */
export async function updateCourse(
  db: Db,
  storage: Storage,
  user: Requester,
  fields: CourseUpdateFields,
  cover: StoredUpload | null,
): Promise<CourseUpdate> {
  const current = await getAuthoredCourse(db, user, fields.courseId);
  const input: CourseInput = {
    title: fields.title ?? current.title,
    description: fields.description ?? current.description,
    category: fields.category ?? current.category,
    // The stored text mirrors the default assignment, whose instructions may have outgrown the
    // course form's limits: only a text sent is checked (and then replaces the instructions).
    homeworkTask: fields.homeworkTask ?? '',
    homeworkDueAt: fields.homeworkDueAt ?? current.homework_due_at ?? '',
  };
  assertValidCourse(input);
  const removeCover = fields.removeCover === 'true' || fields.removeCover === '1';
  const coverKey = cover ? cover.key : removeCover ? null : current.cover_key;
  const title = input.title.trim();
  const description = input.description.trim();
  const category = input.category.trim();
  const homeworkTask =
    fields.homeworkTask !== undefined ? input.homeworkTask.trim() : current.homework_task;
  const homeworkDueAt =
    fields.homeworkDueAt !== undefined
      ? normalizeDueAt(input.homeworkDueAt)
      : current.homework_due_at;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await updateCourseFields(trx, current.id, {
      title,
      description,
      category,
      homework_task: homeworkTask,
      homework_due_at: homeworkDueAt,
      cover_key: coverKey,
      search_text: buildSearchText(title, description, category),
      updated_at: now,
    });
    // The course JSON's homeworkTask/homeworkDueAt are its default assignment's.
    if (fields.homeworkTask !== undefined || fields.homeworkDueAt !== undefined)
      await updateDefaultAssignment(
        trx,
        current.id,
        {
          ...(fields.homeworkTask !== undefined ? { homeworkTask } : {}),
          ...(fields.homeworkDueAt !== undefined ? { homeworkDueAt } : {}),
        },
        now,
      );
  });
  if (current.cover_key && current.cover_key !== coverKey) {
    // The row is committed without it: a failure here leaves an orphan for the start-up sweep, never a broken cover.
    await storage.remove(current.cover_key).catch(() => {});
  }
  return {
    course: await getCourse(db, current.id),
    authorCourses: await listCreatedCourses(db, user._id),
  };
}

/**
 * Enrols `user` (idempotent: a second call changes nothing) and returns the
 * course with its count. The author may not enrol in their own course.
 */
export async function enrollInCourse(db: Db, user: User, courseId: string): Promise<Course> {
  const course = await getCourseRow(db, courseId);
  if (course.author_id === user._id) throw new AppError('FORBIDDEN', messages.authorCannotEnroll);
  // Nobody new joins a hidden course; for its students enrolling again stays the idempotent no-op.
  if (isHidden(course) && !(await isEnrolled(db, user._id, courseId)))
    throw new AppError('NOT_FOUND', messages.courseNotFound);
  await db.transaction().execute(async (trx) => {
    if (await insertEnrollment(trx, user._id, courseId, new Date().toISOString())) {
      await changeEnrolledCount(trx, courseId, 1);
    }
  });
  return getCourse(db, courseId);
}

/** Leaves a course. Idempotent: leaving a course one is not in is a 204 too. Submitted homework stays. */
export async function leaveCourse(db: Db, userId: string, courseId: string): Promise<void> {
  await getCourseRow(db, courseId);
  await db.transaction().execute(async (trx) => {
    if (await deleteEnrollment(trx, userId, courseId)) await changeEnrolledCount(trx, courseId, -1);
  });
}
