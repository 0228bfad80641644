/** Lessons. */
import {
  createLessonBodySchema,
  lessonResponseSchema,
  updateLessonBodySchema,
} from '@urok/contract/schemas';
import type { AppInstance } from '../../app.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { createLesson, readLesson, removeLesson, updateLesson } from './content.service.ts';
import { idParams, LESSON_BODY_LIMIT, noContent, type ContentHooks } from './route-helpers.ts';

export function lessonRoutes(app: AppInstance, hooks: ContentHooks): void {
  const { writes, lessonBodySize, linksOf, reads } = hooks;

  // ---------------------------------------------------------------- lessons

  app.post(
    '/courses/:id/lessons',
    {
      onRequest: app.requireUser,
      preParsing: lessonBodySize,
      preValidation: writes,
      bodyLimit: LESSON_BODY_LIMIT,
      schema: {
        tags: ['content'],
        summary:
          'Add a lesson at the end of a section (the author); a draft unless `published`. Images cannot be in a new lesson: add its files first',
        security: bearerSecurity,
        params: idParams,
        body: createLessonBodySchema,
        response: {
          201: lessonResponseSchema.describe('The new lesson'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const lesson = await app.announcing((announcement) =>
        createLesson(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.body,
          linksOf(request),
          announcement,
        ),
      );
      return reply.code(201).send({ lesson });
    },
  );

  app.get(
    '/lessons/:id',
    {
      onRequest: [app.requireUser, reads.lesson.answerFromCache],
      schema: {
        tags: ['content'],
        summary:
          'A lesson: for its author, or for an enrolled student when published (a draft is 404 to them)',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: lessonResponseSchema.describe('The lesson'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      reads.lesson.send(request, reply, lessonResponseSchema, async () => ({
        lesson: await readLesson(
          app.db,
          getCurrentUser(request),
          request.params.id,
          linksOf(request),
        ),
      })),
  );

  app.put(
    '/lessons/:id',
    {
      onRequest: app.requireUser,
      preParsing: lessonBodySize,
      preValidation: writes,
      bodyLimit: LESSON_BODY_LIMIT,
      schema: {
        tags: ['content'],
        summary:
          'Change any of title, body, videoUrl, published, sectionId (the author); a new section puts the lesson at its end',
        security: bearerSecurity,
        params: idParams,
        body: updateLessonBodySchema,
        response: {
          200: lessonResponseSchema.describe('The lesson'),
          ...errorResponses(400, 401, 403, 404, 413, 429),
        },
      },
    },
    async (request) => ({
      lesson: await app.announcing((announcement) =>
        updateLesson(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.body,
          linksOf(request),
          announcement,
        ),
      ),
    }),
  );

  app.delete(
    '/lessons/:id',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['content'],
        summary: 'Delete a lesson with its files, video and completions (the author)',
        security: bearerSecurity,
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await removeLesson(app.db, app.storage, getCurrentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
