/**
 * Course content: sections, the outline, lessons,
 * their attachments and video, completions and progress. Every author check
 * goes through lib/teacher-role.ts; who sees what is content-access.ts's.
 *
 * The feature's service, and the one file other features import; its jobs
 * live in files of their own:
 * - content-access.ts: the course's author, a lesson, and who may read it;
 * - outline.ts: the kinds of outline items, sections, the outline and its order;
 * - lessons.ts: a lesson's JSON, and lessons created, read, changed and removed;
 * - lesson-files.ts: a lesson's attachments and video, within the author's quota;
 * - progress.ts: completion of lessons and progress through the course.
 */
export { getAuthoredLesson } from './content-access.ts';
export {
  createDefaultSection,
  createSection,
  getOutline,
  nextItemPosition,
  registerOutlineItems,
  removeSection,
  renameSection,
  reorderOutline,
  toSection,
  type ItemSource,
} from './outline.ts';
export {
  createLesson,
  readLesson,
  removeLesson,
  toAttachment,
  toLesson,
  updateLesson,
  type MediaLinks,
} from './lessons.ts';
export {
  addAttachment,
  assertCanAttach,
  attachmentUploadRule,
  findReadableAttachment,
  findReadableVideo,
  lessonFileUploadLimit,
  removeAttachment,
  removeVideo,
  setVideo,
  videoUploadRule,
  type StoredFile,
} from './lesson-files.ts';
export { getProgress, setCompletion } from './progress.ts';

/** What other features read of the outline (through this service, never the repository). */
export { findCourseAuthor, findSectionWithAuthor, type ItemRow } from './content.repository.ts';
