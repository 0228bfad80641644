import { z } from 'zod';
import { messages } from '../messages.ts';
import { hasUnsafeCharacters } from '../text-checks.ts';
import {
  ATTEMPT_STATES,
  IMPORT_FORMATS,
  QUESTION_KINDS,
  QUIZ_GRADINGS,
  QUIZ_LIMITS,
  QUIZ_REVIEWS,
  questionKeyProblem,
  type QuestionKey,
  type QuestionKind,
} from '../quizzes.ts';
import { documentNodeSchema, documentSchema } from './content.ts';

const L = QUIZ_LIMITS;
const idSchema = z.string({ error: messages.badRequest }).min(1).max(100);
const plainLine = (value: string) => !hasUnsafeCharacters(value, 'line');

/** A line of text between 1 and `max` characters, trimmed, without control characters. */
const line = (max: number, error: string) =>
  z
    .string({ error })
    .trim()
    .min(1, { error })
    .max(max, { error })
    .refine(plainLine, { error: messages.textControlCharacters });

// ---------------------------------------------------------------- questions

const points = z
  .number({ error: messages.questionPointsInvalid })
  .min(L.points.min, { error: messages.questionPointsInvalid })
  .max(L.points.max, { error: messages.questionPointsInvalid })
  .refine((value) => Number.isInteger(value * 100), { error: messages.questionPointsInvalid });

const tags = z
  .array(line(L.tags.length, messages.questionTagsInvalid), {
    error: messages.questionTagsInvalid,
  })
  .max(L.tags.max, { error: messages.questionTagsInvalid })
  .transform((list) => [...new Set(list)]);

const credit = z
  .number({ error: messages.questionCreditInvalid })
  .min(L.credit.min, { error: messages.questionCreditInvalid })
  .max(L.credit.max, { error: messages.questionCreditInvalid });

const optionSchema = z.strictObject(
  {
    id: z
      .string({ error: messages.questionOptionInvalid })
      .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: messages.questionOptionInvalid }),
    text: line(L.optionText, messages.questionOptionInvalid),
    credit: credit.optional(),
  },
  { error: messages.questionOptionInvalid },
);
const options = z
  .array(optionSchema, { error: messages.questionOptionsCount })
  .min(L.options.min, { error: messages.questionOptionsCount })
  .max(L.options.max, { error: messages.questionOptionsCount });
const correctIds = z
  .array(z.string({ error: messages.questionCorrectUnknown }).max(L.optionId), {
    error: messages.questionNoCorrect,
  })
  .min(1, { error: messages.questionNoCorrect })
  .max(L.options.max, { error: messages.questionCorrectUnknown });

const acceptedEntry = z.union(
  [
    line(L.accepted.length, messages.questionAcceptedInvalid),
    z.strictObject({ text: line(L.accepted.length, messages.questionAcceptedInvalid), credit }),
  ],
  { error: messages.questionAcceptedInvalid },
);

const finite = z
  .number({ error: messages.questionNumericInvalid })
  .refine(Number.isFinite, { error: messages.questionNumericInvalid });
const tolerance = finite.refine((value) => value >= 0, { error: messages.questionNumericInvalid });

const pairText = line(L.pairText, messages.questionPairInvalid);
const itemText = line(L.itemText, messages.questionItemInvalid);

/** The fields every kind shares. */
const common = {
  text: documentSchema,
  points: points.optional().default(L.points.default),
  tags: tags.optional().default([]),
  explanation: documentSchema.nullable().optional().default(null),
};

