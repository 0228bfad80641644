import { Readable } from 'node:stream';
import yazl from 'yazl';
import {
  messages,
  parsePoints,
  type GradeInput,
  type Homework,
  type HomeworkFormFields,
  type UserWithHomework,
} from '@urok/contract';
import type { GradeHistoryEntry, HomeworkComment, RegradeBody } from '@urok/contract/schemas';
import { notificationText } from '@urok/contract';
import { notify, submissionLink, type Announcement } from '../../lib/notify.ts';
import { AppError } from '../../app-error.ts';
import type { UploadQuota } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { toCsv } from '../../lib/csv.ts';
import {
  fileNameForType,
  sanitizeArchiveSegment,
  sanitizeFileName,
  uniqueName,
} from '../../lib/file-names.ts';
import { detectHomeworkType } from '../../lib/file-types.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import { assertCourseAuthor, isCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import type { StoredUpload, UploadLimit, UploadRule } from '../../lib/uploads.ts';
import { StorageNotFoundError, type Storage } from '../../storage/storage.ts';
import {
  findAssignmentWithAuthor,
  findCourseAssignments,
  findDefaultAssignment,
} from '../assignments/assignments.repository.ts';
import {
  deleteHomeworkIfUngraded,
  findComments,
  findCourseHomework,
  findGradeHistory,
  insertComment,
  insertGradeHistory,
  replaceGradeIfUnchanged,
  type CommentRow,
  type GradeHistoryRow,
  findCourseHomeworkUsage,
  findEnrolledSubmitterHomework,
  findHomeworkById,
  findHomeworkCourse,
  findOwnHomework,
  findUserHomeworkUsage,
  insertHomework,
  isEnrolled,
  lockQuotaOwners,
  setGradeIfUngraded,
  type HomeworkCourse,
  type HomeworkUsage,
  type HomeworkRow,
  type SubmitterHomeworkRow,
} from './homework.repository.ts';

/**
 * The name a submission's file is handed out under, the same everywhere (the
 * JSON, the download, the zip and CSV exports): rows stored before uploads
 * took the detected type's extension get it here (lib/file-names.ts).
 */
function handedOutName(row: Pick<HomeworkRow, 'file_name' | 'mime_type'>): string {
  return fileNameForType(row.file_name, row.mime_type);
}

function toGradeHistoryEntry(row: GradeHistoryRow): GradeHistoryEntry {
  return {
    grade: row.grade,
    points: row.points === null ? null : Number(row.points),
    feedback: row.feedback,
    gradedAt: row.graded_at,
    reason: row.reason,
    replacedAt: row.replaced_at,
  };
}

/** The submission as JSON; `history` holds its earlier grades (any rows: only its own are taken). */
export function toHomework(row: HomeworkRow, history: readonly GradeHistoryRow[] = []): Homework {
  return {
    _id: row.id,
    courseId: row.course_id,
    assignmentId: row.assignment_id,
    userId: row.user_id,
    fileName: handedOutName(row),
    size: Number(row.size),
    mimeType: row.mime_type,
    comment: row.comment,
    submittedAt: row.submitted_at,
    isLate: Number(row.is_late) === 1,
    grade: row.grade,
    points: row.points === null ? null : Number(row.points),
    feedback: row.feedback,
    gradedAt: row.graded_at,
    gradeHistory: history.filter((h) => h.homework_id === row.id).map(toGradeHistoryEntry),
  };
}

/** Submissions as JSON, each with its grade history (one query for all of them). */
async function withHistory(db: Db, rows: HomeworkRow[]): Promise<Homework[]> {
  const byHomework = new Map<string, GradeHistoryRow[]>();
  for (const entry of await findGradeHistory(
    db,
    rows.filter((row) => row.graded_at !== null).map((row) => row.id),
  )) {
    const list = byHomework.get(entry.homework_id) ?? [];
    list.push(entry);
    byHomework.set(entry.homework_id, list);
  }
  return rows.map((row) => toHomework(row, byHomework.get(row.id) ?? []));
}

export function homeworkUploadRule(maxBytes: number): UploadRule {
  return {
    area: 'homework',
    maxBytes,
    detect: detectHomeworkType,
    keyWithExtension: false,
    tooLargeMessage: messages.homeworkTooLarge,
    unsupportedMessage: messages.homeworkTypeUnsupported,
  };
}

