/**
 * Course content: sections, the outline, lessons,
 * their attachments and video, completions and progress. Every author check
 * goes through lib/teacher-role.ts.
 *
 * Who sees what (docs/decisions.md, "course content visibility"):
 * - the author (still a teacher) sees and edits everything, drafts included;
 * - an enrolled student sees the published lessons (a draft answers 404,
 *   as if it did not exist), their files and video, and marks them done;
 * - anyone else (anonymous, signed in but not enrolled, another teacher, a
 *   demoted author) gets the syllabus: the outline's sections that hold a
 *   published item, with the titles of those items and nothing more; a
 *   published lesson itself answers 403 (enrol first), a draft 404.
 */
import {
  ATTACHMENT_MAX_BYTES,
  CONTENT_LIMITS,
  attachmentIdOfSrc,
  documentImageSources,
  ROUTES,
  messages,
  notificationText,
  type LessonDocument,
  type OutlineItemKind,
} from '@urok/contract';
import type {
  Attachment,
  AuthorProgress,
  CreateLessonBody,
  Lesson,
  Outline,
  OutlineBody,
  Section,
  StudentProgress,
  UpdateLessonBody,
} from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import type { AuthorQuota } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { detectHomeworkType, detectVideoType } from '../../lib/file-types.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import { notifyCourseStudents, type Announcement } from '../../lib/notify.ts';
import { assertCourseAuthor, isCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import type { MediaKind } from '../../lib/media-urls.ts';
import type { StoredUpload, UploadLimit, UploadRule } from '../../lib/uploads.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  findAssignmentItems,
  maxAssignmentPosition,
  moveAssignment,
  sectionHasAssignments,
} from '../assignments/assignments.repository.ts';
import { isEnrolled } from '../courses/courses.repository.ts';
import {
  countLessons,
  countSections,
  deleteAttachment,
  deleteCompletion,
  deleteLesson,
  deleteSection,
  findAttachments,
  findAttachmentWithLesson,
  findAuthorLessonFileUsage,
  lockAuthorQuota,
  type LessonFileUsage,
  findCompletedLessonIds,
  findCourseAuthor,
  findLessonItems,
  findLessonWithAuthor,
  findSections,
  findSectionWithAuthor,
  findStudentProgress,
  countPublishedLessons,
  insertAttachment,
  insertCompletion,
  insertLesson,
  insertSection,
  isLessonCompleted,
  maxLessonPosition,
  moveLesson,
  nextSectionPosition,
  sectionHasLessons,
  setSectionPosition,
  updateLessonFields,
  updateSectionTitle,
  type AttachmentRow,
  type ItemRow,
  type LessonRow,
  type LessonWithAuthor,
  type SectionRow,
} from './content.repository.ts';

// ---------------------------------------------------------------- item kinds

/**
 * What the outline needs of one kind of section item: lessons and
 * assignments. The outline, its reordering, a
 * section's emptiness and the next position cover every kind listed here.
 */
interface ItemSource {
  kind: OutlineItemKind;
  /** The course's items of this kind, in any order. */
  list(db: Db, courseId: string): Promise<ItemRow[]>;
  move(db: Db, id: string, sectionId: string, position: number): Promise<void>;
  inSection(db: Db, sectionId: string): Promise<boolean>;
  maxPosition(db: Db, sectionId: string): Promise<number | null>;
}

const ITEM_SOURCES: ItemSource[] = [
  {
    kind: 'lesson',
    list: findLessonItems,
    move: moveLesson,
    inSection: sectionHasLessons,
    maxPosition: maxLessonPosition,
  },
  {
    kind: 'assignment',
    list: findAssignmentItems,
    move: moveAssignment,
    inSection: sectionHasAssignments,
    maxPosition: maxAssignmentPosition,
  },
];

/** One past the last item of any kind in the section. */
export async function nextItemPosition(db: Db, sectionId: string): Promise<number> {
  let last: number | null = null;
  for (const source of ITEM_SOURCES) {
    const max = await source.maxPosition(db, sectionId);
    if (max !== null && (last === null || max > last)) last = max;
  }
  return last === null ? 0 : last + 1;
}

