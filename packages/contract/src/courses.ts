import type { FormError } from './form.ts';
import { messages } from './messages.ts';
import { checkPlainText } from './text-checks.ts';

/** Limits of courses, homework and files. */
export const COURSE_LIMITS = {
  title: { min: 3, max: 120 },
  description: { min: 10, max: 5000 },
  category: { min: 2, max: 60 },
  homeworkTask: { max: 5000 },
  comment: { max: 1000 },
  grade: { max: 10 },
  feedback: { max: 2000 },
  searchQuery: { max: 100 },
} as const;

export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;
export const HOMEWORK_MAX_BYTES = 20 * 1024 * 1024;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;

/** Homework types, by MIME type as detected from the file's bytes. */
export const HOMEWORK_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'text/plain',
  'application/rtf',
  'application/zip',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;
/** For the file picker's accept attribute; the server decides from the bytes. */
export const HOMEWORK_ACCEPT = '.pdf,.doc,.docx,.odt,.txt,.rtf,.zip,.jpg,.jpeg,.png,.webp';
export const COVER_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const COVER_ACCEPT = 'image/jpeg,image/png,image/webp';

// ---------------------------------------------------------------- course form

export interface CourseInput {
  title: string;
  description: string;
  category: string;
  homeworkTask: string;
  /** ISO 8601 date-time, or '' for no deadline. */
  homeworkDueAt: string;
}

/** Course form checks, in form order; the server runs the same on create and update. */
export function checkCourse(input: CourseInput): FormError<keyof CourseInput> | null {
  const L = COURSE_LIMITS;
  const title = input.title.trim();
  if (title.length < L.title.min || title.length > L.title.max) {
    return { message: messages.courseTitleInvalid, fields: ['title'] };
  }
  const description = input.description.trim();
  if (description.length < L.description.min || description.length > L.description.max) {
    return { message: messages.courseDescriptionInvalid, fields: ['description'] };
  }
  const category = input.category.trim();
  if (category.length < L.category.min || category.length > L.category.max) {
    return { message: messages.courseCategoryInvalid, fields: ['category'] };
  }
  if (input.homeworkTask.length > L.homeworkTask.max) {
    return { message: messages.homeworkTaskTooLong, fields: ['homeworkTask'] };
  }
  if (input.homeworkDueAt !== '' && Number.isNaN(Date.parse(input.homeworkDueAt))) {
    return { message: messages.homeworkDueInvalid, fields: ['homeworkDueAt'] };
  }
  return checkPlainText(input, {
    title: 'line',
    description: 'text',
    category: 'line',
    homeworkTask: 'text',
  });
}

// ---------------------------------------------------------------- homework upload

/** The multipart part names of the upload forms. */
export const UPLOAD_FIELDS = { homeworkFile: 'file', cover: 'cover' } as const;

export interface HomeworkCommentInput {
  comment: string;
}

/** The comment of a homework upload (the file is checked apart: its size and type). */
export function checkHomeworkComment(
  input: HomeworkCommentInput,
): FormError<keyof HomeworkCommentInput> | null {
  if (input.comment.length > COURSE_LIMITS.comment.max) {
    return { message: messages.commentTooLong, fields: ['comment'] };
  }
  return checkPlainText(input, { comment: 'text' });
}

/** Where a course's cover is served: the `coverUrl` of the course JSON starts with this. */
export const COVER_URL_PREFIX = '/api/files/covers/';

// ---------------------------------------------------------------- grading

export interface GradeInput {
  grade: string;
  feedback: string;
}

/** A grade is non-blank and at most 10 characters (spec: a blank grade never locks a row). */
export function checkGrade(input: GradeInput): FormError<keyof GradeInput> | null {
  const grade = input.grade.trim();
  if (grade.length === 0 || grade.length > COURSE_LIMITS.grade.max) {
    return { message: messages.gradeRequired, fields: ['grade'] };
  }
  if (input.feedback.length > COURSE_LIMITS.feedback.max) {
    return { message: messages.feedbackTooLong, fields: ['feedback'] };
  }
  return checkPlainText(input, { grade: 'line', feedback: 'text' });
}

export type {
  Course,
  Homework,
  UserWithHomework,
  CourseListQuery,
  CourseUpdateFields,
  HomeworkFormFields,
} from './schemas/courses.ts';