async function getCourse(db: Db, courseId: string): Promise<HomeworkCourse> {
  const course = await findHomeworkCourse(db, courseId);
  if (!course) throw new AppError('NOT_FOUND', messages.courseNotFound);
  return course;
}

/** 404 for a missing course, 403 unless `userId` is enrolled in it. */
export async function assertEnrolled(
  db: Db,
  userId: string,
  courseId: string,
): Promise<HomeworkCourse> {
  const course = await getCourse(db, courseId);
  if (!(await isEnrolled(db, userId, courseId)))
    throw new AppError('FORBIDDEN', messages.notEnrolled);
  return course;
}

/** 404 for a missing course, 403 unless `user` is its author (lib/teacher-role.ts). */
async function getAuthoredCourse(
  db: Db,
  user: Requester,
  courseId: string,
): Promise<HomeworkCourse> {
  const course = await getCourse(db, courseId);
  assertCourseAuthor(user, course.author_id);
  return course;
}

/** True when a submission at `submittedAt` is after the course's deadline. */
export function isLateSubmission(dueAt: string | null, submittedAt: string): boolean {
  return dueAt !== null && Date.parse(submittedAt) > Date.parse(dueAt);
}

// ---------------------------------------------------------------- quotas

const quotaError = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);

/**
 * Quotas (docs/decisions.md, uploads). Before an upload's file is read: 413
 * when the user or the course has no file or byte left under its quota,
 * otherwise how many bytes this upload may take while it streams, with the
 * message of the quota that would stop it. `courseId` is unknown when the
 * file comes before the course field: then only the user's quota is applied
 * here, and the course's when the row is written (submitHomework).
 */
export async function homeworkUploadLimit(
  db: Db,
  quota: UploadQuota,
  userId: string,
  courseId: string | undefined,
): Promise<UploadLimit> {
  const user = await findUserHomeworkUsage(db, userId);
  const course = courseId === undefined ? undefined : await findCourseHomeworkUsage(db, courseId);
  if (user.files >= quota.userFiles) throw quotaError(messages.quotaUserFiles(quota.userFiles));
  if (course && course.files >= quota.courseFiles)
    throw quotaError(messages.quotaCourseFiles(quota.courseFiles));
  const userLeft = quota.userBytes - user.bytes;
  const courseLeft = course ? quota.courseBytes - course.bytes : Infinity;
  if (userLeft <= 0) throw quotaError(messages.quotaUserBytes(quota.userBytes));
  if (courseLeft <= 0) throw quotaError(messages.quotaCourseBytes(quota.courseBytes));
  return userLeft <= courseLeft
    ? { maxBytes: userLeft, tooLargeMessage: messages.quotaUserBytes(quota.userBytes) }
    : { maxBytes: courseLeft, tooLargeMessage: messages.quotaCourseBytes(quota.courseBytes) };
}

/** 413 naming the first quota that `user` or `course` (with the new submission counted) passes. */
function assertWithinQuota(quota: UploadQuota, user: HomeworkUsage, course: HomeworkUsage): void {
  if (user.files > quota.userFiles) throw quotaError(messages.quotaUserFiles(quota.userFiles));
  if (course.files > quota.courseFiles)
    throw quotaError(messages.quotaCourseFiles(quota.courseFiles));
  if (user.bytes > quota.userBytes) throw quotaError(messages.quotaUserBytes(quota.userBytes));
  if (course.bytes > quota.courseBytes)
    throw quotaError(messages.quotaCourseBytes(quota.courseBytes));
}

// ---------------------------------------------------------------- submissions

/**
 * The published assignment of the course a submission is for: the one
 * named, or without a name the course's default assignment (the
 * specification's upload). 404 for another course's, an unknown or a draft
 * assignment (a draft does not exist for students).
 */
export async function findSubmittableAssignment(
  db: Db,
  courseId: string,
  assignmentId: string | undefined,
): Promise<{ id: string; due_at: string | null; title: string }> {
  const assignment =
    assignmentId === undefined || assignmentId === ''
      ? await findDefaultAssignment(db, courseId)
      : await findAssignmentWithAuthor(db, assignmentId);
  if (!assignment || assignment.course_id !== courseId || Number(assignment.published) !== 1)
    throw new AppError('NOT_FOUND', messages.assignmentNotFound);
  return assignment;
}

