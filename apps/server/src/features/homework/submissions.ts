/** Submitting homework (an upload, within the quotas) and withdrawing it. */
import { messages, type Homework, type HomeworkFormFields } from '@urok/contract';
import { notificationText } from '@urok/contract';
import { submissionLink, type Announcement } from '../../lib/notify.ts';
import { notify } from '../notifications/notifications.service.ts';
import { AppError } from '../../app-error.ts';
import { later } from '../../lib/language.ts';
import type { UploadQuota } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { detectHomeworkType } from '../../lib/file-types.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import {
  quotaExceeded,
  type StoredUpload,
  type UploadLimit,
  type UploadRule,
} from '../../lib/uploads.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  defaultAssignmentForSubmission,
  findAssignmentWithAuthor,
  findDefaultAssignment,
  lockDefaultAssignment,
  removeDefaultAssignmentIfEmpty,
} from '../assignments/assignments.service.ts';
import { assertEnrolled } from './homework-access.ts';
import { toHomework } from './homework-json.ts';
import {
  deleteHomeworkIfUngraded,
  findCourseHomeworkUsage,
  findHomeworkById,
  findUserHomeworkUsage,
  insertHomework,
  lockQuotaOwners,
  type HomeworkRow,
  type HomeworkUsage,
} from './homework.repository.ts';

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

/** True when a submission at `submittedAt` is after the course's deadline. */
export function isLateSubmission(dueAt: string | null, submittedAt: string): boolean {
  return dueAt !== null && Date.parse(submittedAt) > Date.parse(dueAt);
}

// ---------------------------------------------------------------- quotas

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
  if (user.files >= quota.userFiles)
    throw quotaExceeded(() => messages.quotaUserFiles(quota.userFiles));
  if (course && course.files >= quota.courseFiles)
    throw quotaExceeded(() => messages.quotaCourseFiles(quota.courseFiles));
  const userLeft = quota.userBytes - user.bytes;
  const courseLeft = course ? quota.courseBytes - course.bytes : Infinity;
  if (userLeft <= 0) throw quotaExceeded(() => messages.quotaUserBytes(quota.userBytes));
  if (courseLeft <= 0) throw quotaExceeded(() => messages.quotaCourseBytes(quota.courseBytes));
  return userLeft <= courseLeft
    ? { maxBytes: userLeft, tooLargeMessage: later(() => messages.quotaUserBytes(quota.userBytes)) }
    : {
        maxBytes: courseLeft,
        tooLargeMessage: later(() => messages.quotaCourseBytes(quota.courseBytes)),
      };
}

/** 413 naming the first quota that `user` or `course` (with the new submission counted) passes. */
function assertWithinQuota(quota: UploadQuota, user: HomeworkUsage, course: HomeworkUsage): void {
  if (user.files > quota.userFiles)
    throw quotaExceeded(() => messages.quotaUserFiles(quota.userFiles));
  if (course.files > quota.courseFiles)
    throw quotaExceeded(() => messages.quotaCourseFiles(quota.courseFiles));
  if (user.bytes > quota.userBytes)
    throw quotaExceeded(() => messages.quotaUserBytes(quota.userBytes));
  if (course.bytes > quota.courseBytes)
    throw quotaExceeded(() => messages.quotaCourseBytes(quota.courseBytes));
}

// ---------------------------------------------------------------- submissions

/**
 * The published assignment of the course a submission is for: the one
 * named, or without a name the course's default assignment (the
 * specification's upload; null while the course has none, which the
 * submission then makes: defaultAssignmentForSubmission). 404 for another
 * course's, an unknown or a draft assignment (a draft does not exist for
 * students).
 */
export async function findSubmittableAssignment(
  db: Db,
  courseId: string,
  assignmentId: string | undefined,
): Promise<{ id: string; due_at: string | null; title: string } | null> {
  const byDefault = assignmentId === undefined || assignmentId === '';
  const assignment = byDefault
    ? await findDefaultAssignment(db, courseId)
    : await findAssignmentWithAuthor(db, assignmentId);
  if (byDefault && !assignment) return null;
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
  const named = await findSubmittableAssignment(db, course.id, fields.assignmentId);
  const submittedAt = new Date().toISOString();
  const row = await db.transaction().execute(async (trx) => {
    await lockQuotaOwners(trx, userId, course.id);
    // The default assignment is read (or made) with the course's row held, so its removal once
    // empty (a withdrawal) cannot come between.
    const assignment =
      fields.assignmentId === undefined || fields.assignmentId === ''
        ? await defaultAssignmentForSubmission(trx, course.id, submittedAt)
        : named;
    if (!assignment) throw new AppError('NOT_FOUND', messages.assignmentNotFound);
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
    await insertHomework(trx, row);
    assertWithinQuota(
      quota,
      await findUserHomeworkUsage(trx, userId),
      await findCourseHomeworkUsage(trx, course.id),
    );
    await notify(
      trx,
      [course.author_id],
      () => ({
        kind: 'homework.submitted',
        ...notificationText.submitted(student.username, assignment.title),
        link: submissionLink(course.id, assignment.id, row.id),
      }),
      announcement,
    );
    return row;
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
  const deleted = await db.transaction().execute(async (trx) => {
    await lockDefaultAssignment(trx, row.course_id);
    if (!(await deleteHomeworkIfUngraded(trx, homeworkId, userId))) return false;
    // The default assignment exists only while it has instructions or submissions.
    await removeDefaultAssignmentIfEmpty(trx, row.course_id);
    return true;
  });
  if (!deleted) {
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
