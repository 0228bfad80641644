import { z } from 'zod';
import { ASSIGNMENT_LIMITS } from '../assignments.ts';
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