/**
 * Records a submission whose file is already stored. Every upload is a new
 * submission: earlier ones (graded or not) stay as they are. The quotas are
 * checked again in the transaction that adds the row, with the row counted:
 * uploads that streamed side by side each passed the check made before
 * their file, but only those that still fit are kept (413 rolls the row
 * back; the caller removes the file).
 */
export async function submitHomework(
  db: Db,
  quota: UploadQuota,
  student: { _id: string; username: string },
  fields: HomeworkFormFields,
  file: StoredUpload,
  announcement?: Announcement,
): Promise<Homework> {
  const userId = student._id;
  const course = await assertEnrolled(db, userId, fields.courseId);
  const assignment = await findSubmittableAssignment(db, course.id, fields.assignmentId);
  const submittedAt = new Date().toISOString();
  const row: HomeworkRow = {
    id: createTimeOrderedId(),
    course_id: course.id,
    user_id: userId,
    file_key: file.key,
    file_name: file.fileName,
    size: file.size,
    mime_type: file.mimeType,
    comment: fields.comment.trim(),
    submitted_at: submittedAt,
    is_late: isLateSubmission(assignment.due_at, submittedAt) ? 1 : 0,
    grade: null,
    feedback: null,
    graded_at: null,
    assignment_id: assignment.id,
    points: null,
  };
  await db.transaction().execute(async (trx) => {
    await lockQuotaOwners(trx, userId, course.id);
    await insertHomework(trx, row);
    assertWithinQuota(
      quota,
      await findUserHomeworkUsage(trx, userId),
      await findCourseHomeworkUsage(trx, course.id),
    );
    await notify(
      trx,
      [course.author_id],
      {
        kind: 'homework.submitted',
        ...notificationText.submitted(student.username, assignment.title),
        link: submissionLink(course.id, assignment.id, row.id),
      },
      announcement,
    );
  });
  return toHomework(row);
}

/**
 * The submitter withdraws an ungraded submission: the row goes in one
 * statement conditional on it having no grade (a grade that lands first
 * wins: 409), then the file. A file whose removal fails is reported through
 * `onFileLeft` and left to the orphan sweep (features/files), since the
 * row, which is what counts, is gone. 404 unknown, 403 anyone else's (the
 * course author included: a teacher grades, a student withdraws), 409 graded.
 */
export async function deleteOwnHomework(
  db: Db,
  storage: Storage,
  userId: string,
  homeworkId: string,
  onFileLeft: (key: string, error: unknown) => void = () => {},
): Promise<void> {
  const row = await findHomeworkById(db, homeworkId);
  if (!row) throw new AppError('NOT_FOUND', messages.homeworkNotFound);
  if (row.user_id !== userId) throw new AppError('FORBIDDEN', messages.homeworkDeleteNotOwn);
  if (row.grade !== null) throw new AppError('CONFLICT', messages.homeworkGradedCannotDelete);
  if (!(await deleteHomeworkIfUngraded(db, homeworkId, userId))) {
    // Graded, or deleted by a parallel call, between the read and the delete.
    if (await findHomeworkById(db, homeworkId))
      throw new AppError('CONFLICT', messages.homeworkGradedCannotDelete);
    throw new AppError('NOT_FOUND', messages.homeworkNotFound);
  }
  try {
    await storage.remove(row.file_key);
  } catch (error) {
    onFileLeft(row.file_key, error);
  }
}

export async function listOwnHomework(
  db: Db,
  userId: string,
  courseId: string,
): Promise<Homework[]> {
  await assertEnrolled(db, userId, courseId);
  return withHistory(db, await findOwnHomework(db, userId, courseId));
}

/** The course's enrolled students who submitted, the latest submitter first, each with their submissions newest first. */
export async function listUsersWithHomework(
  db: Db,
  user: Requester,
  courseId: string,
): Promise<UserWithHomework[]> {
  await getAuthoredCourse(db, user, courseId);
  const users = new Map<string, UserWithHomework>();
  const rows = await findEnrolledSubmitterHomework(db, courseId);
  const json = new Map((await withHistory(db, rows)).map((homework) => [homework._id, homework]));
  for (const row of rows) {
    let submitter = users.get(row.user_id);
    if (!submitter) {
      submitter = {
        _id: row.user_id,
        username: row.username,
        telephone: row.telephone,
        email: row.email,
        homework: [],
      };
      users.set(row.user_id, submitter);
    }
    submitter.homework.push(json.get(row.id)!);
  }
  return [...users.values()];
}

