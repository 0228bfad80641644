/** A lesson's files: its attachments and its video, within the author's quota. */
import {
  ATTACHMENT_MAX_BYTES,
  CONTENT_LIMITS,
  attachmentIdOfSrc,
  documentImageSources,
  messages,
  serverMessages,
} from '@urok/contract';
import type { Attachment, Lesson } from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import { later } from '../../lib/language.ts';
import type { AuthorQuota } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { detectHomeworkType, detectVideoType } from '../../lib/file-types.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import { fileNameForType } from '../../lib/file-names.ts';
import { assertCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import {
  quotaExceeded,
  type StoredUpload,
  type UploadLimit,
  type UploadRule,
} from '../../lib/uploads.ts';
import type { Storage } from '../../storage/storage.ts';
import { assertReadable, getAuthoredLesson, getLesson } from './content-access.ts';
import { toAttachment, toLesson, type MediaLinks } from './lessons.ts';
import {
  deleteAttachment,
  findAttachments,
  findAttachmentWithLesson,
  findAuthorLessonFileUsage,
  insertAttachment,
  lockAuthorQuota,
  updateLessonFields,
  type AttachmentRow,
  type LessonFileUsage,
} from './content.repository.ts';

// ---------------------------------------------------------------- attachments

export function attachmentUploadRule(): UploadRule {
  return {
    area: 'lessons',
    maxBytes: ATTACHMENT_MAX_BYTES,
    detect: detectHomeworkType,
    keyWithExtension: false,
    tooLargeMessage: messages.attachmentTooLarge,
    unsupportedMessage: messages.homeworkTypeUnsupported,
  };
}

/** Before an upload is read: the author's lesson, with room for one more file (409 otherwise). */
/** 403/404/409 before any byte is read; the course author's id (whose quota the file counts against). */
export async function assertCanAttach(db: Db, user: Requester, lessonId: string): Promise<string> {
  const lesson = await getAuthoredLesson(db, user, lessonId);
  if ((await findAttachments(db, lessonId)).length >= CONTENT_LIMITS.attachmentsPerLesson)
    throw new AppError('CONFLICT', messages.attachmentLimitReached);
  return lesson.author_id;
}

export async function addAttachment(
  db: Db,
  quota: AuthorQuota,
  user: Requester,
  lessonId: string,
  file: StoredUpload,
  links: MediaLinks,
): Promise<Attachment> {
  const lesson = await getAuthoredLesson(db, user, lessonId);
  const row: AttachmentRow = {
    id: createTimeOrderedId(),
    lesson_id: lessonId,
    file_key: file.key,
    file_name: file.fileName,
    size: file.size,
    mime_type: file.mimeType,
    created_at: new Date().toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await lockAuthorQuota(trx, lesson.author_id);
    await insertAttachment(trx, row);
    assertWithinAuthorQuota(quota, await findAuthorLessonFileUsage(trx, lesson.author_id));
  });
  return toAttachment(row, links);
}

export interface StoredFile {
  key: string;
  size: number;
  fileName: string;
  mimeType: string;
}

export async function findReadableAttachment(
  db: Db,
  user: Requester,
  attachmentId: string,
): Promise<StoredFile> {
  const attachment = await findAttachmentWithLesson(db, attachmentId);
  if (!attachment) throw new AppError('NOT_FOUND', messages.attachmentNotFound);
  await assertReadable(db, user, attachment, messages.attachmentNotFound);
  return {
    key: attachment.file_key,
    size: Number(attachment.size),
    fileName: fileNameForType(attachment.file_name, attachment.mime_type),
    mimeType: attachment.mime_type,
  };
}

/** 409 while the lesson's text shows it as an image: the document must never point at nothing. */
export async function removeAttachment(
  db: Db,
  storage: Storage,
  user: Requester,
  attachmentId: string,
): Promise<void> {
  const attachment = await findAttachmentWithLesson(db, attachmentId);
  if (!attachment) throw new AppError('NOT_FOUND', messages.attachmentNotFound);
  assertCourseAuthor(user, attachment.author_id);
  const shown = documentImageSources(JSON.parse(attachment.body)).some(
    (src) => attachmentIdOfSrc(src) === attachmentId,
  );
  if (shown) throw new AppError('CONFLICT', messages.attachmentInUse);
  await deleteAttachment(db, attachmentId);
  await storage.remove(attachment.file_key).catch(() => {});
}

