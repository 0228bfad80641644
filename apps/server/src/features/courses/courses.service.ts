import { randomInt } from 'node:crypto';
import {
  API,
  API_BASE,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  ROUTES,
  checkCourse,
  classMessages,
  messages,
  normalizeJoinCode,
  type Course,
  type CourseVisibility,
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
import { findAccountByTelephone } from '../auth/auth.service.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { courseVisibility, isListedCourse, maySeeCourse } from '../../lib/course-visibility.ts';
import { assertCourseAuthor, isCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import type { StoredUpload, UploadRule } from '../../lib/uploads.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  changeEnrolledCount,
  deleteEnrollment,
  findCourseById,
  findCourseByJoinCode,
  findCourses,
  findCoursesByAuthor,
  findEnrolledCourses,
  insertCourse,
  insertEnrollment,
  isEnrolled,
  setJoinCode,
  updateCourseFields,
  updateCourseVisibility,
  type CoursePosition,
  type CourseRow,
} from './courses.repository.ts';

/** What other features read and change of courses (through this service, never the repository). */
export {
  findCourseById,
  findCourses,
  findEnrolledCourses,
  isEnrolled,
  setCourseHidden,
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

/**
 * The course as anyone may read it: while its default assignment is a
 * draft, no homework text or due date (docs/decisions.md, trust second
 * round). The same for every reader, so a kept answer never differs by who
 * asks; the author reads their draft through toAuthorCourse.
 */
export function toCourse(row: CourseRow): Course {
  const homeworkShown = Number(row.homework_published ?? 1) === 1;
  return {
    ...toAuthorCourse(row),
    homeworkTask: homeworkShown ? row.homework_task : '',
    homeworkDueAt: homeworkShown ? row.homework_due_at : null,
  };
}

/** The course as its author reads it: the default assignment's text and due date, draft or not. */
export function toAuthorCourse(row: CourseRow): Course {
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
    visibility: courseVisibility(row),
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

async function getAuthorCourse(db: Db, id: string): Promise<Course> {
  return toAuthorCourse(await getCourseRow(db, id));
}

export function isHidden(row: Pick<CourseRow, 'hidden'>): boolean {
  return Number(row.hidden ?? 0) === 1;
}

/**
 * GET courses/{id}: the course, or 404 when this viewer may not know it
 * exists (lib/course-visibility.ts). `viewer` is asked only for a course
 * that is not public or a draft default assignment (whose text only the
 * author reads), so the public read stays one query.
 */
export async function getVisibleCourse(
  db: Db,
  id: string,
  viewer: () => Promise<User | null>,
): Promise<Course> {
  const row = await getCourseRow(db, id);
  const draftHomework = Number(row.homework_published ?? 1) !== 1;
  const asker = isListedCourse(row) && !draftHomework ? null : await viewer();
  if (!(await maySeeCourse(row, asker, () => isEnrolled(db, asker?._id ?? '', row.id))))
    throw new AppError('NOT_FOUND', messages.courseNotFound);
  return asker && isCourseAuthor(asker, row.author_id) ? toAuthorCourse(row) : toCourse(row);
}

/** The author's own courses (their list is theirs alone, and kept under their id). */
export async function listCreatedCourses(db: Db, authorId: string): Promise<Course[]> {
  return (await findCoursesByAuthor(db, authorId)).map(toAuthorCourse);
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

/**
 * What creating a course and changing its homework fields do in the features
 * built on courses, inside the same transaction: its first section
 * (content) and its default assignment (assignments). Both of those read
 * courses (enrolment, authorship), so courses does not import them: the
 * composition root hands it these (course-setup.ts, beside app.ts).
 */
export interface CourseSetup {
  /** The new course's first section and, when it has a homework text, its default assignment. */
  created(
    trx: Db,
    courseId: string,
    homeworkTask: string,
    homeworkDueAt: string | null,
    now: string,
  ): Promise<void>;
  /** The default assignment follows the homework fields sent (`change`) of the course now (`course`). */
  homeworkChanged(
    trx: Db,
    courseId: string,
    change: { homeworkTask?: string; homeworkDueAt?: string | null },
    course: { homeworkTask: string; homeworkDueAt: string | null },
    now: string,
  ): Promise<void>;
}

/** Creates a course of `authorId`; the cover, if any, is already in storage. */
export async function createCourse(
  db: Db,
  setup: CourseSetup,
  authorId: string,
  input: CourseInput,
  cover: StoredUpload | null,
  visibility: CourseVisibility = 'public',
): Promise<Course> {
  assertValidCourse(input);
  const now = new Date().toISOString();
  const id = createTimeOrderedId();
  const title = input.title.trim();
  const description = input.description.trim();
  const category = input.category.trim();
  const homeworkTask = input.homeworkTask.trim();
  const homeworkDueAt = normalizeDueAt(input.homeworkDueAt);
  // The course, its first section 'Загальне' and in it, when there is a
  // homework text, the default assignment holding it and the due date
  // appear together.
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
      visibility,
      created_at: now,
      updated_at: now,
    });
    await setup.created(trx, id, homeworkTask, homeworkDueAt, now);
  });
  return getAuthorCourse(db, id);
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
  setup: CourseSetup,
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
    if (
      fields.visibility !== undefined &&
      fields.visibility !== courseVisibility(current) &&
      !(await updateCourseVisibility(trx, current.id, fields.visibility))
    )
      throw new AppError('CONFLICT', classMessages.draftHasStudents, {
        visibility: classMessages.draftHasStudents,
      });
    // The course JSON's homeworkTask/homeworkDueAt are its default assignment's.
    if (fields.homeworkTask !== undefined || fields.homeworkDueAt !== undefined)
      await setup.homeworkChanged(
        trx,
        current.id,
        {
          ...(fields.homeworkTask !== undefined ? { homeworkTask } : {}),
          ...(fields.homeworkDueAt !== undefined ? { homeworkDueAt } : {}),
        },
        { homeworkTask, homeworkDueAt },
        now,
      );
  });
  if (current.cover_key && current.cover_key !== coverKey) {
    // The row is committed without it: a failure here leaves an orphan for the start-up sweep, never a broken cover.
    await storage.remove(current.cover_key).catch(() => {});
  }
  return {
    course: await getAuthorCourse(db, current.id),
    authorCourses: await listCreatedCourses(db, user._id),
  };
}