export interface HomeworkFile {
  stream: Readable;
  size: number;
  fileName: string;
  mimeType: string;
}

/** The file of a submission, for its submitter or the course's author. */
export async function openHomeworkFile(
  db: Db,
  storage: Storage,
  user: Requester,
  homeworkId: string,
): Promise<HomeworkFile> {
  const row = await findHomeworkById(db, homeworkId);
  if (!row) throw new AppError('NOT_FOUND', messages.homeworkNotFound);
  if (row.user_id !== user._id && !isCourseAuthor(user, row.course_author_id))
    throw new AppError('FORBIDDEN', messages.forbidden);
  try {
    const { stream, size } = await storage.read(row.file_key);
    return { stream, size, fileName: handedOutName(row), mimeType: row.mime_type };
  } catch (error) {
    if (error instanceof StorageNotFoundError)
      throw new AppError('NOT_FOUND', messages.homeworkNotFound);
    throw error;
  }
}

/** A grade's points (0 to the assignment's maxPoints, '9,5' = '9.5'), else 400 naming the range. */
function assertPoints(grade: string, maxPoints: number): number {
  const points = parsePoints(grade, maxPoints);
  if (points === null) {
    const message = messages.gradePointsInvalid(maxPoints);
    throw new AppError('BAD_REQUEST', message, { grade: message });
  }
  return points;
}

/** The student hears of a grade or a regrade, in the grading transaction. */
function notifyGraded(
  trx: Db,
  row: {
    id: string;
    user_id: string;
    course_id: string;
    assignment_id: string | null;
    assignment_title: string;
  },
  text: (assignment: string, grade: string) => { title: string; body: string },
  grade: string,
  announcement: Announcement | undefined,
): Promise<void> {
  return notify(
    trx,
    [row.user_id],
    {
      kind: 'homework.graded',
      ...text(row.assignment_title, grade),
      link: submissionLink(row.course_id, row.assignment_id ?? '', row.id),
    },
    announcement,
  );
}

/** Grades once (the course's author only): a graded submission answers 409, even to a grader who raced it. */
export async function gradeHomework(
  db: Db,
  user: Requester,
  homeworkId: string,
  input: GradeInput,
  announcement?: Announcement,
): Promise<Homework> {
  const row = await findHomeworkById(db, homeworkId);
  if (!row) throw new AppError('NOT_FOUND', messages.homeworkNotFound);
  assertCourseAuthor(user, row.course_author_id);
  if (row.grade !== null) throw new AppError('CONFLICT', messages.alreadyGraded);
  const points = assertPoints(input.grade, Number(row.max_points));
  const feedback = input.feedback.trim();
  const grade = input.grade.trim();
  // The grade and the student's notification commit together or not at all.
  const graded = await db.transaction().execute(async (trx) => {
    const done = await setGradeIfUngraded(trx, homeworkId, {
      grade,
      points,
      feedback: feedback === '' ? null : feedback,
      graded_at: new Date().toISOString(),
    });
    if (done) await notifyGraded(trx, row, notificationText.graded, grade, announcement);
    return done;
  });
  if (!graded) {
    // Graded by a racing call, or withdrawn by its submitter since it was read.
    if (!(await findHomeworkById(db, homeworkId)))
      throw new AppError('NOT_FOUND', messages.homeworkNotFound);
    throw new AppError('CONFLICT', messages.alreadyGraded);
  }
  const updated = await findHomeworkById(db, homeworkId);
  if (!updated) throw new AppError('NOT_FOUND', messages.homeworkNotFound);
  return toHomework(updated);
}

/**
 * A deliberate change of a grade (docs/decisions.md, "a graded submission
 * is locked"): the author gives new points with a reason; the grade it
 * replaces is kept in the submission's gradeHistory, which its student
 * sees. 409 for an ungraded submission (grade it first) and for a regrade
 * that lost a race with another.
 */