// ---------------------------------------------------------------- the author's quota

/**
 * The author's quota on lesson files (docs/decisions.md, uploads), checked
 * as homework's is: before the file is read, 413 when no file or byte is
 * left; otherwise what is left is the upload's limit while it streams. A
 * new video for `replacingVideoOf` frees that lesson's current one, so it
 * is left out of the sums (and takes no new file).
 */
export async function lessonFileUploadLimit(
  db: Db,
  quota: AuthorQuota,
  authorId: string,
  replacingVideoOf?: string,
): Promise<UploadLimit> {
  const usage = await findAuthorLessonFileUsage(db, authorId, replacingVideoOf);
  if (usage.files >= quota.files) throw quotaExceeded(() => messages.quotaAuthorFiles(quota.files));
  const left = quota.bytes - usage.bytes;
  if (left <= 0) throw quotaExceeded(() => messages.quotaAuthorBytes(quota.bytes));
  return { maxBytes: left, tooLargeMessage: later(() => messages.quotaAuthorBytes(quota.bytes)) };
}

/** 413 when the author's files (with the new one counted) pass the quota; the transaction rolls back. */
function assertWithinAuthorQuota(quota: AuthorQuota, usage: LessonFileUsage): void {
  if (usage.files > quota.files) throw quotaExceeded(() => messages.quotaAuthorFiles(quota.files));
  if (usage.bytes > quota.bytes) throw quotaExceeded(() => messages.quotaAuthorBytes(quota.bytes));
}

// ---------------------------------------------------------------- video

export function videoUploadRule(maxBytes: number): UploadRule {
  return {
    area: 'lessons',
    maxBytes,
    detect: (head) => detectVideoType(head),
    keyWithExtension: false,
    // Worded when it is sent: the rule is made once, each answer speaks its asker's language.
    tooLargeMessage: later(() =>
      serverMessages.videoTooLarge(Math.floor(maxBytes / (1024 * 1024))),
    ),
    unsupportedMessage: messages.videoTypeUnsupported,
  };
}

/** Sets the lesson's video to the stored file; the previous one's file is removed once the row no longer names it. */
export async function setVideo(
  db: Db,
  storage: Storage,
  quota: AuthorQuota,
  user: Requester,
  lessonId: string,
  file: StoredUpload,
  links: MediaLinks,
): Promise<Lesson> {
  const lesson = await getAuthoredLesson(db, user, lessonId);
  const fields = {
    video_key: file.key,
    video_name: file.fileName,
    video_size: file.size,
    video_mime: file.mimeType,
    updated_at: new Date().toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await lockAuthorQuota(trx, lesson.author_id);
    await updateLessonFields(trx, lessonId, fields);
    assertWithinAuthorQuota(quota, await findAuthorLessonFileUsage(trx, lesson.author_id));
  });
  if (lesson.video_key) await storage.remove(lesson.video_key).catch(() => {});
  return toLesson({ ...lesson, ...fields }, await findAttachments(db, lessonId), false, links);
}

export async function findReadableVideo(
  db: Db,
  user: Requester,
  lessonId: string,
): Promise<StoredFile> {
  const lesson = await getLesson(db, lessonId);
  await assertReadable(db, user, lesson, messages.lessonNotFound);
  if (!lesson.video_key || !lesson.video_name || !lesson.video_mime)
    throw new AppError('NOT_FOUND', messages.videoNotFound);
  return {
    key: lesson.video_key,
    size: Number(lesson.video_size),
    fileName: fileNameForType(lesson.video_name, lesson.video_mime),
    mimeType: lesson.video_mime,
  };
}

/** Idempotent: a lesson without a video answers 204 too. */
export async function removeVideo(
  db: Db,
  storage: Storage,
  user: Requester,
  lessonId: string,
): Promise<void> {
  const lesson = await getAuthoredLesson(db, user, lessonId);
  if (!lesson.video_key) return;
  await updateLessonFields(db, lessonId, {
    video_key: null,
    video_name: null,
    video_size: null,
    video_mime: null,
    updated_at: new Date().toISOString(),
  });
  await storage.remove(lesson.video_key).catch(() => {});
}
