/** Reading submissions: a student's own, every submitter's for the author, and a submission's file. */
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import DataLoader from 'dataloader';
import { messages, type Homework, type UserWithHomework } from '@urok/contract';
import { userWithHomeworkSchema } from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import { findUserContacts } from '../../db/by-ids.repository.ts';
import type { Db } from '../../db/database.ts';
import { JsonPart, PrebuiltJson } from '../../lib/cached-json.ts';
import { memberScope, submittedScope, userScope, type ReadCache } from '../../lib/read-cache.ts';
import { isCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import { StorageNotFoundError, type Storage } from '../../storage/storage.ts';
import { assertEnrolled, getAuthoredCourse } from './homework-access.ts';
import { handedOutName, withHistory } from './homework-json.ts';
import {
  findCourseHomeworkPage,
  findEnrolledStudentContacts,
  findHomeworkById,
  findOwnHomework,
  findStudentsHomework,
  type SubmissionCursor,
} from './homework.repository.ts';

export async function listOwnHomework(
  db: Db,
  userId: string,
  courseId: string,
): Promise<Homework[]> {
  await assertEnrolled(db, userId, courseId);
  return withHistory(db, await findOwnHomework(db, userId, courseId));
}

/** Rows of a page of the submissions view: a big course's view is read and built page by page. */
const SUBMISSIONS_PAGE = 2000;

/**
 * Every enrolled student who handed something in, each with their
 * submissions, newest first (students in the order of their newest). A big
 * course's view (the 1,000-student course's 18,500 submissions: 8 MB of
 * JSON) is read a page at a time, letting other requests run between pages
 * instead of holding the event loop for the whole read (bench/README.md). A
 * submission written meanwhile may or may not be in this answer, as with
 * any read that overlaps a write; the read cache keeps the answer only until
 * that write's version is seen, so the next request reads it again.
 */
export async function listUsersWithHomework(
  db: Db,
  user: Requester,
  courseId: string,
  pageSize = SUBMISSIONS_PAGE,
): Promise<UserWithHomework[]> {
  await getAuthoredCourse(db, user, courseId);
  return readSubmitters(db, courseId, pageSize);
}

/** listUsersWithHomework's read, without the author's check (a part of the view checked it). */
async function readSubmitters(
  db: Db,
  courseId: string,
  pageSize = SUBMISSIONS_PAGE,
): Promise<UserWithHomework[]> {
  const enrolled = new Map(
    (await findEnrolledStudentContacts(db, courseId)).map((student) => [student.id, student]),
  );
  const users = new Map<string, UserWithHomework>();
  let after: SubmissionCursor | null = null;
  for (;;) {
    const page = await findCourseHomeworkPage(db, courseId, after, pageSize);
    const rows = page.filter((row) => enrolled.has(row.user_id));
    for (const homework of await withHistory(db, rows)) {
      let submitter = users.get(homework.userId);
      if (!submitter) {
        const student = enrolled.get(homework.userId)!;
        submitter = {
          _id: student.id,
          username: student.username,
          telephone: student.telephone,
          email: student.email,
          homework: [],
        };
        users.set(homework.userId, submitter);
      }
      submitter.homework.push(homework);
    }
    const last = page.at(-1);
    if (page.length < pageSize || last === undefined) break;
    after = { submittedAt: last.submitted_at, id: last.id };
    await nextTurn();
  }
  return [...users.values()];
}

/** How many students' parts are checked and written between two yields. */
const PARTS_PER_TURN = 100;

/**
 * The submissions view's part of each of `ids` (students, by id): their
 * contact and submissions, newest first, checked against the schema; null
 * for one without a submission to the course (or no longer enrolled). Read
 * for just those students while they are at most half of the course's
 * (grades and uploads change a few between two views), else for the whole
 * course (readSubmitters, a page at a time).
 */
async function submitterParts(
  db: Db,
  courseId: string,
  ids: readonly string[],
  enrolled: number,
): Promise<(JsonPart | null)[]> {
  const submitters = new Map<string, UserWithHomework>();
  if (ids.length * 2 <= enrolled) {
    const rows = await findStudentsHomework(db, courseId, ids);
    const homework = await withHistory(db, rows);
    // Read here, after the parts' versions were, not taken from the view's own list of students.
    const contacts = new Map((await findUserContacts(db, ids)).map((row) => [row.id, row]));
    homework.forEach((entry) => {
      let submitter = submitters.get(entry.userId);
      if (submitter === undefined) {
        const contact = contacts.get(entry.userId);
        if (contact === undefined) return;
        const { id: _id, ...rest } = contact;
        submitter = { _id, ...rest, homework: [] };
        submitters.set(entry.userId, submitter);
      }
      submitter.homework.push(entry);
    });
  } else {
    for (const submitter of await readSubmitters(db, courseId))
      submitters.set(submitter._id, submitter);
  }
  const parts: (JsonPart | null)[] = [];
  for (const [i, id] of ids.entries()) {
    if (i > 0 && i % PARTS_PER_TURN === 0) await nextTurn();
    const submitter = submitters.get(id);
    const newest = submitter?.homework[0];
    if (submitter === undefined || newest === undefined) {
      parts.push(null);
      continue;
    }
    const json = JSON.stringify(userWithHomeworkSchema.parse(submitter));
    // The student's newest submission places them in the view: by its time, then its id.
    parts.push(new JsonPart(Buffer.from(json), `${newest.submittedAt}\u0000${newest._id}`));
  }
  return parts;
}

/**
 * The submissions view (listUsersWithHomework) as JSON, each student's part
 * kept apart in the read cache: a part depends on its student (their
 * submissions to the course and contact: `user:ID`) and on grade histories.
 * After a grade or an upload the view loads again but builds only that
 * student's part; the rest come from the cache (bench/README.md, the
 * submissions view's first load after a grade). The same bytes as
 * listUsersWithHomework's answer checked and serialized (homework.test.ts).
 */
export async function usersWithHomeworkJson(
  db: Db,
  cache: ReadCache,
  user: Requester,
  courseId: string,
): Promise<PrebuiltJson> {
  await getAuthoredCourse(db, user, courseId);
  const enrolled = await findEnrolledStudentContacts(db, courseId);
  const parts = new DataLoader<string, JsonPart | null>(
    (ids) => submitterParts(db, courseId, ids, enrolled.length),
    { cache: false },
  );
  const loaded = await Promise.all(
    enrolled.map((student) =>
      cache.get(
        `submitter:${courseId}:${student.id}`,
        {
          before: [
            userScope(student.id),
            memberScope(student.id, courseId),
            submittedScope(student.id, courseId),
            'homework_grade_history',
          ],
        },
        () => parts.load(student.id),
      ),
    ),
  );
  const submitters = loaded
    .filter((part): part is JsonPart => part !== null)
    .sort((a, b) => (a.order < b.order ? 1 : a.order > b.order ? -1 : 0));
  return new PrebuiltJson('{"users":[', submitters, ']}');
}

export interface HomeworkFile {
  stream: Readable;
  size: number;
  fileName: string;
  mimeType: string;
}

/** A submission its submitter or the course's author may read: 404 when there is none, 403 for anyone else. */
async function findReadableHomework(db: Db, user: Requester, homeworkId: string) {
  const row = await findHomeworkById(db, homeworkId);
  if (!row) throw new AppError('NOT_FOUND', messages.homeworkNotFound);
  if (row.user_id !== user._id && !isCourseAuthor(user, row.course_author_id))
    throw new AppError('FORBIDDEN', messages.forbidden);
  return row;
}

/**
 * Checks that `user` may read the submission's file now (its submitter or the
 * course's author), before the route signs a link to it for them.
 */
export async function assertHomeworkFileReadable(
  db: Db,
  user: Requester,
  homeworkId: string,
): Promise<void> {
  await findReadableHomework(db, user, homeworkId);
}

/** The file of a submission, for its submitter or the course's author. */
export async function openHomeworkFile(
  db: Db,
  storage: Storage,
  user: Requester,
  homeworkId: string,
): Promise<HomeworkFile> {
  const row = await findReadableHomework(db, user, homeworkId);
  try {
    const { stream, size } = await storage.read(row.file_key);
    return { stream, size, fileName: handedOutName(row), mimeType: row.mime_type };
  } catch (error) {
    if (error instanceof StorageNotFoundError)
      throw new AppError('NOT_FOUND', messages.homeworkNotFound);
    throw error;
  }
}