export async function regradeHomework(
  db: Db,
  user: Requester,
  homeworkId: string,
  input: RegradeBody,
  announcement?: Announcement,
): Promise<Homework> {
  const row = await findHomeworkById(db, homeworkId);
  if (!row) throw new AppError('NOT_FOUND', messages.homeworkNotFound);
  assertCourseAuthor(user, row.course_author_id);
  if (row.grade === null || row.graded_at === null)
    throw new AppError('CONFLICT', messages.regradeNotGraded);
  const points = assertPoints(input.grade, Number(row.max_points));
  const feedback = input.feedback === undefined ? row.feedback : input.feedback.trim() || null;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await insertGradeHistory(trx, {
      id: createTimeOrderedId(),
      homework_id: row.id,
      grade: row.grade!,
      points: row.points,
      feedback: row.feedback,
      graded_at: row.graded_at,
      reason: input.reason,
      replaced_at: now,
    });
    const replaced = await replaceGradeIfUnchanged(trx, row.id, row.graded_at!, {
      grade: input.grade.trim(),
      points,
      feedback,
      graded_at: now,
    });
    if (!replaced) throw new AppError('CONFLICT', messages.regradeRaced);
    await notifyGraded(trx, row, notificationText.regraded, input.grade.trim(), announcement);
  });
  const updated = await findHomeworkById(db, homeworkId);
  if (!updated) throw new AppError('NOT_FOUND', messages.homeworkNotFound);
  return (await withHistory(db, [updated]))[0]!;
}

// ---------------------------------------------------------------- comments

/** The submission, for its submitter or the course's author (403 anyone else, 404 unknown). */
async function getDiscussableHomework(db: Db, user: Requester, homeworkId: string) {
  const row = await findHomeworkById(db, homeworkId);
  if (!row) throw new AppError('NOT_FOUND', messages.homeworkNotFound);
  if (row.user_id !== user._id && !isCourseAuthor(user, row.course_author_id))
    throw new AppError('FORBIDDEN', messages.forbidden);
  return row;
}

function toComment(row: CommentRow): HomeworkComment {
  return {
    _id: row.id,
    homeworkId: row.homework_id,
    author: { _id: row.author_id, username: row.username },
    body: row.body,
    createdAt: row.created_at,
  };
}

/** The private thread of a submission between its student and the course's author, oldest first. */
export async function listComments(
  db: Db,
  user: Requester,
  homeworkId: string,
): Promise<HomeworkComment[]> {
  await getDiscussableHomework(db, user, homeworkId);
  return (await findComments(db, homeworkId)).map(toComment);
}

export async function addComment(
  db: Db,
  user: Requester & { username: string },
  homeworkId: string,
  body: string,
  announcement?: Announcement,
): Promise<HomeworkComment> {
  const homework = await getDiscussableHomework(db, user, homeworkId);
  const row = {
    id: createTimeOrderedId(),
    homework_id: homeworkId,
    author_id: user._id,
    body,
    created_at: new Date().toISOString(),
  };
  // The other party of the thread hears of it: the author of the student's comment, the student of the author's.
  const recipient = homework.user_id === user._id ? homework.course_author_id : homework.user_id;
  await db.transaction().execute(async (trx) => {
    await insertComment(trx, row);
    await notify(
      trx,
      recipient === user._id ? [] : [recipient],
      {
        kind: 'comment.created',
        ...notificationText.comment(user.username, homework.assignment_title),
        link: submissionLink(homework.course_id, homework.assignment_id ?? '', homework.id),
      },
      announcement,
    );
  });
  return toComment({ ...row, username: user.username });
}

// ---------------------------------------------------------------- exports

/**
 * Students in a human order (Ukrainian collation; namesakes by who submitted
 * first), each one's submissions oldest first. `rows` come oldest first.
 */
function byStudent(rows: SubmitterHomeworkRow[]): SubmitterHomeworkRow[] {
  const collator = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });
  const firstSeen = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!firstSeen.has(row.user_id)) firstSeen.set(row.user_id, index);
  });
  return rows
    .map((row, index) => ({ row, index, first: firstSeen.get(row.user_id)! }))
    .sort(
      (a, b) =>
        collator.compare(a.row.username, b.row.username) || a.first - b.first || a.index - b.index,
    )
    .map(({ row }) => row);
}

function exportFileName(course: HomeworkCourse, suffix: string, extension: string): string {
  return sanitizeFileName(`${course.title} — ${suffix}.${extension}`, `course.${extension}`);
}