/**
 * Adds the enrolment in one transaction with its count; idempotent. Rolled
 * back with a 409 when the course became a draft meanwhile (a draft has no students).
 */
async function addEnrollment(db: Db, userId: string, courseId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (
      (await insertEnrollment(trx, userId, courseId, new Date().toISOString())) &&
      !(await changeEnrolledCount(trx, courseId, 1))
    )
      throw new AppError('CONFLICT', classMessages.draftNoJoin);
  });
}

/**
 * Enrols `user` (idempotent: a second call changes nothing) and returns the
 * course with its count. The author may not enrol in their own course; a
 * private or draft course takes no one through this door (403: its join code,
 * or the author, let a student in).
 */
export async function enrollInCourse(db: Db, user: User, courseId: string): Promise<Course> {
  const course = await getCourseRow(db, courseId);
  if (course.author_id === user._id) throw new AppError('FORBIDDEN', messages.authorCannotEnroll);
  // For its students enrolling again stays the idempotent no-op.
  if (!isListedCourse(course) && !(await isEnrolled(db, user._id, courseId))) {
    // Nobody new joins a course an operator hid.
    if (isHidden(course)) throw new AppError('NOT_FOUND', messages.courseNotFound);
    throw new AppError('FORBIDDEN', classMessages.privateNoEnroll);
  }
  await addEnrollment(db, user._id, courseId);
  return getCourse(db, courseId);
}

// ---------------------------------------------------------------- classes

