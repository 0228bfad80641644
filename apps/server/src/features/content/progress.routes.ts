/** Completion of lessons and progress through a course. */
import { progressResponseSchema } from '@urok/contract/schemas';
import type { AppInstance } from '../../app.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { getProgress, setCompletion } from './content.service.ts';
import { idParams, noContent, type ContentHooks } from './route-helpers.ts';

export function progressRoutes(app: AppInstance, hooks: ContentHooks): void {
  const { completions } = hooks;

  // ---------------------------------------------------------------- completion and progress

  for (const [method, done] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/lessons/:id/completion',
      onRequest: app.requireUser,
      preValidation: completions,
      schema: {
        tags: ['content'],
        summary: done
          ? 'Mark a published lesson done (an enrolled student); idempotent'
          : 'Mark a lesson not done (an enrolled student); idempotent',
        security: bearerSecurity,
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 429) },
      },
      handler: async (request, reply) => {
        await setCompletion(app.db, getCurrentUser(request), request.params.id, done);
        return reply.code(204).send(null);
      },
    });
  }

  app.get(
    '/courses/:id/progress',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['content'],
        summary:
          "Progress through the published lessons: an enrolled student's own {completed,total}, or for the author every enrolled student's",
        security: bearerSecurity,
        params: idParams,
        response: {
          200: progressResponseSchema.describe(
            'Student: {completed,total}; author: {total,students:[{_id,username,completed}]}',
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => getProgress(app.db, getCurrentUser(request), request.params.id),
  );
}
