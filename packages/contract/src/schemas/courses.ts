import { z } from 'zod';
import { refineWith } from './refine.ts';
import { messages } from '../messages.ts';
import {
  COURSE_LIMITS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  checkCourse,
  checkGrade,
  checkHomeworkComment,
} from '../courses.ts';
import {
  COURSE_VISIBILITIES,
  JOIN_CODE_LENGTH,
  checkAddStudent,
  classMessages,
} from '../classes.ts';

const text = (max: number, error: string) => z.string({ error }).max(max, { error });

/** Who sees the course (DESIGN section 17). */
export const visibilitySchema = z.enum(COURSE_VISIBILITIES, {
  error: classMessages.visibilityInvalid,
});

/** The text fields of a multipart course create/update, after the parts are read. */
export const courseFieldsSchema = z
  .object({
    title: text(COURSE_LIMITS.title.max * 2, messages.courseTitleInvalid),
    description: text(COURSE_LIMITS.description.max * 2, messages.courseDescriptionInvalid),
    category: text(COURSE_LIMITS.category.max * 2, messages.courseCategoryInvalid),
    homeworkTask: text(COURSE_LIMITS.homeworkTask.max, messages.homeworkTaskTooLong).default(''),
    homeworkDueAt: text(40, messages.homeworkDueInvalid).default(''),
    visibility: visibilitySchema.default('public'),
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
  courseId: z
    .string({ error: messages.courseIdRequired })
    .trim()
    .min(1, { error: messages.courseIdRequired })
    .max(100, { error: messages.courseIdRequired }),
  title: text(COURSE_LIMITS.title.max * 2, messages.courseTitleInvalid).optional(),
  description: text(
    COURSE_LIMITS.description.max * 2,
    messages.courseDescriptionInvalid,
  ).optional(),
  category: text(COURSE_LIMITS.category.max * 2, messages.courseCategoryInvalid).optional(),
  homeworkTask: text(COURSE_LIMITS.homeworkTask.max, messages.homeworkTaskTooLong).optional(),
  homeworkDueAt: text(40, messages.homeworkDueInvalid).optional(),
  removeCover: z.enum(['true', 'false', '1', '0', ''], { error: messages.badRequest }).optional(),
  visibility: visibilitySchema.optional(),
});

/** `POST courses/join`: a code as typed (case and dashes do not matter). */
export const joinCourseBodySchema = z.object({
  code: z
    .string({ error: classMessages.joinCodeRequired })
    .max(JOIN_CODE_LENGTH * 4, { error: classMessages.joinCodeNotFound }),
});

/** `GET/POST courses/{id}/join-code`. */
export const joinCodeResponseSchema = z.object({
  code: z.string().describe('8 characters from a 31-letter alphabet without look-alikes'),
  url: z.string().describe('The join link: /join/{code} on this site'),
});

/** `POST courses/{id}/students`: the author adds an account by its telephone. */
export const addStudentBodySchema = z
  .object({
    telephone: z
      .string({ error: messages.telephoneInvalid })
      .max(32, { error: messages.telephoneInvalid }),
  })
  .superRefine(refineWith(checkAddStudent));

/** The text fields of a multipart homework upload (`POST courses/upload-homework`); the file part is `file`. */
export const homeworkFormSchema = z
  .object({
    courseId: z
      .string({ error: messages.courseIdRequired })
      .trim()
      .min(1, { error: messages.courseIdRequired })
      .max(100, { error: messages.courseIdRequired }),
    /** The assignment handed in for; absent or '': the course's default assignment. */
    assignmentId: z
      .string({ error: messages.assignmentIdInvalid })
      .trim()
      .max(100, { error: messages.assignmentIdInvalid })
      .optional(),
    comment: text(COURSE_LIMITS.comment.max, messages.commentTooLong).default(''),
  })
  .superRefine(refineWith(checkHomeworkComment));

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
  limit: z.coerce
    .number({ error: messages.badRequest })
    .int()
    .min(1)
    .max(PAGE_SIZE_MAX)
    .default(PAGE_SIZE_DEFAULT),
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
  visibility: visibilitySchema.describe(
    'public: catalog, anyone enrols; private: by join code or the author only; draft: its author alone',
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const gradeHistoryEntrySchema = z.object({
  grade: z.string().describe('The earlier grade, as it was given'),
  points: z.number().nullable(),
  feedback: z.string().nullable(),
  gradedAt: z.string().nullable(),
  reason: z.string().describe('Why the author changed it'),
  replacedAt: z.string(),
});

export const homeworkSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  assignmentId: z.string(),
  userId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  comment: z.string(),
  submittedAt: z.string(),
  isLate: z.boolean(),
  grade: z
    .string()
    .nullable()
    .describe('The grade as given (text; older free-text grades stay as they were)'),
  points: z
    .number()
    .nullable()
    .describe('The grade as points, or null (ungraded, or an older free-text grade)'),
  feedback: z.string().nullable(),
  gradedAt: z.string().nullable(),
  gradeHistory: z
    .array(gradeHistoryEntrySchema)
    .describe('Earlier grades replaced by a regrade, oldest first (the student sees them too)'),
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
export const uploadHomeworkResponseSchema = z.object({
  homework: homeworkSchema,
  message: z.string(),
});
export const usersWithHomeworkResponseSchema = z.object({ users: z.array(userWithHomeworkSchema) });

export type Course = z.infer<typeof courseSchema>;
export type Homework = z.infer<typeof homeworkSchema>;
export type UserWithHomework = z.infer<typeof userWithHomeworkSchema>;
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;
export type CourseUpdateFields = z.infer<typeof courseUpdateFieldsSchema>;
export type HomeworkFormFields = z.infer<typeof homeworkFormSchema>;
export type GradeHistoryEntry = z.infer<typeof gradeHistoryEntrySchema>;
