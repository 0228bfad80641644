import { z } from 'zod';
import { CONTENT_LIMITS, QUIZ_LIMITS, messages } from '@urok/contract';
import {
  answerBodySchema,
  attemptResponseSchema,
  createQuizBodySchema,
  errorBodySchema,
  exportQuerySchema,
  importBodySchema,
  importErrorSchema,
  importResponseSchema,
  quizStatisticsSchema,
  questionBodySchema,
  questionListQuerySchema,
  questionListSchema,
  questionResponseSchema,
  quizAttemptsResponseSchema,
  quizResponseSchema,
  slotGradeBodySchema,
  slotParamsSchema,
  updateQuizBodySchema,
} from '@urok/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../app-error.ts';
import { inLanguage } from '../../lib/language.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { binarySchema } from '../../plugins/docs.ts';
import { errorResponses } from '../../plugins/errors.ts';
import {
  ImportRefused,
  createQuestion,
  createQuiz,
  exportQuestions,
  importQuestions,
  quizStatistics,
  gradeSlot,
  listCourseQuestions,
  listQuizAttempts,
  readAttempt,
  readQuestion,
  readQuiz,
  removeQuestion,
  removeQuiz,
  saveAnswer,
  startAttempt,
  submitAttempt,
  updateQuestion,
  updateQuiz,
} from './quizzes.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** A question or quiz body: two documents (≤ 200 KB each) and short fields. */
const QUIZ_BODY_LIMIT = 2 * CONTENT_LIMITS.documentBytes + 64 * 1024;
/** An import: its text (≤ 1,048,576 characters; Cyrillic is two bytes each in UTF-8), JSON-escaped. */
const IMPORT_BODY_LIMIT = 4 * QUIZ_LIMITS.importBytes;

