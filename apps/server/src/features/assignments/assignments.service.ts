/**
 * Assignments: items of a course's outline beside
 * lessons, with instructions (a document), a due date, maxPoints and
 * draft/published. Every course has one default assignment, whose text
 * and due date are the course JSON's homeworkTask/homeworkDueAt (kept in
 * step in the same transaction: docs/decisions.md, "the default
 * assignment"). Every author check goes through lib/teacher-role.ts.
 *
 * Who sees what, as lessons: the author everything; an enrolled student a
 * published assignment; a draft is 404 to everyone else, a published
 * assignment 403 to the signed-in but not enrolled.
 */
import {
  ASSIGNMENT_LIMITS,
  COURSE_LIMITS,
  documentImageSources,
  documentToText,
  messages,
  notificationText,
  ROUTES,
  textToDocument,
  type Language,
  type LessonDocument,
} from '@urok/contract';
import type {
  Assignment,
  CreateAssignmentBody,
  UpdateAssignmentBody,
} from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import { findCourseAuthorLanguage } from '../../db/course-author.repository.ts';
import type { Db } from '../../db/database.ts';
import { inLanguage } from '../../lib/language.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import type { Announcement } from '../../lib/notify.ts';
import { notify, notifyCourseStudents } from '../notifications/notifications.service.ts';
import { assertCourseAuthor, isCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import {
  createDefaultSection,
  findCourseAuthor,
  findSectionWithAuthor,
  nextItemPosition,
} from '../content/content.service.ts';
import { isEnrolled } from '../courses/courses.service.ts';
import { isListedCourse } from '../../lib/course-visibility.ts';
import {
  countAssignments,
  deleteAssignmentIfUnused,
  findAssignmentWithAuthor,
  findAssignmentsDueSoon,
  findDefaultAssignment,
  findFirstSectionId,
  findStudentsWithoutHomework,
  insertAssignment,
  markAssignmentAnnounced,
  maxAssignmentPoints,
  setCourseHomeworkMirror,
  setCourseHomeworkPublished,
  takeAssignmentReminder,
  updateAssignmentFields,
  type AssignmentRow,
  type AssignmentWithAuthor,
} from './assignments.repository.ts';

/** What other features read of assignments (through this service, never the repository). */
export {
  findAssignmentWithAuthor,
  findCourseAssignments,
  findDefaultAssignment,
  type AssignmentRow,
} from './assignments.repository.ts';

export function toAssignment(row: AssignmentRow): Assignment {
  return {
    _id: row.id,
    courseId: row.course_id,
    sectionId: row.section_id,
    title: row.title,
    instructions: JSON.parse(row.instructions) as LessonDocument,
    dueAt: row.due_at,
    maxPoints: Number(row.max_points),
    published: Number(row.published) === 1,
    position: Number(row.position),
    isDefault: Number(row.is_default) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function getAuthoredCourse(db: Db, user: Requester, courseId: string) {
  const course = await findCourseAuthor(db, courseId);
  if (!course) throw new AppError('NOT_FOUND', messages.courseNotFound);
  assertCourseAuthor(user, course.author_id);
  return course;
}

async function getAssignment(db: Db, assignmentId: string): Promise<AssignmentWithAuthor> {
  const assignment = await findAssignmentWithAuthor(db, assignmentId);
  if (!assignment) throw new AppError('NOT_FOUND', messages.assignmentNotFound);
  return assignment;
}

async function getAuthoredAssignment(db: Db, user: Requester, assignmentId: string) {
  const assignment = await getAssignment(db, assignmentId);
  assertCourseAuthor(user, assignment.author_id);
  return assignment;
}

async function assertSectionOfCourse(db: Db, sectionId: string, courseId: string) {
  const section = await findSectionWithAuthor(db, sectionId);
  if (!section || section.course_id !== courseId)
    throw new AppError('BAD_REQUEST', messages.assignmentSectionInvalid, {
      sectionId: messages.assignmentSectionInvalid,
    });
}

/** Instructions have no attachments of their own, so they show no images. */
function assertNoImages(doc: LessonDocument): void {
  if (documentImageSources(doc).length > 0)
    throw new AppError('BAD_REQUEST', messages.assignmentImagesNotAllowed, {
      instructions: messages.assignmentImagesNotAllowed,
    });
}

// ---------------------------------------------------------------- the default assignment

/** Instructions written as no text: what an empty homeworkTask becomes. */
function hasNoInstructions(instructions: string): boolean {
  return documentToText(JSON.parse(instructions) as LessonDocument).trim() === '';
}

/**
 * Inserts the course's default assignment (published, at the end of its first section; a course
 * whose sections were all removed gets 'Загальне' again), named in `language`, its author's.
 * Inside the caller's transaction, which holds the course's row.
 */
async function insertDefaultAssignment(
  db: Db,
  courseId: string,
  homeworkTask: string,
  homeworkDueAt: string | null,
  now: string,
  language: Language,
): Promise<AssignmentRow> {
  const sectionId =
    (await findFirstSectionId(db, courseId)) ??
    (await createDefaultSection(db, courseId, now, language));
  const row: AssignmentRow = {
    id: createTimeOrderedId(),
    course_id: courseId,
    section_id: sectionId,
    title: inLanguage(language, messages.defaultAssignmentTitle),
    instructions: JSON.stringify(textToDocument(homeworkTask)),
    due_at: homeworkDueAt,
    max_points: ASSIGNMENT_LIMITS.maxPoints.default,
    published: 1,
    is_default: 1,
    position: await nextItemPosition(db, sectionId),
    created_at: now,
    updated_at: now,
  };
  await insertAssignment(db, row);
  await setCourseHomeworkPublished(db, courseId, true);
  return row;
}

/**
 * A new course's default assignment, when its homework text is not empty (inside the course's
 * transaction): the default assignment exists only while it has instructions or submissions
 * (docs/decisions.md, "the default assignment").
 */
export async function createDefaultAssignment(
  db: Db,
  courseId: string,
  homeworkTask: string,
  homeworkDueAt: string | null,
  now: string,
  language: Language,
): Promise<void> {
  if (homeworkTask.trim() === '') return;
  await insertDefaultAssignment(db, courseId, homeworkTask, homeworkDueAt, now, language);
}

/**
 * A course update's homework text and/or due date, applied to its default assignment (the course
 * row mirrors them; the caller's transaction has already written, and so holds, the course's
 * row). A text where there is no default assignment makes one with the course's due date; a
 * default assignment left with no text and nothing handed in goes.
 */
export async function updateDefaultAssignment(
  db: Db,
  courseId: string,
  change: { homeworkTask?: string; homeworkDueAt?: string | null },
  course: { homeworkTask: string; homeworkDueAt: string | null },
  now: string,
): Promise<void> {
  const assignment = await findDefaultAssignment(db, courseId);
  if (!assignment) {
    if (change.homeworkTask !== undefined && change.homeworkTask.trim() !== '')
      await insertDefaultAssignment(
        db,
        courseId,
        change.homeworkTask,
        course.homeworkDueAt,
        now,
        await findCourseAuthorLanguage(db, courseId),
      );
    return;
  }
  const fields: Parameters<typeof updateAssignmentFields>[2] = { updated_at: now };
  if (change.homeworkTask !== undefined)
    fields.instructions = JSON.stringify(textToDocument(change.homeworkTask));
  if (change.homeworkDueAt !== undefined) fields.due_at = change.homeworkDueAt;
  await updateAssignmentFields(db, assignment.id, fields);
  await removeDefaultAssignmentIfEmpty(db, courseId);
}

/**
 * The default assignment a submission without an assignment is for: the published one, or, when
 * the course has none yet, a new one (the specification's upload keeps working on a course whose
 * teacher wrote no homework text). Null for a draft one. Inside the submission's transaction,
 * which holds the course's row.
 */
export async function defaultAssignmentForSubmission(
  db: Db,
  courseId: string,
  now: string,
): Promise<AssignmentRow | null> {
  const assignment = await findDefaultAssignment(db, courseId);
  if (assignment) return Number(assignment.published) === 1 ? assignment : null;
  return insertDefaultAssignment(
    db,
    courseId,
    '',
    null,
    now,
    await findCourseAuthorLanguage(db, courseId),
  );
}

/**
 * Removes the course's default assignment when it has no instructions and nothing was handed in
 * for it (after an update that emptied its text, or the withdrawal of its last submission). The
 * caller holds the course's row (an update wrote it; see lockDefaultAssignment), so no upload
 * adds a submission between the check and the delete.
 */
export async function removeDefaultAssignmentIfEmpty(db: Db, courseId: string): Promise<void> {
  const assignment = await findDefaultAssignment(db, courseId);
  if (!assignment || !hasNoInstructions(assignment.instructions)) return;
  if (await deleteAssignmentIfUnused(db, assignment.id))
    await setCourseHomeworkPublished(db, courseId, true);
}

/** Holds the course's row for the rest of the transaction (see removeDefaultAssignmentIfEmpty). */
export { lockCourseRow as lockDefaultAssignment } from './assignments.repository.ts';

// ---------------------------------------------------------------- the calls

export async function createAssignment(
  db: Db,
  user: Requester,
  courseId: string,
  input: CreateAssignmentBody,
  announcement?: Announcement,
): Promise<Assignment> {
  await getAuthoredCourse(db, user, courseId);
  await assertSectionOfCourse(db, input.sectionId, courseId);
  assertNoImages(input.instructions);
  if ((await countAssignments(db, courseId)) >= ASSIGNMENT_LIMITS.perCourse)
    throw new AppError('CONFLICT', messages.assignmentLimitReached);
  const now = new Date().toISOString();
  const row: AssignmentRow = {
    id: createTimeOrderedId(),
    course_id: courseId,
    section_id: input.sectionId,
    title: input.title,
    instructions: JSON.stringify(input.instructions),
    due_at: input.dueAt ?? null,
    max_points: input.maxPoints ?? ASSIGNMENT_LIMITS.maxPoints.default,
    published: input.published ? 1 : 0,
    is_default: 0,
    position: await nextItemPosition(db, input.sectionId),
    created_at: now,
    updated_at: now,
    announced_at: input.published ? now : null,
  };
  await db.transaction().execute(async (trx) => {
    await insertAssignment(trx, row);
    if (row.published === 1) await announceAssignment(trx, row, announcement);
  });
  return toAssignment(row);
}

/** An assignment just published (a draft no more): its course's students hear of it. */
function announceAssignment(
  trx: Db,
  assignment: { id: string; course_id: string; title: string; due_at: string | null },
  announcement: Announcement | undefined,
): Promise<void> {
  return notifyCourseStudents(
    trx,
    assignment.course_id,
    (course) => ({
      kind: 'assignment.published',
      ...notificationText.assignmentPublished(course, assignment.title, assignment.due_at),
      link: ROUTES.assignment(assignment.course_id, assignment.id),
    }),
    announcement,
  );
}

/** An assignment for its author, or for an enrolled student when published. */
export async function readAssignment(
  db: Db,
  user: Requester,
  assignmentId: string,
): Promise<Assignment> {
  const assignment = await getAssignment(db, assignmentId);
  if (!isCourseAuthor(user, assignment.author_id)) {
    if (Number(assignment.published) !== 1)
      throw new AppError('NOT_FOUND', messages.assignmentNotFound);
    if (!(await isEnrolled(db, user._id, assignment.course_id))) {
      // Outside a private class, a draft or a hidden course the assignment does not exist
      // (lib/course-visibility.ts).
      if (
        !isListedCourse({
          author_id: assignment.author_id,
          visibility: assignment.course_visibility ?? undefined,
          hidden: assignment.course_hidden ?? undefined,
        })
      )
        throw new AppError('NOT_FOUND', messages.assignmentNotFound);
      throw new AppError('FORBIDDEN', messages.notEnrolled);
    }
  }
  return toAssignment(assignment);
}

export async function updateAssignment(
  db: Db,
  user: Requester,
  assignmentId: string,
  input: UpdateAssignmentBody,
  announcement?: Announcement,
): Promise<Assignment> {
  const assignment = await getAuthoredAssignment(db, user, assignmentId);
  const fields: Parameters<typeof updateAssignmentFields>[2] = {};
  if (input.title !== undefined) fields.title = input.title;
  if (input.instructions !== undefined) {
    assertNoImages(input.instructions);
    fields.instructions = JSON.stringify(input.instructions);
  }
  if (input.dueAt !== undefined) fields.due_at = input.dueAt;
  if (input.published !== undefined) fields.published = input.published ? 1 : 0;
  if (input.sectionId !== undefined && input.sectionId !== assignment.section_id) {
    await assertSectionOfCourse(db, input.sectionId, assignment.course_id);
    fields.section_id = input.sectionId;
    fields.position = await nextItemPosition(db, input.sectionId);
  }
  await db.transaction().execute(async (trx) => {
    if (input.maxPoints !== undefined) {
      // Points already given above the new maximum would make the gradebook lie: regrade them first.
      const top = await maxAssignmentPoints(trx, assignmentId);
      if (top !== null && top > input.maxPoints)
        throw new AppError('CONFLICT', messages.assignmentMaxPointsBelowGrades, {
          maxPoints: messages.assignmentMaxPointsBelowGrades,
        });
      fields.max_points = input.maxPoints;
    }
    fields.updated_at = new Date().toISOString();
    await updateAssignmentFields(trx, assignmentId, fields);
    // Told once: back to draft and out again tells (and mails) the class nothing new.
    if (
      fields.published === 1 &&
      Number(assignment.published) !== 1 &&
      (await markAssignmentAnnounced(trx, assignmentId, fields.updated_at))
    )
      await announceAssignment(trx, { ...assignment, ...fields }, announcement);
    // A draft default assignment's text and date leave the course JSON for everyone but the author.
    if (
      Number(assignment.is_default) === 1 &&
      fields.published !== undefined &&
      fields.published !== Number(assignment.published)
    )
      await setCourseHomeworkPublished(trx, assignment.course_id, fields.published === 1);
    if (Number(assignment.is_default) === 1 && (fields.instructions || fields.due_at !== undefined))
      await setCourseHomeworkMirror(
        trx,
        assignment.course_id,
        // The course JSON (in every catalogue page) carries at most the course form's length.
        documentToText(
          JSON.parse(fields.instructions ?? assignment.instructions) as LessonDocument,
        ).slice(0, COURSE_LIMITS.homeworkTask.max),
        fields.due_at !== undefined ? fields.due_at : assignment.due_at,
      );
  });
  const updated = await getAssignment(db, assignmentId);
  return toAssignment(updated);
}

/** 204; 409 once anything was handed in for it, and for the course's default assignment. */
export async function removeAssignment(
  db: Db,
  user: Requester,
  assignmentId: string,
): Promise<void> {
  const assignment = await getAuthoredAssignment(db, user, assignmentId);
  if (Number(assignment.is_default) === 1)
    throw new AppError('CONFLICT', messages.assignmentIsDefault);
  if (!(await deleteAssignmentIfUnused(db, assignmentId))) {
    if (await findAssignmentWithAuthor(db, assignmentId))
      throw new AppError('CONFLICT', messages.assignmentHasSubmissions);
    throw new AppError('NOT_FOUND', messages.assignmentNotFound);
  }
}

// ---------------------------------------------------------------- due-soon reminders

/** How long before a due date its reminder goes out. */
export const DUE_SOON_MS = 24 * 60 * 60 * 1000;

/**
 * Due-soon reminders (DESIGN section 10): for each published assignment due
 * within the next 24 hours, an `assignment.due_soon` notification to every
 * enrolled student without a submission to it. A reminder is recorded per
 * assignment and due date in the transaction that writes its notifications,
 * and only the transaction that inserts that row writes them: it goes once
 * however many processes sweep at the same moment and across restarts, and
 * again if the teacher moves the date. Returns how many assignments it
 * reminded of.
 */
export async function sendDueSoonReminders(
  db: Db,
  announcement: Announcement,
  now: number = Date.now(),
): Promise<number> {
  const from = new Date(now).toISOString();
  const until = new Date(now + DUE_SOON_MS).toISOString();
  let reminded = 0;
  for (const assignment of await findAssignmentsDueSoon(db, from, until)) {
    const sent = await db.transaction().execute(async (trx) => {
      if (!(await takeAssignmentReminder(trx, assignment.id, assignment.due_at, from)))
        return false;
      await notify(
        trx,
        await findStudentsWithoutHomework(trx, assignment.course_id, assignment.id),
        () => ({
          kind: 'assignment.due_soon',
          ...notificationText.dueSoon(assignment.course_title, assignment.title, assignment.due_at),
          link: ROUTES.assignment(assignment.course_id, assignment.id),
        }),
        announcement,
      );
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}
