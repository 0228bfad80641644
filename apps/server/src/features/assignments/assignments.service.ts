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
  type LessonDocument,
} from '@urok/contract';
import type {
  Assignment,
  CreateAssignmentBody,
  UpdateAssignmentBody,
} from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import { notifyCourseStudents, type Announcement } from '../../lib/notify.ts';
import { assertCourseAuthor, isCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import { findCourseAuthor, findSectionWithAuthor } from '../content/content.repository.ts';
import { nextItemPosition } from '../content/content.service.ts';
import { isEnrolled } from '../courses/courses.repository.ts';
import {
  countAssignments,
  deleteAssignmentIfUnused,
  findAssignmentWithAuthor,
  findDefaultAssignment,
  insertAssignment,
  maxAssignmentPoints,
  setCourseHomeworkMirror,
  updateAssignmentFields,
  type AssignmentRow,
  type AssignmentWithAuthor,
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

/** A new course's default assignment, from its homework text and due date (inside the course's transaction). */
export async function createDefaultAssignment(
  db: Db,
  courseId: string,
  sectionId: string,
  homeworkTask: string,
  homeworkDueAt: string | null,
  now: string,
): Promise<void> {
  await insertAssignment(db, {
    id: createTimeOrderedId(),
    course_id: courseId,
    section_id: sectionId,
    title: messages.defaultAssignmentTitle,
    instructions: JSON.stringify(textToDocument(homeworkTask)),
    due_at: homeworkDueAt,
    max_points: ASSIGNMENT_LIMITS.maxPoints.default,
    published: 1,
    is_default: 1,
    position: 0,
    created_at: now,
    updated_at: now,
  });
}

/** A course update's homework text and/or due date, applied to its default assignment (the course row mirrors them). */
export async function updateDefaultAssignment(
  db: Db,
  courseId: string,
  change: { homeworkTask?: string; homeworkDueAt?: string | null },
  now: string,
): Promise<void> {
  const assignment = await findDefaultAssignment(db, courseId);
  if (!assignment) return;
  const fields: Parameters<typeof updateAssignmentFields>[2] = { updated_at: now };
  if (change.homeworkTask !== undefined)
    fields.instructions = JSON.stringify(textToDocument(change.homeworkTask));
  if (change.homeworkDueAt !== undefined) fields.due_at = change.homeworkDueAt;
  await updateAssignmentFields(db, assignment.id, fields);
}

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
    if (!(await isEnrolled(db, user._id, assignment.course_id)))
      throw new AppError('FORBIDDEN', messages.notEnrolled);
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
    if (fields.published === 1 && Number(assignment.published) !== 1)
      await announceAssignment(trx, { ...assignment, ...fields }, announcement);
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
