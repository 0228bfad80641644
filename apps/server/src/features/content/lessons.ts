/** Lessons: their JSON, and their author's create, read, update and delete. */
import {
  CONTENT_LIMITS,
  attachmentIdOfSrc,
  documentImageSources,
  ROUTES,
  messages,
  notificationText,
  type LessonDocument,
} from '@urok/contract';
import type {
  Attachment,
  CreateLessonBody,
  Lesson,
  UpdateLessonBody,
} from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import { fileNameForType } from '../../lib/file-names.ts';
import type { Announcement } from '../../lib/notify.ts';
import { notifyCourseStudents } from '../notifications/notifications.service.ts';
import type { Requester } from '../../lib/teacher-role.ts';
import type { MediaKind } from '../../lib/media-urls.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  assertReadable,
  getAuthoredCourse,
  getAuthoredLesson,
  getLesson,
} from './content-access.ts';
import { nextItemPosition } from './outline.ts';
import {
  countLessons,
  deleteLesson,
  findAttachments,
  findSectionWithAuthor,
  insertLesson,
  isLessonCompleted,
  markLessonAnnounced,
  updateLessonFields,
  type AttachmentRow,
  type LessonRow,
} from './content.repository.ts';

// ---------------------------------------------------------------- conversions

/** The asking user's signed link to a file of a lesson (lib/media-urls.ts). */
export type MediaLinks = (kind: MediaKind, id: string) => string;

export function toAttachment(row: AttachmentRow, links: MediaLinks): Attachment {
  return {
    _id: row.id,
    fileName: fileNameForType(row.file_name, row.mime_type),
    size: Number(row.size),
    mimeType: row.mime_type,
    url: links('attachment', row.id),
  };
}

