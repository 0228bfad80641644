import { z } from 'zod';
import { gradebookSchema, userGradesSchema } from '@urok/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { cachedRead } from '../../lib/cached-json.ts';
import { courseScope, readAfterOwnWrite, rosterScope, workScope } from '../../lib/read-cache.ts';
import { attachmentDisposition } from '../../lib/file-names.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { binarySchema } from '../../plugins/docs.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { finishExpiredAttempts } from '../quizzes/quizzes.service.ts';
import { createGradebookCsv, getGradebookJson, getUserGrades } from './gradebook.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

export async function gradebookRoutes(app: AppInstance): Promise<void> {
  const now = () => app.now();
  /**
   * The gradebook as a cached read (lib/cached-json.ts), the asker's own (anyone else gets a 403
   * inside the load). A teacher reopening it between grades gets the kept answer; a grade, a
   * submission or an enrolment in this course, or a rename, makes the next one load again.
   */
  const gradebook = cachedRead<z.infer<typeof gradebookSchema>>(app.readCache, {
    name: 'gradebook',
    key: (request) => `${getCurrentUser(request)._id}:${request.url}`,
    // The course's enrolments, assignments, quizzes, submissions and attempts; the names.
    before: (request) => {
      const { id } = request.params as { id: string };
      return [courseScope(id), rosterScope(id), workScope(id), 'users'];
    },
  });
  /**
   * Quiz attempts past their deadline count as submitted before the gradebook is read (a write
   * that makes a kept answer stale), so the cache never answers with an attempt still open.
   */
  const finishQuizAttempts = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    if ((await finishExpiredAttempts(app.db, now, { courseId: id })) > 0) {
      readAfterOwnWrite(request, app.readCache);
    }
  };
  app.get(
    '/courses/:id/gradebook',
    {
      onRequest: app.requireUser,
      // After the input guard and the schema (a NUL in the id never reaches the database),
      // and before the cache, which must not answer with an attempt still open.
      preHandler: [finishQuizAttempts, gradebook.answerFromCache],
      schema: {
        tags: ['assignments'],
        summary:
          "The course's gradebook: every enrolled student × every published assignment, with each student's percent (the author)",
        security: bearerSecurity,
        params: idParams,
        response: {
          200: gradebookSchema.describe('The gradebook'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      gradebook.send(request, reply, gradebookSchema, () =>
        getGradebookJson(app.db, app.readCache, getCurrentUser(request), request.params.id, now),
      ),
  );

  app.get(
    '/courses/:id/gradebook.csv',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['assignments'],
        summary: 'The gradebook as CSV, every cell quoted (the author)',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: {
            description: 'UTF-8 CSV with a byte order mark',
            content: { 'text/csv': { schema: binarySchema('UTF-8 CSV with a byte order mark') } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const csv = await createGradebookCsv(
        app.db,
        getCurrentUser(request),
        request.params.id,
        request.language,
        now,
      );
      return reply
        .headers({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': attachmentDisposition(csv.fileName),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        })
        .send(csv.content);
    },
  );

  app.get(
    '/user/:id/grades',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['assignments'],
        summary:
          "A student's grades: every enrolled course, every published assignment, points, feedback and percent (that user only)",
        security: bearerSecurity,
        params: idParams,
        response: {
          200: userGradesSchema.describe('The grades'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => getUserGrades(app.db, getCurrentUser(request), request.params.id, now),
  );
}
