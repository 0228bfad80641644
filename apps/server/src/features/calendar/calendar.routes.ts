import { z } from 'zod';
import { calendarFeedResponseSchema } from '@urok/contract/schemas';
import type { AppInstance } from '../../app.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { binarySchema } from '../../plugins/docs.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { createFeed, renderFeed, revokeFeed } from './calendar.service.ts';

export async function calendarRoutes(app: AppInstance): Promise<void> {
  const throttled = app.rateLimited(RATE_LIMITS.calendarFeedPerUser);

  app.post(
    '/calendar/feed',
    {
      onRequest: app.requireUser,
      preValidation: throttled,
      schema: {
        tags: ['assignments'],
        summary:
          'A new private calendar address of the due dates in the caller’s courses; the earlier one stops working',
        security: bearerSecurity,
        response: {
          201: calendarFeedResponseSchema.describe('The address'),
          ...errorResponses(401, 429),
        },
      },
    },
    async (request, reply) => {
      const url = await createFeed(app.db, getCurrentUser(request)._id, app.config.publicUrl);
      return reply.code(201).send({ url });
    },
  );

  app.delete(
    '/calendar/feed',
    {
      onRequest: app.requireUser,
      preValidation: throttled,
      schema: {
        tags: ['assignments'],
        summary: 'Revoke the caller’s calendar address (204 also when there is none)',
        security: bearerSecurity,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      await revokeFeed(app.db, getCurrentUser(request)._id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/calendar/:token.ics',
    {
      schema: {
        tags: ['assignments'],
        summary:
          'The iCalendar (RFC 5545) of a private feed: a VEVENT per published assignment with a due date (the address is the credential)',
        params: z.object({ token: z.string().min(1).max(100) }),
        response: {
          200: {
            description: 'text/calendar',
            content: { 'text/calendar': { schema: binarySchema('iCalendar, UTF-8, CRLF') } },
          },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { ics, language } = await renderFeed(app.db, request.params.token);
      // The feed speaks its holder's language, and says so (a calendar app asks in none).
      request.language = language;
      return reply
        .headers({
          'Content-Type': 'text/calendar; charset=utf-8',
          'Content-Disposition': 'inline; filename="urok.ics"',
          'Cache-Control': 'private, no-store',
        })
        .send(ics);
    },
  );
}