// ---------------------------------------------------------------- conversions

export function toSection(row: SectionRow): Section {
  return {
    _id: row.id,
    courseId: row.course_id,
    title: row.title,
    position: Number(row.position),
  };
}

/** The asking user's signed link to a file of a lesson (lib/media-urls.ts). */
export type MediaLinks = (kind: MediaKind, id: string) => string;

export function toAttachment(row: AttachmentRow, links: MediaLinks): Attachment {
  return {
    _id: row.id,
    fileName: row.file_name,
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
            fileName: row.video_name,
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

// ---------------------------------------------------------------- access

async function getCourseAuthor(db: Db, courseId: string) {
  const course = await findCourseAuthor(db, courseId);
  if (!course) throw new AppError('NOT_FOUND', messages.courseNotFound);
  return course;
}

async function getAuthoredCourse(db: Db, user: Requester, courseId: string) {
  const course = await getCourseAuthor(db, courseId);
  assertCourseAuthor(user, course.author_id);
  return course;
}

async function getLesson(db: Db, lessonId: string): Promise<LessonWithAuthor> {
  const lesson = await findLessonWithAuthor(db, lessonId);
  if (!lesson) throw new AppError('NOT_FOUND', messages.lessonNotFound);
  return lesson;
}

/** 404 for a missing lesson, 403 unless `user` is its course's author. */
export async function getAuthoredLesson(
  db: Db,
  user: Requester,
  lessonId: string,
): Promise<LessonWithAuthor> {
  const lesson = await getLesson(db, lessonId);
  assertCourseAuthor(user, lesson.author_id);
  return lesson;
}

/**
 * Whether `user` may read a lesson (and its files and video): its author
 * always; an enrolled student when it is published. A draft is 404 to
 * everyone else, so drafts never show; a published lesson is 403 to the
 * not enrolled. Resolves to true for the author.
 */
async function assertReadable(
  db: Db,
  user: Requester,
  lesson: { course_id: string; published: number; author_id: string },
  notFound: string,
): Promise<boolean> {
  if (isCourseAuthor(user, lesson.author_id)) return true;
  if (Number(lesson.published) !== 1) throw new AppError('NOT_FOUND', notFound);
  if (!(await isEnrolled(db, user._id, lesson.course_id)))
    throw new AppError('FORBIDDEN', messages.notEnrolled);
  return false;
}

// ---------------------------------------------------------------- sections

export async function createSection(
  db: Db,
  user: Requester,
  courseId: string,
  title: string,
): Promise<Section> {
  await getAuthoredCourse(db, user, courseId);
  if ((await countSections(db, courseId)) >= CONTENT_LIMITS.sectionsPerCourse)
    throw new AppError('CONFLICT', messages.sectionLimitReached);
  const now = new Date().toISOString();
  const row: SectionRow = {
    id: createTimeOrderedId(),
    course_id: courseId,
    title,
    position: await nextSectionPosition(db, courseId),
    created_at: now,
    updated_at: now,
  };
  await insertSection(db, row);
  return toSection(row);
}

/** The first section of a new course (courses.service createCourse, inside its transaction). */
export async function createDefaultSection(db: Db, courseId: string, now: string): Promise<string> {
  const id = createTimeOrderedId();
  await insertSection(db, {
    id,
    course_id: courseId,
    title: messages.defaultSectionTitle,
    position: 0,
    created_at: now,
    updated_at: now,
  });
  return id;
}

async function getAuthoredSection(db: Db, user: Requester, sectionId: string) {
  const section = await findSectionWithAuthor(db, sectionId);
  if (!section) throw new AppError('NOT_FOUND', messages.sectionNotFound);
  assertCourseAuthor(user, section.author_id);
  return section;
}

export async function renameSection(
  db: Db,
  user: Requester,
  sectionId: string,
  title: string,
): Promise<Section> {
  const section = await getAuthoredSection(db, user, sectionId);
  const now = new Date().toISOString();
  await updateSectionTitle(db, sectionId, title, now);
  return toSection({ ...section, title, updated_at: now });
}

/** 409 while the section holds an item of any kind. */
export async function removeSection(db: Db, user: Requester, sectionId: string): Promise<void> {
  await getAuthoredSection(db, user, sectionId);
  await db.transaction().execute(async (trx) => {
    for (const source of ITEM_SOURCES) {
      if (await source.inSection(trx, sectionId))
        throw new AppError('CONFLICT', messages.sectionNotEmpty);
    }
    await deleteSection(trx, sectionId);
  });
}

// ---------------------------------------------------------------- the outline

interface OutlineItemRow extends ItemRow {
  kind: OutlineItemKind;
}

async function listItems(db: Db, courseId: string): Promise<OutlineItemRow[]> {
  const items: OutlineItemRow[] = [];
  for (const source of ITEM_SOURCES) {
    for (const row of await source.list(db, courseId)) items.push({ ...row, kind: source.kind });
  }
  return items.sort(
    (a, b) =>
      Number(a.position) - Number(b.position) ||
      a.kind.localeCompare(b.kind) ||
      a.id.localeCompare(b.id),
  );
}

/**
 * The outline as `user` (null: anonymous) may see it: the author, every
 * section and item; others, only published items and only the sections
 * that hold one. `completed` is the asking enrolled student's.
 */
export async function getOutline(
  db: Db,
  user: (Requester & { isOperator?: boolean }) | null,
  courseId: string,
) {
  const course = await getCourseAuthor(db, courseId);
  const isAuthor = user !== null && isCourseAuthor(user, course.author_id);
  const enrolled = user !== null && !isAuthor && (await isEnrolled(db, user._id, courseId));
  // A course an operator hid is gone for everyone but its author, its students and operators.
  const mayView =
    user !== null && (user.isOperator === true || user._id === course.author_id || enrolled);
  if (Number(course.hidden) === 1 && !mayView)
    throw new AppError('NOT_FOUND', messages.courseNotFound);
  const completed = enrolled
    ? await findCompletedLessonIds(db, user._id, courseId)
    : new Set<string>();
  return buildOutline(db, courseId, isAuthor, completed);
}

async function buildOutline(
  db: Db,
  courseId: string,
  isAuthor: boolean,
  completed: Set<string>,
): Promise<Outline> {
  const [sections, items] = await Promise.all([
    findSections(db, courseId),
    listItems(db, courseId),
  ]);
  const bySection = new Map<string, OutlineItemRow[]>();
  for (const item of items) {
    if (!isAuthor && Number(item.published) !== 1) continue;
    const list = bySection.get(item.section_id) ?? [];
    list.push(item);
    bySection.set(item.section_id, list);
  }
  return {
    sections: sections
      .filter((section) => isAuthor || bySection.has(section.id))
      .map((section) => ({
        _id: section.id,
        title: section.title,
        position: Number(section.position),
        items: (bySection.get(section.id) ?? []).map((item) => ({
          kind: item.kind,
          _id: item.id,
          title: item.title,
          published: Number(item.published) === 1,
          dueAt: item.due_at,
          completed: item.kind === 'lesson' && completed.has(item.id),
        })),
      })),
  };
}

/**
 * Reorders sections and moves items between them. The body must name
 * exactly the course's sections and items, each once (400 otherwise: an
 * editor working from a stale outline must reload, not lose an item).
 */
export async function reorderOutline(
  db: Db,
  user: Requester,
  courseId: string,
  body: OutlineBody,
): Promise<Outline> {
  await getAuthoredCourse(db, user, courseId);
  const mismatch = () =>
    new AppError('BAD_REQUEST', messages.outlineMismatch, { sections: messages.outlineMismatch });
  await db.transaction().execute(async (trx) => {
    const sections = await findSections(trx, courseId);
    const items = await listItems(trx, courseId);
    const sectionIds = new Set(sections.map((s) => s.id));
    const itemKeys = new Set(items.map((i) => `${i.kind}:${i.id}`));
    const namedSections = new Set(body.sections.map((s) => s._id));
    const named = body.sections.flatMap((s) => s.items.map((i) => `${i.kind}:${i._id}`));
    if (
      namedSections.size !== body.sections.length ||
      namedSections.size !== sectionIds.size ||
      [...namedSections].some((id) => !sectionIds.has(id)) ||
      new Set(named).size !== named.length ||
      named.length !== itemKeys.size ||
      named.some((key) => !itemKeys.has(key))
    )
      throw mismatch();
    const current = new Map(items.map((i) => [`${i.kind}:${i.id}`, i]));
    for (const [index, section] of body.sections.entries()) {
      if (sections.find((s) => s.id === section._id)?.position !== index)
        await setSectionPosition(trx, section._id, index);
      for (const [position, ref] of section.items.entries()) {
        const item = current.get(`${ref.kind}:${ref._id}`)!;
        if (item.section_id === section._id && Number(item.position) === position) continue;
        const source = ITEM_SOURCES.find((s) => s.kind === ref.kind)!;
        await source.move(trx, ref._id, section._id, position);
      }
    }
  });
  return buildOutline(db, courseId, true, new Set());
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
    if (fields.published === 1 && Number(lesson.published) !== 1)
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
    fileName: attachment.file_name,
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

const quotaError = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);

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
  if (usage.files >= quota.files) throw quotaError(messages.quotaAuthorFiles(quota.files));
  const left = quota.bytes - usage.bytes;
  if (left <= 0) throw quotaError(messages.quotaAuthorBytes(quota.bytes));
  return { maxBytes: left, tooLargeMessage: messages.quotaAuthorBytes(quota.bytes) };
}

/** 413 when the author's files (with the new one counted) pass the quota; the transaction rolls back. */
function assertWithinAuthorQuota(quota: AuthorQuota, usage: LessonFileUsage): void {
  if (usage.files > quota.files) throw quotaError(messages.quotaAuthorFiles(quota.files));
  if (usage.bytes > quota.bytes) throw quotaError(messages.quotaAuthorBytes(quota.bytes));
}

// ---------------------------------------------------------------- video

export function videoUploadRule(maxBytes: number): UploadRule {
  return {
    area: 'lessons',
    maxBytes,
    detect: (head) => detectVideoType(head),
    keyWithExtension: false,
    tooLargeMessage: `${messages.videoTooLarge} ${Math.floor(maxBytes / (1024 * 1024))} МБ.`,
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
    fileName: lesson.video_name,
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

// ---------------------------------------------------------------- completion and progress

/** An enrolled student marks a published lesson done (or not); idempotent. */
export async function setCompletion(
  db: Db,
  user: Requester,
  lessonId: string,
  done: boolean,
): Promise<void> {
  const lesson = await getLesson(db, lessonId);
  if (isCourseAuthor(user, lesson.author_id))
    throw new AppError('FORBIDDEN', messages.lessonCompletionNotEnrolled);
  await assertReadable(db, user, lesson, messages.lessonNotFound);
  if (done) await insertCompletion(db, user._id, lessonId, new Date().toISOString());
  else await deleteCompletion(db, user._id, lessonId);
}

/** A student's own progress, or (for the author) every enrolled student's; 403 for anyone else. */
export async function getProgress(
  db: Db,
  user: Requester,
  courseId: string,
): Promise<StudentProgress | AuthorProgress> {
  const course = await getCourseAuthor(db, courseId);
  const total = await countPublishedLessons(db, courseId);
  if (isCourseAuthor(user, course.author_id)) {
    const students = await findStudentProgress(db, courseId);
    return {
      total,
      students: students.map((s) => ({
        _id: s.id,
        username: s.username,
        completed: Number(s.completed ?? 0),
      })),
    };
  }
  if (!(await isEnrolled(db, user._id, courseId)))
    throw new AppError('FORBIDDEN', messages.notEnrolled);
  const completed = await findCompletedLessonIds(db, user._id, courseId);
  const published = (await findLessonItems(db, courseId)).filter(
    (item) => Number(item.published) === 1 && completed.has(item.id),
  );
  return { completed: published.length, total };
}