/** A fresh code: JOIN_CODE_LENGTH signs of JOIN_CODE_ALPHABET, each drawn uniformly. */
export function generateJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i += 1)
    code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

export interface JoinCode {
  code: string;
  url: string;
}

function toJoinCode(code: string, publicUrl: string): JoinCode {
  return { code, url: publicUrl + ROUTES.join(code) };
}

/** Stores a new code, drawing again in the (one in 10^11) case another course holds it. */
async function storeNewJoinCode(db: Db, courseId: string, onlyIfNone: boolean): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await setJoinCode(db, courseId, generateJoinCode(), onlyIfNone);
      return;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** GET courses/{id}/join-code (the author): the course's code, made on the first ask. */
export async function getJoinCode(
  db: Db,
  user: Requester,
  courseId: string,
  publicUrl: string,
): Promise<JoinCode> {
  let row = await getAuthoredCourse(db, user, courseId);
  if (!row.join_code) {
    // Two first asks at once: the second's write finds a code and changes nothing.
    await storeNewJoinCode(db, courseId, true);
    row = await getCourseRow(db, courseId);
  }
  return toJoinCode(row.join_code as string, publicUrl);
}

/** POST courses/{id}/join-code (the author): a new code; the old one stops working at once. */
export async function rotateJoinCode(
  db: Db,
  user: Requester,
  courseId: string,
  publicUrl: string,
): Promise<JoinCode> {
  await getAuthoredCourse(db, user, courseId);
  await storeNewJoinCode(db, courseId, false);
  return toJoinCode((await getCourseRow(db, courseId)).join_code as string, publicUrl);
}

/**
 * POST courses/join: enrols `user` in the course of `code` (idempotent).
 * 404 'Код не знайдено' for a code no course holds (or a course an operator
 * hid: it takes nobody new), 409 for a draft, 403 for its author.
 */
export async function joinByCode(db: Db, user: User, code: string): Promise<Course> {
  const normalized = normalizeJoinCode(code);
  const row = normalized === null ? undefined : await findCourseByJoinCode(db, normalized);
  if (!row || (isHidden(row) && !(await isEnrolled(db, user._id, row.id))))
    throw new AppError('NOT_FOUND', classMessages.joinCodeNotFound, {
      code: classMessages.joinCodeNotFound,
    });
  if (courseVisibility(row) === 'draft') throw new AppError('CONFLICT', classMessages.draftNoJoin);
  if (row.author_id === user._id) throw new AppError('FORBIDDEN', messages.authorCannotEnroll);
  await addEnrollment(db, user._id, row.id);
  return getCourse(db, row.id);
}

/**
 * POST courses/{id}/students (the author): enrols the account of `telephone`.
 * 404 when no account has the number; 409 for a draft; idempotent.
 */
export async function addStudentByTelephone(
  db: Db,
  user: Requester,
  courseId: string,
  telephone: string,
): Promise<Course> {
  const row = await getAuthoredCourse(db, user, courseId);
  if (courseVisibility(row) === 'draft') throw new AppError('CONFLICT', classMessages.draftNoJoin);
  const student = await findAccountByTelephone(db, telephone);
  if (!student)
    throw new AppError('NOT_FOUND', classMessages.studentNotFound, {
      telephone: classMessages.studentNotFound,
    });
  if (student._id === row.author_id)
    throw new AppError('FORBIDDEN', messages.authorCannotEnroll, {
      telephone: messages.authorCannotEnroll,
    });
  await addEnrollment(db, student._id, courseId);
  return getCourse(db, courseId);
}

/** Leaves a course. Idempotent: leaving a course one is not in is a 204 too. Submitted homework stays. */
export async function leaveCourse(db: Db, userId: string, courseId: string): Promise<void> {
  await getCourseRow(db, courseId);
  await db.transaction().execute(async (trx) => {
    if (await deleteEnrollment(trx, userId, courseId)) await changeEnrolledCount(trx, courseId, -1);
  });
}
