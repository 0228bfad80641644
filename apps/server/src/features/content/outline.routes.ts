/** The outline and its sections. */
import {
  outlineBodySchema,
  outlineSchema,
  sectionBodySchema,
  sectionResponseSchema,
} from '@urok/contract/schemas';
import type { AppInstance } from '../../app.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import {
  createSection,
  getOutline,
  removeSection,
  renameSection,
  reorderOutline,
} from './content.service.ts';
import { idParams, noContent, type ContentHooks } from './route-helpers.ts';

export function outlineRoutes(app: AppInstance, hooks: ContentHooks): void {
  const { writes, optionalUser, reads } = hooks;

  // ---------------------------------------------------------------- outline and sections

  app.get(
    '/courses/:id/outline',
    {
      onRequest: [optionalUser, reads.outline.answerFromCache],
      schema: {
        tags: ['content'],
        summary:
          "A course's sections and items in order. The author sees drafts; others only published items, in the sections that hold one; `completed` is the asking enrolled student's",
        security: [...bearerSecurity, {}],
        params: idParams,
        response: {
          200: outlineSchema.describe('The outline'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) =>
      reads.outline.send(request, reply, outlineSchema, () =>
        getOutline(app.db, request.user, request.params.id),
      ),
  );

  app.put(
    '/courses/:id/outline',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['content'],
        summary:
          'Reorder sections and move items between them (the author); the body names exactly every section and item of the course',
        security: bearerSecurity,
        params: idParams,
        body: outlineBodySchema,
        response: {
          200: outlineSchema.describe('The new outline, as the author sees it'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) =>
      reorderOutline(app.db, getCurrentUser(request), request.params.id, request.body),
  );

  app.post(
    '/courses/:id/sections',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['content'],
        summary: 'Add a section at the end of the course (the author)',
        security: bearerSecurity,
        params: idParams,
        body: sectionBodySchema,
        response: {
          201: sectionResponseSchema.describe('The new section'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const section = await createSection(
        app.db,
        getCurrentUser(request),
        request.params.id,
        request.body.title,
      );
      return reply.code(201).send({ section });
    },
  );

  app.put(
    '/sections/:id',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['content'],
        summary: 'Rename a section (the author)',
        security: bearerSecurity,
        params: idParams,
        body: sectionBodySchema,
        response: {
          200: sectionResponseSchema.describe('The section'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => ({
      section: await renameSection(
        app.db,
        getCurrentUser(request),
        request.params.id,
        request.body.title,
      ),
    }),
  );

  app.delete(
    '/sections/:id',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['content'],
        summary: 'Delete an empty section (the author); 409 while it holds items',
        security: bearerSecurity,
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await removeSection(app.db, getCurrentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