/** Already-compressed types are stored in the archive as they are. */
const COMPRESSIBLE_TYPES = new Set(['text/plain', 'application/rtf', 'application/msword']);

export interface HomeworkArchive {
  stream: Readable;
  fileName: string;
}

/**
 * Every submission of a course as one zip, streamed: entries are
 * `<assignment>/<student>/<file name>` (assignments in outline order), each
 * segment sanitised (no '/' or '..') and made unique (two assignments or
 * two students of one name get 'Name (2)'; a resubmitted 'hw.pdf' becomes
 * 'hw (2).pdf'). Files are opened one at a time, as the archive reaches them.
 */
export async function createHomeworkArchive(
  db: Db,
  storage: Storage,
  user: Requester,
  courseId: string,
  onMissingFile: (key: string) => void = () => {},
): Promise<HomeworkArchive> {
  const course = await getAuthoredCourse(db, user, courseId);
  const rows = byStudent(await findCourseHomework(db, courseId));
  const assignments = await findCourseAssignments(db, courseId);
  const order = new Map(assignments.map((a, index) => [a.id, index]));
  // Stable: within an assignment, students keep byStudent's order.
  rows.sort((a, b) => (order.get(a.assignment_id) ?? 0) - (order.get(b.assignment_id) ?? 0));
  const zip = new yazl.ZipFile();
  const takenAssignments = new Set<string>();
  const assignmentFolders = new Map<
    string,
    {
      name: string;
      students: Map<string, { name: string; files: Set<string> }>;
      taken: Set<string>;
    }
  >();
  for (const assignment of assignments)
    assignmentFolders.set(assignment.id, {
      name: uniqueName(sanitizeArchiveSegment(assignment.title, 'assignment'), takenAssignments),
      students: new Map(),
      taken: new Set(),
    });
  for (const row of rows) {
    const assignmentFolder = assignmentFolders.get(row.assignment_id);
    if (!assignmentFolder) continue;
    let folder = assignmentFolder.students.get(row.user_id);
    if (!folder) {
      folder = {
        name: uniqueName(sanitizeArchiveSegment(row.username, 'student'), assignmentFolder.taken),
        files: new Set(),
      };
      assignmentFolder.students.set(row.user_id, folder);
    }
    const entry = `${assignmentFolder.name}/${folder.name}/${uniqueName(sanitizeArchiveSegment(handedOutName(row), 'file'), folder.files)}`;
    zip.addReadStreamLazy(
      entry,
      { mtime: new Date(row.submitted_at), compress: COMPRESSIBLE_TYPES.has(row.mime_type) },
      (callback) => {
        storage.read(row.file_key).then(
          ({ stream }) => callback(null, stream),
          (error: unknown) => {
            if (!(error instanceof StorageNotFoundError)) return callback(error, Readable.from([]));
            // A file lost from storage must not cost the teacher the rest of the archive.
            onMissingFile(row.file_key);
            callback(null, Readable.from([]));
          },
        );
      },
    );
  }
  zip.end();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  return {
    stream: output,
    fileName: exportFileName(course, messages.homeworkArchiveSuffix, 'zip'),
  };
}

export interface GradesCsv {
  content: Buffer;
  fileName: string;
}

/** One row per submission, for a spreadsheet (lib/csv.ts: BOM, formula cells neutralised). */
export async function createGradesCsv(
  db: Db,
  user: Requester,
  courseId: string,
): Promise<GradesCsv> {
  const course = await getAuthoredCourse(db, user, courseId);
  const rows = byStudent(await findCourseHomework(db, courseId));
  const csv = toCsv([
    [
      messages.csvStudent,
      messages.csvTelephone,
      messages.csvFile,
      messages.csvSubmittedAt,
      messages.csvLate,
      messages.csvGrade,
      messages.csvFeedback,
      messages.csvGradedAt,
    ],
    ...rows.map((row) => [
      row.username,
      row.telephone,
      handedOutName(row),
      row.submitted_at,
      Number(row.is_late) === 1 ? messages.csvYes : messages.csvNo,
      row.grade,
      row.feedback,
      row.graded_at,
    ]),
  ]);
  return {
    content: Buffer.from(csv, 'utf8'),
    fileName: exportFileName(course, messages.gradesFileSuffix, 'csv'),
  };
}
