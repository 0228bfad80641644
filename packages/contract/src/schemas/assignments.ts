import { z } from 'zod';
import { ASSIGNMENT_LIMITS } from '../assignments.ts';
import { COURSE_LIMITS } from '../courses.ts';
import { messages } from '../messages.ts';
import { documentNodeSchema, documentSchema } from './content.ts';

const L = ASSIGNMENT_LIMITS;
const idSchema = z.string({ error: messages.badRequest }).min(1).max(100);

const title = z
  .string({ error: messages.assignmentTitleInvalid })
  .trim()
  .min(L.title.min, { error: messages.assignmentTitleInvalid })
  .max(L.title.max, { error: messages.assignmentTitleInvalid });

/** A due date in (ISO 8601, stored as UTC); null or '' for none. */
const dueAtInput = z
  .string({ error: messages.assignmentDueInvalid })
  .max(40, { error: messages.assignmentDueInvalid })
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const time = Date.parse(value.trim());
    if (Number.isNaN(time)) {
      ctx.addIssue({ code: 'custom', message: messages.assignmentDueInvalid });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

const maxPoints = z
  .number({ error: messages.assignmentMaxPointsInvalid })
  .int({ error: messages.assignmentMaxPointsInvalid })
  .min(L.maxPoints.min, { error: messages.assignmentMaxPointsInvalid })
  .max(L.maxPoints.max, { error: messages.assignmentMaxPointsInvalid });

const published = z.boolean({ error: messages.assignmentPublishedInvalid });

/** `POST courses/{id}/assignments`. A draft unless `published: true`; maxPoints 12 unless given. */
export const createAssignmentBodySchema = z.strictObject({
  sectionId: idSchema,
  title,
  instructions: documentSchema,
  dueAt: dueAtInput.optional(),
  maxPoints: maxPoints.optional(),
  published: published.optional(),
});

/** `PUT assignments/{id}`: any of these; absent ones keep their value; `dueAt: null` or '' clears it. */
export const updateAssignmentBodySchema = z.strictObject({
  sectionId: idSchema.optional(),
  title: title.optional(),
  instructions: documentSchema.optional(),
  dueAt: dueAtInput.optional(),
  maxPoints: maxPoints.optional(),
  published: published.optional(),
});

export const assignmentSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  sectionId: z.string(),
  title: z.string(),
  instructions: documentNodeSchema,
  dueAt: z.string().nullable(),
  maxPoints: z.number().int(),
  published: z.boolean(),
  position: z.number().int(),
  isDefault: z
    .boolean()
    .describe(
      "The course's default assignment: its text and due date are the course JSON's homeworkTask/homeworkDueAt",
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const assignmentResponseSchema = z.object({ assignment: assignmentSchema });

export type Assignment = z.infer<typeof assignmentSchema>;
export type CreateAssignmentBody = z.infer<typeof createAssignmentBodySchema>;
export type UpdateAssignmentBody = z.infer<typeof updateAssignmentBodySchema>;

// ---------------------------------------------------------------- grading and comments

const gradeText = z
  .string({ error: messages.gradeRequired })
  .max(COURSE_LIMITS.grade.max * 10, { error: messages.gradeRequired });

/** `POST homework/{id}/regrade`: the new grade (points, checked against maxPoints by the server), feedback, and why. */
export const regradeBodySchema = z.strictObject({
  grade: gradeText,
  /** Absent: the earlier feedback stays; '' clears it. */
  feedback: z
    .string({ error: messages.feedbackTooLong })
    .max(COURSE_LIMITS.feedback.max, { error: messages.feedbackTooLong })
    .optional(),
  reason: z
    .string({ error: messages.regradeReasonInvalid })
    .trim()
    .min(L.regradeReason.min, { error: messages.regradeReasonInvalid })
    .max(L.regradeReason.max, { error: messages.regradeReasonInvalid }),
});

export const homeworkCommentBodySchema = z.strictObject({
  body: z
    .string({ error: messages.homeworkCommentInvalid })
    .trim()
    .min(L.commentBody.min, { error: messages.homeworkCommentInvalid })
    .max(L.commentBody.max, { error: messages.homeworkCommentInvalid }),
});

export const homeworkCommentSchema = z.object({
  _id: z.string(),
  homeworkId: z.string(),
  author: z.object({ _id: z.string(), username: z.string() }),
  body: z.string(),
  createdAt: z.string(),
});

export const homeworkCommentsResponseSchema = z.object({
  comments: z.array(homeworkCommentSchema).describe('Oldest first'),
});
export const homeworkCommentResponseSchema = z.object({ comment: homeworkCommentSchema });

export type RegradeBody = z.infer<typeof regradeBodySchema>;
export type HomeworkCommentBody = z.infer<typeof homeworkCommentBodySchema>;
export type HomeworkComment = z.infer<typeof homeworkCommentSchema>;

// ---------------------------------------------------------------- the gradebook and a student's grades

export const GRADEBOOK_STATUSES = ['missing', 'submitted', 'late', 'graded'] as const;
const status = z
  .enum(GRADEBOOK_STATUSES)
  .describe(
    'missing: nothing handed in; submitted / late: the latest submission, ungraded (late: after the due date); graded: a submission has a grade',
  );
const percent = z
  .number()
  .nullable()
  .describe(
    'Points over the maxPoints of the graded assignments, × 100, one decimal; null while nothing has points',
  );

export const GRADEBOOK_ITEM_KINDS = ['assignment', 'quiz'] as const;

export const gradebookAssignmentSchema = z.object({
  _id: z.string(),
  kind: z
    .enum(GRADEBOOK_ITEM_KINDS)
    .describe(
      'An assignment, or a quiz (its dueAt is its closesAt; its points follow its grading)',
    ),
  title: z.string(),
  maxPoints: z.number().describe('An integer for an assignment; a quiz may have halves'),
  dueAt: z.string().nullable(),
});

export const gradebookCellSchema = z.object({
  status,
  points: z.number().nullable(),
  grade: z
    .string()
    .nullable()
    .describe('The grade as given (an older free-text grade has no points)'),
  homeworkId: z
    .string()
    .nullable()
    .describe('The submission that counts: the latest graded one, else the latest'),
  attemptId: z
    .string()
    .nullable()
    .optional()
    .describe("A quiz's cell: the attempt that counts (the last one for `average`)"),
  openAttemptId: z
    .string()
    .nullable()
    .optional()
    .describe("A quiz's cell: the attempt the student has open now (in progress), if any"),
});

export const gradebookSchema = z.object({
  assignments: z
    .array(gradebookAssignmentSchema)
    .describe('Published assignments, then published quizzes, each in outline order'),
  students: z
    .array(
      z.object({
        _id: z.string(),
        username: z.string(),
        cells: z.record(z.string(), gradebookCellSchema).describe('By assignment id'),
        percent,
      }),
    )
    .describe('Every enrolled student, by name'),
});

export const userGradesSchema = z.object({
  courses: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      percent,
      assignments: z.array(
        gradebookAssignmentSchema.extend({
          status,
          points: z.number().nullable(),
          grade: z.string().nullable(),
          feedback: z.string().nullable(),
          attemptId: z
            .string()
            .nullable()
            .optional()
            .describe("A quiz's item: the attempt that counts"),
          openAttemptId: z
            .string()
            .nullable()
            .optional()
            .describe("A quiz's item: the attempt open now (in progress), if any"),
        }),
      ),
    }),
  ),
});

export type GradebookItemKind = (typeof GRADEBOOK_ITEM_KINDS)[number];
export type GradebookStatus = (typeof GRADEBOOK_STATUSES)[number];
export type GradebookCell = z.infer<typeof gradebookCellSchema>;
export type Gradebook = z.infer<typeof gradebookSchema>;
export type UserGrades = z.infer<typeof userGradesSchema>;

// ---------------------------------------------------------------- the calendar feed

export const calendarFeedResponseSchema = z.object({
  url: z
    .string()
    .describe('The private iCalendar address (keep it secret: anyone with it sees the due dates)'),
});