export async function quizzesRoutes(app: AppInstance): Promise<void> {
  const writes = app.rateLimited(RATE_LIMITS.quizWritePerUser);
  const answers = app.rateLimited(RATE_LIMITS.quizAnswerPerUser);
  const bodySize = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > QUIZ_BODY_LIMIT)
      throw new AppError('PAYLOAD_TOO_LARGE', messages.documentTooLarge);
  };
  const now = () => app.now();

  // ---------------------------------------------------------------- the question bank

  app.post(
    '/courses/:id/questions',
    {
      onRequest: [app.requireUser, bodySize],
      preValidation: writes,
      bodyLimit: QUIZ_BODY_LIMIT,
      schema: {
        tags: ['quizzes'],
        summary:
          "Add a question to the course's bank (the author); its key is checked for meaning (a key that cannot be answered is a 400)",
        security: bearerSecurity,
        params: idParams,
        body: questionBodySchema,
        response: {
          201: questionResponseSchema.describe('The new question'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const question = await createQuestion(
        app.db,
        getCurrentUser(request),
        request.params.id,
        request.body,
        now,
      );
      return reply.code(201).send({ question });
    },
  );

  app.get(
    '/courses/:id/questions',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quizzes'],
        summary:
          "The course's question bank, newest first: `tag` filters, `q` searches the text, options and tags (every word), `cursor` pages (the author)",
        security: bearerSecurity,
        params: idParams,
        querystring: questionListQuerySchema,
        response: {
          200: questionListSchema.describe('A page of questions'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      listCourseQuestions(app.db, getCurrentUser(request), request.params.id, request.query),
  );

  app.get(
    '/questions/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quizzes'],
        summary: 'A question with its key (the author)',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: questionResponseSchema.describe('The question'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      question: await readQuestion(app.db, getCurrentUser(request), request.params.id),
    }),
  );

  app.put(
    '/questions/:id',
    {
      onRequest: [app.requireUser, bodySize],
      preValidation: writes,
      bodyLimit: QUIZ_BODY_LIMIT,
      schema: {
        tags: ['quizzes'],
        summary:
          'Replace a question (the author); attempts already started keep the question as it was',
        security: bearerSecurity,
        params: idParams,
        body: questionBodySchema,
        response: {
          200: questionResponseSchema.describe('The question'),
          ...errorResponses(400, 401, 403, 404, 413, 429),
        },
      },
    },
    async (request) => ({
      question: await updateQuestion(
        app.db,
        getCurrentUser(request),
        request.params.id,
        request.body,
        now,
      ),
    }),
  );

  app.delete(
    '/questions/:id',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['quizzes'],
        summary: 'Delete a question (the author); 409 while a quiz names it',
        security: bearerSecurity,
        params: idParams,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await removeQuestion(app.db, getCurrentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/courses/:id/questions/import',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['quizzes'],
        summary:
          "Import questions from Moodle's GIFT or Aiken text (the author): every question or none — a 400 lists each wrong question with its line",
        security: bearerSecurity,
        params: idParams,
        body: importBodySchema,
        response: {
          201: importResponseSchema.describe('The new questions, in the text’s order'),
          400: errorBodySchema
            .extend({ errors: importErrorSchema.shape.errors.optional() })
            .describe(
              'Nothing was created: `errors` names each wrong question’s first line (absent when the body itself is wrong)',
            ),
          ...errorResponses(401, 403, 404, 409, 413, 429),
        },
      },
    },
    async (request, reply) => {
      try {
        const created = await importQuestions(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.body,
          request.language,
          now,
        );
        return reply.code(201).send({ created });
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        // A line's message may be a schema's, made at start in Ukrainian: in the asker's language.
        const errors = error.errors.map((line) => ({
          ...line,
          message: inLanguage(request.language, line.message),
        }));
        return reply
          .code(400)
          .send({ message: inLanguage(request.language, error.message), errors });
      }
    },
  );

  app.get(
    '/courses/:id/questions/export',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quizzes'],
        summary:
          "The course's questions (of `tag`, or all) as GIFT text that imports back to the same questions (the author)",
        security: bearerSecurity,
        params: idParams,
        querystring: exportQuerySchema,
        response: {
          200: {
            description: 'GIFT, UTF-8',
            content: { 'text/plain': { schema: binarySchema('GIFT text') } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const text = await exportQuestions(
        app.db,
        getCurrentUser(request),
        request.params.id,
        request.query.tag,
        request.language,
      );
      return reply
        .headers({
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Disposition': 'attachment; filename="questions.gift.txt"',
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        })
        .send(text);
    },
  );

  // ---------------------------------------------------------------- quizzes

  app.post(
    '/courses/:id/quizzes',
    {
      onRequest: [app.requireUser, bodySize],
      preValidation: writes,
      bodyLimit: QUIZ_BODY_LIMIT,
      schema: {
        tags: ['quizzes'],
        summary:
          'Add a quiz at the end of a section (the author): a draft unless `published: true`; slots name questions of the bank or draw N at random from a tag',
        security: bearerSecurity,
        params: idParams,
        body: createQuizBodySchema,
        response: {
          201: quizResponseSchema.describe('The new quiz'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const quiz = await app.announcing((announcement) =>
        createQuiz(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.body,
          now,
          announcement,
        ),
      );
      return reply.code(201).send({ quiz });
    },
  );

  app.get(
    '/quizzes/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quizzes'],
        summary:
          "A quiz: the author's with `slots`; an enrolled student's (published only) with their own `attempts` and `canStart`",
        security: bearerSecurity,
        params: idParams,
        response: {
          200: quizResponseSchema.describe('The quiz'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      quiz: await readQuiz(app.db, getCurrentUser(request), request.params.id, now),
    }),
  );

  app.put(
    '/quizzes/:id',
    {
      onRequest: [app.requireUser, bodySize],
      preValidation: writes,
      bodyLimit: QUIZ_BODY_LIMIT,
      schema: {
        tags: ['quizzes'],
        summary:
          'Change a quiz (the author); once it has attempts, 409 for the fields that change what an attempt is or scores (slots, time limit, grading, shuffling)',
        security: bearerSecurity,
        params: idParams,
        body: updateQuizBodySchema,
        response: {
          200: quizResponseSchema.describe('The quiz'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 429),
        },
      },
    },
    async (request) => ({
      quiz: await app.announcing((announcement) =>
        updateQuiz(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.body,
          now,
          announcement,
        ),
      ),
    }),
  );

  app.delete(
    '/quizzes/:id',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['quizzes'],
        summary: 'Delete a quiz (the author); 409 once it has attempts',
        security: bearerSecurity,
        params: idParams,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await removeQuiz(app.db, getCurrentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/quizzes/:id/attempts',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quizzes'],
        summary: 'Every attempt of a quiz, newest first (the author)',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: quizAttemptsResponseSchema.describe('The attempts'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      attempts: await listQuizAttempts(app.db, getCurrentUser(request), request.params.id, now),
    }),
  );

  app.get(
    '/quizzes/:id/statistics',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quizzes'],
        summary:
          "The quiz's statistics over its submitted attempts (the author): score distribution, mean, median, standard deviation, Cronbach's alpha; per question facility, discrimination and the answers given, weak questions flagged",
        security: bearerSecurity,
        params: idParams,
        response: {
          200: quizStatisticsSchema.describe('The statistics'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      quizStatistics(app.db, getCurrentUser(request), request.params.id, request.language, now),
  );

  // ---------------------------------------------------------------- attempts

  app.post(
    '/quizzes/:id/attempts',
    {
      onRequest: app.requireUser,
      preValidation: answers,
      schema: {
        tags: ['quizzes'],
        summary:
          'Start an attempt (an enrolled student): 201 a new one, 200 the open one; 409 before opensAt, after closesAt or with no attempts left',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: attemptResponseSchema.describe('The open attempt'),
          201: attemptResponseSchema.describe('A new attempt'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { attempt, created } = await startAttempt(
        app.db,
        getCurrentUser(request),
        request.params.id,
        now,
      );
      return reply.code(created ? 201 : 200).send({ attempt });
    },
  );

  app.get(
    '/attempts/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['quizzes'],
        summary:
          "An attempt (its student; the author): a student sees scores, right answers and explanations only once the quiz's review allows",
        security: bearerSecurity,
        params: idParams,
        response: {
          200: attemptResponseSchema.describe('The attempt'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      attempt: await readAttempt(app.db, getCurrentUser(request), request.params.id, now),
    }),
  );

  app.put(
    '/attempts/:id/answers/:slot',
    {
      onRequest: app.requireUser,
      preValidation: answers,
      schema: {
        tags: ['quizzes'],
        summary:
          "Save one answer (its student); `answer: null` clears it. 409 once submitted or past the deadline (the server's clock), 400 for the wrong shape",
        security: bearerSecurity,
        params: slotParamsSchema,
        body: answerBodySchema,
        response: {
          204: z.null().describe('Saved'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await saveAnswer(
        app.db,
        getCurrentUser(request),
        request.params.id,
        request.params.slot,
        request.body.answer ?? null,
        now,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/attempts/:id/submit',
    {
      onRequest: app.requireUser,
      preValidation: answers,
      schema: {
        tags: ['quizzes'],
        summary:
          'Submit an attempt (its student): scored once, at once; a repeated submit answers with the same attempt',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: attemptResponseSchema.describe('The submitted attempt'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => ({
      attempt: await submitAttempt(app.db, getCurrentUser(request), request.params.id, now),
    }),
  );

  app.put(
    '/attempts/:id/slots/:slot/grade',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['quizzes'],
        summary:
          "Grade a slot of a submitted attempt (the author): an essay, or overriding any automatic score; every grade is kept in the slot's history",
        security: bearerSecurity,
        params: slotParamsSchema,
        body: slotGradeBodySchema,
        response: {
          200: attemptResponseSchema.describe('The attempt'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => ({
      attempt: await app.announcing((announcement) =>
        gradeSlot(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.params.slot,
          request.body,
          now,
          announcement,
        ),
      ),
    }),
  );
}
