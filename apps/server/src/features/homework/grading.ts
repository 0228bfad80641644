/** Grading a submission once, and regrading it with a reason that its history keeps. */
import { messages, parsePoints, type GradeInput, type Homework } from '@urok/contract';
import type { RegradeBody } from '@urok/contract/schemas';
import { notificationText } from '@urok/contract';
import { submissionLink, type Announcement } from '../../lib/notify.ts';
import { notify } from '../notifications/notifications.service.ts';
import { AppError } from '../../app-error.ts';
import { later } from '../../lib/language.ts';
import type { Db } from '../../db/database.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import { assertCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import { toHomework, withHistory } from './homework-json.ts';
import {
  findHomeworkById,
  insertGradeHistory,
  replaceGradeIfUnchanged,
  setGradeIfUngraded,
} from './homework.repository.ts';

/** A grade's points (0 to the assignment's maxPoints, '9,5' = '9.5'), else 400 naming the range. */
function assertPoints(grade: string, maxPoints: number): number {
  const points = parsePoints(grade, maxPoints);
  if (points === null) {
    const message = later(() => messages.gradePointsInvalid(maxPoints));
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
  text: () => { title: string; body: string },
  announcement: Announcement | undefined,
): Promise<void> {
  return notify(
    trx,
    [row.user_id],
    () => ({
      kind: 'homework.graded',
      ...text(),
      link: submissionLink(row.course_id, row.assignment_id ?? '', row.id),
    }),
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
    if (done)
      await notifyGraded(
        trx,
        row,
        () => notificationText.graded(row.assignment_title, grade),
        announcement,
      );
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
    // The student reads why the grade changed in the notice itself.
    await notifyGraded(
      trx,
      row,
      () =>
        notificationText.regraded(row.assignment_title, input.grade.trim(), input.reason.trim()),
      announcement,
    );
  });
  const updated = await findHomeworkById(db, homeworkId);
  if (!updated) throw new AppError('NOT_FOUND', messages.homeworkNotFound);
  return (await withHistory(db, [updated]))[0]!;
}
