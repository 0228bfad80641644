import { z } from 'zod';
import { refineWith, type FormError } from './form.ts';
import { messages } from './messages.ts';

/** Limits of courses, homework and files (DESIGN.md section 4). */
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
  return null;
}

const text = (max: number, error: string) => z.string({ error }).max(max, { error });

/** The text fields of a multipart course create/update, after the parts are read. */
export const courseFieldsSchema = z
  .object({
    title: text(COURSE_LIMITS.title.max * 2, messages.courseTitleInvalid),
    description: text(COURSE_LIMITS.description.max * 2, messages.courseDescriptionInvalid),
    category: text(COURSE_LIMITS.category.max * 2, messages.courseCategoryInvalid),
    homeworkTask: text(COURSE_LIMITS.homeworkTask.max, messages.homeworkTaskTooLong).default(''),
    homeworkDueAt: text(40, messages.homeworkDueInvalid).default(''),
  })
  .superRefine(refineWith(checkCourse));

/**
 * The text fields of a multipart course update (`PUT courses/update`): the
 * course id, and any of the course fields to change (absent ones keep their
 * value; `homeworkDueAt: ''` clears the deadline). `removeCover: 'true'`
 * drops the cover when no new one is sent. The server runs checkCourse on
 * the merged result.
 */
export const courseUpdateFieldsSchema = z.object({
  courseId: z.string({ error: messages.courseIdRequired }).trim().min(1, { error: messages.courseIdRequired }).max(100, { error: messages.courseIdRequired }),
  title: text(COURSE_LIMITS.title.max * 2, messages.courseTitleInvalid).optional(),
  description: text(COURSE_LIMITS.description.max * 2, messages.courseDescriptionInvalid).optional(),
  category: text(COURSE_LIMITS.category.max * 2, messages.courseCategoryInvalid).optional(),
  homeworkTask: text(COURSE_LIMITS.homeworkTask.max, messages.homeworkTaskTooLong).optional(),
  homeworkDueAt: text(40, messages.homeworkDueInvalid).optional(),
  removeCover: z.enum(['true', 'false', '1', '0', ''], { error: messages.badRequest }).optional(),
});

// ---------------------------------------------------------------- homework upload

/** The text fields of a multipart homework upload (`POST courses/upload-homework`); the file part is `file`. */
export const homeworkFormSchema = z.object({
  courseId: z.string({ error: messages.courseIdRequired }).trim().min(1, { error: messages.courseIdRequired }).max(100, { error: messages.courseIdRequired }),
  comment: text(COURSE_LIMITS.comment.max, messages.commentTooLong).default(''),
});

/** The multipart part names of the upload forms. */
export const UPLOAD_FIELDS = { homeworkFile: 'file', cover: 'cover' } as const;

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
  return null;
}

export const gradeBodySchema = z
  .object({
    grade: text(COURSE_LIMITS.grade.max * 10, messages.gradeRequired),
    feedback: text(COURSE_LIMITS.feedback.max, messages.feedbackTooLong).default(''),
  })
  .superRefine(refineWith(checkGrade));

// ---------------------------------------------------------------- queries and JSON

export const courseListQuerySchema = z.object({
  q: z.string().max(COURSE_LIMITS.searchQuery.max, { error: messages.searchTooLong }).optional(),
  authorId: z.string().max(64).optional(),
  limit: z.coerce.number({ error: messages.badRequest }).int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});

export const courseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  homeworkTask: z.string(),
  homeworkDueAt: z.string().nullable(),
  coverUrl: z.string().nullable(),
  author: z.object({ _id: z.string(), username: z.string() }),
  enrolledCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const homeworkSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  userId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  comment: z.string(),
  submittedAt: z.string(),
  isLate: z.boolean(),
  grade: z.string().nullable(),
  feedback: z.string().nullable(),
  gradedAt: z.string().nullable(),
});

export const userWithHomeworkSchema = z.object({
  _id: z.string(),
  username: z.string(),
  telephone: z.string(),
  email: z.string(),
  homework: z.array(homeworkSchema),
});

export const courseListResponseSchema = z.object({
  courses: z.array(courseSchema),
  nextCursor: z.string().nullable(),
});
export const coursesResponseSchema = z.object({ courses: z.array(courseSchema) });
export const courseResponseSchema = z.object({ course: courseSchema });
export const createdCoursesResponseSchema = z.object({ createdCourses: z.array(courseSchema) });
export const updateCourseResponseSchema = z.object({
  authorCourses: z.array(courseSchema),
  course: courseSchema,
});
export const homeworkListResponseSchema = z.object({ homework: z.array(homeworkSchema) });
export const homeworkResponseSchema = z.object({ homework: homeworkSchema });
export const uploadHomeworkResponseSchema = z.object({ homework: homeworkSchema, message: z.string() });
export const usersWithHomeworkResponseSchema = z.object({ users: z.array(userWithHomeworkSchema) });

export type Course = z.infer<typeof courseSchema>;
export type Homework = z.infer<typeof homeworkSchema>;
export type UserWithHomework = z.infer<typeof userWithHomeworkSchema>;
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;
export type CourseUpdateFields = z.infer<typeof courseUpdateFieldsSchema>;
export type HomeworkFormFields = z.infer<typeof homeworkFormSchema>;