export function toLesson(
  row: LessonRow,
  attachments: AttachmentRow[],
  completed: boolean,
  links: MediaLinks,
): Lesson {
  return {
    _id: row.id,
    courseId: row.course_id,
    sectionId: row.section_id,
    title: row.title,
    body: JSON.parse(row.body) as LessonDocument,
    videoUrl: row.video_url,
    video:
      row.video_key && row.video_name && row.video_mime
        ? {
            fileName: fileNameForType(row.video_name, row.video_mime),
            size: Number(row.video_size),
            mimeType: row.video_mime,
            url: links('video', row.id),
          }
        : null,
    attachments: attachments.map((attachment) => toAttachment(attachment, links)),
    published: Number(row.published) === 1,
    position: Number(row.position),
    completed,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

// ---------------------------------------------------------------- lessons

/** 400 unless every image of the document is an attachment of the lesson (none yet on create). */
function assertImagesAreAttachments(body: LessonDocument, attachmentIds: Set<string>): void {
  for (const src of documentImageSources(body)) {
    const id = attachmentIdOfSrc(src);
    if (id === null || !attachmentIds.has(id))
      throw new AppError('BAD_REQUEST', messages.documentImageInvalid, {
        body: messages.documentImageInvalid,
      });
  }
}

async function assertSectionOfCourse(db: Db, sectionId: string, courseId: string) {
  const section = await findSectionWithAuthor(db, sectionId);
  if (!section || section.course_id !== courseId)
    throw new AppError('BAD_REQUEST', messages.lessonSectionInvalid, {
      sectionId: messages.lessonSectionInvalid,
    });
}

export async function createLesson(
  db: Db,
  user: Requester,
  courseId: string,
  input: CreateLessonBody,
  links: MediaLinks,
  announcement?: Announcement,
): Promise<Lesson> {
  await getAuthoredCourse(db, user, courseId);
  await assertSectionOfCourse(db, input.sectionId, courseId);
  assertImagesAreAttachments(input.body, new Set());
  if ((await countLessons(db, courseId)) >= CONTENT_LIMITS.lessonsPerCourse)
    throw new AppError('CONFLICT', messages.lessonLimitReached);
  const now = new Date().toISOString();
  const row: LessonRow = {
    id: createTimeOrderedId(),
    course_id: courseId,
    section_id: input.sectionId,
    title: input.title,
    body: JSON.stringify(input.body),
    video_url: input.videoUrl ?? null,
    video_key: null,
    video_name: null,
    video_size: null,
    video_mime: null,
    published: input.published ? 1 : 0,
    position: await nextItemPosition(db, input.sectionId),
    created_at: now,
    updated_at: now,
    announced_at: input.published ? now : null,
  };
  await db.transaction().execute(async (trx) => {
    await insertLesson(trx, row);
    if (row.published === 1) await announceLesson(trx, row, announcement);
  });
  return toLesson(row, [], false, links);
}

/** A lesson for its author, or for an enrolled student when published (with their `completed`). */
export async function readLesson(
  db: Db,
  user: Requester,
  lessonId: string,
  links: MediaLinks,
): Promise<Lesson> {
  const lesson = await getLesson(db, lessonId);
  const isAuthor = await assertReadable(db, user, lesson, messages.lessonNotFound);
  const [attachments, completed] = await Promise.all([
    findAttachments(db, lessonId),
    isAuthor ? false : isLessonCompleted(db, user._id, lessonId),
  ]);
  return toLesson(lesson, attachments, completed, links);
}

export async function updateLesson(
  db: Db,
  user: Requester,
  lessonId: string,
  input: UpdateLessonBody,
  links: MediaLinks,
  announcement?: Announcement,
): Promise<Lesson> {
  const lesson = await getAuthoredLesson(db, user, lessonId);
  const attachments = await findAttachments(db, lessonId);
  const fields: Parameters<typeof updateLessonFields>[2] = {};
  if (input.title !== undefined) fields.title = input.title;
  if (input.body !== undefined) {
    assertImagesAreAttachments(input.body, new Set(attachments.map((a) => a.id)));
    fields.body = JSON.stringify(input.body);
  }
  if (input.videoUrl !== undefined) fields.video_url = input.videoUrl;
  if (input.published !== undefined) fields.published = input.published ? 1 : 0;
  if (input.sectionId !== undefined && input.sectionId !== lesson.section_id) {
    await assertSectionOfCourse(db, input.sectionId, lesson.course_id);
    fields.section_id = input.sectionId;
    fields.position = await nextItemPosition(db, input.sectionId);
  }
  fields.updated_at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await updateLessonFields(trx, lessonId, fields);
    // Told once: back to draft and out again tells (and mails) the class nothing new.
    if (
      fields.published === 1 &&
      Number(lesson.published) !== 1 &&
      (await markLessonAnnounced(trx, lessonId, fields.updated_at!))
    )
      await announceLesson(trx, { ...lesson, ...fields }, announcement);
  });
  return toLesson({ ...lesson, ...fields }, attachments, false, links);
}

/** A lesson just published (a draft no more): its course's students hear of it. */
function announceLesson(
  trx: Db,
  lesson: { id: string; course_id: string; title: string },
  announcement: Announcement | undefined,
): Promise<void> {
  return notifyCourseStudents(
    trx,
    lesson.course_id,
    (course) => ({
      kind: 'lesson.published',
      ...notificationText.lessonPublished(course, lesson.title),
      link: ROUTES.lesson(lesson.course_id, lesson.id),
    }),
    announcement,
  );
}

/** Removes the lesson, then its files: a failed removal leaves an orphan for the sweep, never a row without its file. */
export async function removeLesson(
  db: Db,
  storage: Storage,
  user: Requester,
  lessonId: string,
): Promise<void> {
  const lesson = await getAuthoredLesson(db, user, lessonId);
  const attachments = await findAttachments(db, lessonId);
  await deleteLesson(db, lessonId);
  const keys = [
    ...attachments.map((a) => a.file_key),
    ...(lesson.video_key ? [lesson.video_key] : []),
  ];
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => {})));
}