const strict = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${messages.questionKeyNotAllowed} («${String(issue.keys[0]).slice(0, 40)}»)`
        : messages.badRequest,
  });

const questionKinds = z.discriminatedUnion(
  'kind',
  [
    strict({ kind: z.literal('single'), ...common, options, correct: correctIds }),
    strict({ kind: z.literal('multiple'), ...common, options, correct: correctIds }),
    strict({
      kind: z.literal('truefalse'),
      ...common,
      correct: z.boolean({ error: messages.questionTrueFalseInvalid }),
    }),
    strict({
      kind: z.literal('short'),
      ...common,
      accepted: z
        .array(acceptedEntry, { error: messages.questionAcceptedCount })
        .min(L.accepted.min, { error: messages.questionAcceptedCount })
        .max(L.accepted.max, { error: messages.questionAcceptedCount }),
    }),
    strict({
      kind: z.literal('numeric'),
      ...common,
      value: finite,
      tolerance: tolerance.optional().default(0),
      alternatives: z
        .array(z.strictObject({ value: finite, tolerance, credit }), {
          error: messages.questionNumericInvalid,
        })
        .max(L.alternatives, { error: messages.questionNumericInvalid })
        .optional(),
    }),
    strict({
      kind: z.literal('matching'),
      ...common,
      pairs: z
        .array(z.strictObject({ left: pairText, right: pairText }), {
          error: messages.questionPairsCount,
        })
        .min(L.pairs.min, { error: messages.questionPairsCount })
        .max(L.pairs.max, { error: messages.questionPairsCount }),
    }),
    strict({
      kind: z.literal('ordering'),
      ...common,
      items: z
        .array(itemText, { error: messages.questionItemsCount })
        .min(L.items.min, { error: messages.questionItemsCount })
        .max(L.items.max, { error: messages.questionItemsCount }),
    }),
    strict({ kind: z.literal('essay'), ...common }),
  ],
  { error: messages.questionKindInvalid },
);

/**
 * `POST courses/{id}/questions` and `PUT questions/{id}` (the whole
 * question): its kind, text, points, tags, explanation and the kind's key,
 * checked for meaning too — a key that cannot be answered is a 400 naming
 * why (questionKeyProblem).
 */
export const questionBodySchema = questionKinds.superRefine((question, ctx) => {
  const problem = questionKeyProblem(question as QuestionKey);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [KEY_FIELD[question.kind]] });
});

/** The field a key's problem is reported on. */
const KEY_FIELD: Record<QuestionKind, string> = {
  single: 'options',
  multiple: 'options',
  truefalse: 'correct',
  short: 'accepted',
  numeric: 'value',
  matching: 'pairs',
  ordering: 'items',
  essay: 'kind',
};

const optionOut = z.object({ id: z.string(), text: z.string(), credit: z.number().optional() });
const keyOut = {
  options: z.array(optionOut).optional(),
  correct: z.union([z.array(z.string()), z.boolean()]).optional(),
  accepted: z
    .array(z.union([z.string(), z.object({ text: z.string(), credit: z.number() })]))
    .optional(),
  value: z.number().optional(),
  tolerance: z.number().optional(),
  alternatives: z
    .array(z.object({ value: z.number(), tolerance: z.number(), credit: z.number() }))
    .optional(),
  pairs: z.array(z.object({ left: z.string(), right: z.string() })).optional(),
  items: z.array(z.string()).optional(),
};

/** A question as its author sees it: with its key (only the kind's fields are present). */
export const questionSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  kind: z.enum(QUESTION_KINDS),
  text: documentNodeSchema,
  points: z.number(),
  tags: z.array(z.string()),
  explanation: documentNodeSchema.nullable(),
  ...keyOut,
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const questionResponseSchema = z.object({ question: questionSchema });

export const questionListQuerySchema = z.strictObject({
  tag: z
    .string({ error: messages.questionTagsInvalid })
    .max(L.tags.length, { error: messages.questionTagsInvalid })
    .optional(),
  q: z
    .string({ error: messages.questionSearchInvalid })
    .max(L.searchLength, { error: messages.questionSearchInvalid })
    .optional(),
  cursor: z.string({ error: messages.badRequest }).max(200).optional(),
  limit: z.coerce
    .number({ error: messages.badRequest })
    .int({ error: messages.badRequest })
    .min(1, { error: messages.badRequest })
    .max(L.page.max, { error: messages.badRequest })
    .optional(),
});

export const questionListSchema = z.object({
  questions: z.array(questionSchema).describe('Newest first'),
  nextCursor: z.string().nullable(),
});

// ---------------------------------------------------------------- import and export

export const importBodySchema = z.strictObject({
  format: z.enum(IMPORT_FORMATS, { error: messages.importFormatInvalid }),
  text: z
    .string({ error: messages.importTextInvalid })
    .min(1, { error: messages.importTextInvalid })
    .max(L.importBytes, { error: messages.importTextInvalid }),
  tag: line(L.tags.length, messages.questionTagsInvalid).optional(),
});

export const importResponseSchema = z.object({
  created: z.array(z.string()).describe('The new questions’ ids, in the text’s order'),
});

/** 400 of an import: nothing was created; each wrong question with its line (1-based). */
export const importErrorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});

export const exportQuerySchema = z.strictObject({
  format: z.literal('gift', { error: messages.exportFormatInvalid }).optional(),
  tag: z
    .string({ error: messages.questionTagsInvalid })
    .max(L.tags.length, { error: messages.questionTagsInvalid })
    .optional(),
});

// ---------------------------------------------------------------- quizzes

/** An ISO date-time (stored as UTC); null or '' for none. */
const dateInput = z
  .string({ error: messages.quizDateInvalid })
  .max(40, { error: messages.quizDateInvalid })
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const time = Date.parse(value.trim());
    if (Number.isNaN(time)) {
      ctx.addIssue({ code: 'custom', message: messages.quizDateInvalid });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

const bool = z.boolean({ error: messages.quizBooleanInvalid });

export const quizSlotInputSchema = z.union(
  [
    z.strictObject({ questionId: idSchema }),
    z.strictObject({
      tag: line(L.tags.length, messages.quizSlotsInvalid),
      count: z
        .number({ error: messages.quizSlotsInvalid })
        .int({ error: messages.quizSlotsInvalid })
        .min(L.slotCount.min, { error: messages.quizSlotsInvalid })
        .max(L.slotCount.max, { error: messages.quizSlotsInvalid }),
    }),
  ],
  { error: messages.quizSlotsInvalid },
);

const quizFields = {
  sectionId: idSchema,
  title: line(L.quizTitle.max, messages.quizTitleInvalid),
  description: documentSchema.nullable(),
  published: bool,
  opensAt: dateInput,
  closesAt: dateInput,
  timeLimitMinutes: z
    .number({ error: messages.quizTimeLimitInvalid })
    .int({ error: messages.quizTimeLimitInvalid })
    .min(L.timeLimitMinutes.min, { error: messages.quizTimeLimitInvalid })
    .max(L.timeLimitMinutes.max, { error: messages.quizTimeLimitInvalid })
    .nullable(),
  attemptsAllowed: z
    .number({ error: messages.quizAttemptsAllowedInvalid })
    .int({ error: messages.quizAttemptsAllowedInvalid })
    .min(L.attemptsAllowed.min, { error: messages.quizAttemptsAllowedInvalid })
    .max(L.attemptsAllowed.max, { error: messages.quizAttemptsAllowedInvalid }),
  grading: z.enum(QUIZ_GRADINGS, { error: messages.quizGradingInvalid }),
  shuffleQuestions: bool,
  shuffleOptions: bool,
  review: z.enum(QUIZ_REVIEWS, { error: messages.quizReviewInvalid }),
  slots: z
    .array(quizSlotInputSchema, { error: messages.quizSlotsInvalid })
    .max(L.slots, { error: messages.quizSlotsInvalid }),
};

const datesInOrder = (
  quiz: { opensAt?: string | null; closesAt?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (quiz.opensAt && quiz.closesAt && Date.parse(quiz.closesAt) <= Date.parse(quiz.opensAt))
    ctx.addIssue({ code: 'custom', message: messages.quizDatesOrder, path: ['closesAt'] });
};

/**
 * `POST courses/{id}/quizzes`: `sectionId` and `title` required; the rest
 * default (a draft, no dates, no time limit, 1 attempt, highest, questions
 * in order, options shuffled, review after close, no questions yet).
 */
export const createQuizBodySchema = z
  .strictObject({
    ...quizFields,
    description: quizFields.description.optional().default(null),
    published: bool.optional().default(false),
    opensAt: quizFields.opensAt.optional().default(null),
    closesAt: quizFields.closesAt.optional().default(null),
    timeLimitMinutes: quizFields.timeLimitMinutes.optional().default(null),
    attemptsAllowed: quizFields.attemptsAllowed.optional().default(L.attemptsAllowed.default),
    grading: quizFields.grading.optional().default('highest'),
    shuffleQuestions: bool.optional().default(false),
    shuffleOptions: bool.optional().default(true),
    review: quizFields.review.optional().default('after_close'),
    slots: quizFields.slots.optional().default([]),
  })
  .superRefine(datesInOrder);

/** `PUT quizzes/{id}`: any of the fields; absent ones keep their value. */
export const updateQuizBodySchema = z
  .strictObject({
    sectionId: quizFields.sectionId.optional(),
    title: quizFields.title.optional(),
    description: quizFields.description.optional(),
    published: bool.optional(),
    opensAt: quizFields.opensAt.optional(),
    closesAt: quizFields.closesAt.optional(),
    timeLimitMinutes: quizFields.timeLimitMinutes.optional(),
    attemptsAllowed: quizFields.attemptsAllowed.optional(),
    grading: quizFields.grading.optional(),
    shuffleQuestions: bool.optional(),
    shuffleOptions: bool.optional(),
    review: quizFields.review.optional(),
    slots: quizFields.slots.optional(),
  })
  .superRefine(datesInOrder);

export const quizSlotSchema = z.union([
  z.object({ questionId: z.string() }),
  z.object({ tag: z.string(), count: z.number().int() }),
]);

const attemptSummarySchema = z.object({
  _id: z.string(),
  student: z.object({ _id: z.string(), username: z.string() }),
  state: z.enum(ATTEMPT_STATES),
  score: z.number().nullable(),
  maxPoints: z.number(),
  pendingGrading: z.boolean(),
  startedAt: z.string(),
  deadline: z.string().nullable(),
  submittedAt: z.string().nullable(),
});

/** A quiz: the author's view has `slots`; a student's has none and adds `attempts` and `canStart`. */
export const quizSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  sectionId: z.string(),
  title: z.string(),
  description: documentNodeSchema.nullable(),
  published: z.boolean(),
  position: z.number().int(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  timeLimitMinutes: z.number().int().nullable(),
  attemptsAllowed: z.number().int(),
  grading: z.enum(QUIZ_GRADINGS),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  review: z.enum(QUIZ_REVIEWS),
  maxPoints: z
    .number()
    .describe(
      "The sum of the slots' points; a tag slot counts `count` × the mean points of the tag's questions",
    ),
  questionCount: z.number().int(),
  slots: z.array(quizSlotSchema).optional().describe('The author only'),
  attempts: z
    .array(attemptSummarySchema)
    .optional()
    .describe('A student only: their own attempts, oldest first'),
  canStart: z
    .boolean()
    .optional()
    .describe('A student only: whether POST quizzes/{id}/attempts would start or continue one now'),
  hasAttempts: z.boolean().optional().describe('The author only: whether anyone has started it'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const quizResponseSchema = z.object({ quiz: quizSchema });

// ---------------------------------------------------------------- attempts

/**
 * A question inside an attempt: the student's view never has a key field
 * (`correct`, `accepted`, `value`, `tolerance`, `alternatives`, `pairs`);
 * `score`, `correct` (an answer worth full points, in the answer's shape)
 * and `explanation` only once review allows it (always for the author).
 */
export const attemptQuestionSchema = z.object({
  slot: z.number().int().describe('1-based position in this attempt'),
  questionId: z.string().optional().describe('The author only'),
  kind: z.enum(QUESTION_KINDS),
  text: documentNodeSchema,
  points: z.number(),
  options: z.array(z.object({ id: z.string(), text: z.string() })).optional(),
  lefts: z.array(z.string()).optional(),
  rights: z.array(z.string()).optional(),
  items: z.array(z.string()).optional(),
  answer: z.unknown().nullable().describe('The saved answer, in its kind’s shape, or null'),
  answeredAt: z.string().nullable(),
  score: z.number().nullable().optional(),
  correct: z.unknown().optional(),
  explanation: documentNodeSchema.nullable().optional(),
  feedback: z.string().nullable().optional(),
  autoScore: z
    .number()
    .nullable()
    .optional()
    .describe('The author only: the automatic score, kept when a teacher overrides it'),
  gradeHistory: z
    .array(z.object({ points: z.number(), feedback: z.string().nullable(), gradedAt: z.string() }))
    .optional()
    .describe("The author only: every teacher's grade of this slot, oldest first"),
});

export const attemptSchema = z.object({
  _id: z.string(),
  quizId: z.string(),
  courseId: z.string(),
  student: z.object({ _id: z.string(), username: z.string() }),
  state: z.enum(ATTEMPT_STATES),
  startedAt: z.string(),
  deadline: z.string().nullable(),
  submittedAt: z.string().nullable(),
  score: z.number().nullable(),
  maxPoints: z.number(),
  pendingGrading: z.boolean(),
  reviewAllowed: z.boolean().describe('Whether the question scores and right answers are shown'),
  serverTime: z.string().describe("The server's clock when it answered (for the countdown)"),
  questions: z.array(attemptQuestionSchema),
});

export const attemptResponseSchema = z.object({ attempt: attemptSchema });

export const answerBodySchema = z.strictObject({
  answer: z.unknown().describe('The kind’s answer shape, or null to clear the slot'),
});

export const slotParamsSchema = z.strictObject({
  id: idSchema,
  slot: z.coerce
    .number({ error: messages.attemptSlotInvalid })
    .int({ error: messages.attemptSlotInvalid })
    .min(1, { error: messages.attemptSlotInvalid })
    .max(1000, { error: messages.attemptSlotInvalid }),
});

export const slotGradeBodySchema = z.strictObject({
  points: z
    .union([z.number(), z.string().max(20)], { error: messages.badRequest })
    .describe('0 to the question’s points; "9,5" accepted'),
  feedback: z
    .string({ error: messages.attemptFeedbackInvalid })
    .max(L.feedback, { error: messages.attemptFeedbackInvalid })
    .nullable()
    .optional(),
});

export const quizAttemptsResponseSchema = z.object({
  attempts: z.array(attemptSummarySchema).describe('Newest first'),
});

// ---------------------------------------------------------------- statistics

export const quizStatisticsSchema = z.object({
  attempts: z.number().int().describe('Submitted attempts counted'),
  maxPoints: z.number(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  stdev: z.number().nullable(),
  alpha: z.number().nullable().describe("Cronbach's alpha; null below 2 attempts or 2 questions"),
  histogram: z
    .array(z.object({ from: z.number(), to: z.number(), count: z.number().int() }))
    .describe('Scores in 10 bands of the maximum'),
  questions: z.array(
    z.object({
      questionId: z.string(),
      kind: z.enum(QUESTION_KINDS),
      title: z.string().describe('The start of the question text'),
      attempts: z.number().int(),
      facility: z.number().nullable(),
      discrimination: z.number().nullable(),
      flagged: z.boolean().describe('Low discrimination, or facility near 0 or 1'),
      answers: z.array(z.object({ answer: z.string(), count: z.number().int() })),
    }),
  ),
});

export type QuestionBody = z.output<typeof questionBodySchema>;
export type QuestionBodyInput = z.input<typeof questionBodySchema>;
export type Question = z.infer<typeof questionSchema>;
export type QuestionList = z.infer<typeof questionListSchema>;
export type ImportBody = z.infer<typeof importBodySchema>;
export type ImportError = z.infer<typeof importErrorSchema>;
export type CreateQuizBody = z.output<typeof createQuizBodySchema>;
export type UpdateQuizBody = z.output<typeof updateQuizBodySchema>;
export type QuizSlot = z.infer<typeof quizSlotSchema>;
export type Quiz = z.infer<typeof quizSchema>;
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;
export type Attempt = z.infer<typeof attemptSchema>;
export type SlotGradeBody = z.infer<typeof slotGradeBodySchema>;
export type QuizStatistics = z.infer<typeof quizStatisticsSchema>;
