import { z } from 'zod';
import { CONTENT_LIMITS, messages } from '@urok/contract';
import {
  assignmentResponseSchema,
  createAssignmentBodySchema,
  updateAssignmentBodySchema,
} from '@urok/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../app-error.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import {
  createAssignment,
  readAssignment,
  removeAssignment,
  updateAssignment,
} from './assignments.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** An assignment body: its instructions (≤ 200 KB, as a lesson's document) and a few short fields. */
const ASSIGNMENT_BODY_LIMIT = CONTENT_LIMITS.documentBytes + 56 * 1024;

export async function assignmentsRoutes(app: AppInstance): Promise<void> {
  /** preValidation: counts every call of a signed-in user, a refused body included. */
  const writes = app.rateLimited(RATE_LIMITS.assignmentWritePerUser);
  /** A body over the limit is refused from its Content-Length, before a byte is parsed. */
  const bodySize = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > ASSIGNMENT_BODY_LIMIT)
      throw new AppError('PAYLOAD_TOO_LARGE', messages.documentTooLarge);
  };

  app.post(
    '/courses/:id/assignments',
    {
      onRequest: [app.requireUser, bodySize],
      preValidation: writes,
      bodyLimit: ASSIGNMENT_BODY_LIMIT,
      schema: {
        tags: ['assignments'],
        summary:
          'Add an assignment at the end of a section of the course (the author); a draft unless `published: true`, maxPoints 12 unless given',
        security: bearerSecurity,
        params: idParams,
        body: createAssignmentBodySchema,
        response: {
          201: assignmentResponseSchema.describe('The new assignment'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const assignment = await app.announcing((announcement) =>
        createAssignment(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.body,
          announcement,
        ),
      );
      return reply.code(201).send({ assignment });
    },
  );

  app.get(
    '/assignments/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['assignments'],
        summary:
          'An assignment (the author; an enrolled student when published — a draft is 404 to everyone else)',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: assignmentResponseSchema.describe('The assignment'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      assignment: await readAssignment(app.db, getCurrentUser(request), request.params.id),
    }),
  );

  app.put(
    '/assignments/:id',
    {
      onRequest: [app.requireUser, bodySize],
      preValidation: writes,
      bodyLimit: ASSIGNMENT_BODY_LIMIT,
      schema: {
        tags: ['assignments'],
        summary:
          "Change any of an assignment's fields (the author); the default assignment's text and due date are the course's homeworkTask/homeworkDueAt",
        security: bearerSecurity,
        params: idParams,
        body: updateAssignmentBodySchema,
        response: {
          200: assignmentResponseSchema.describe('The assignment'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 429),
        },
      },
    },
    async (request) => ({
      assignment: await app.announcing((announcement) =>
        updateAssignment(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.body,
          announcement,
        ),
      ),
    }),
  );

  app.delete(
    '/assignments/:id',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['assignments'],
        summary:
          'Delete an assignment (the author); 409 once anything was handed in for it, and for the default assignment',
        security: bearerSecurity,
        params: idParams,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await removeAssignment(app.db, getCurrentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
