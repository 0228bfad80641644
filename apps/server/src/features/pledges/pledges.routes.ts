import { API, siteMessages } from '@urok/contract';
import { pledgeBodySchema, pledgeResponseSchema } from '@urok/contract/schemas';
import type { AppInstance } from '../../app.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { createPledge } from './pledges.service.ts';
import { inLanguage } from '../../lib/language.ts';

export async function pledgesRoutes(app: AppInstance): Promise<void> {
  app.post(
    `/${API.pledges}`,
    {
      preHandler: app.rateLimited(RATE_LIMITS.pledgePerIp),
      schema: {
        tags: ['pledges'],
        summary:
          'Pledge support for the platform (/donate): a name, a whole amount in UAH and a message',
        body: pledgeBodySchema,
        response: {
          201: pledgeResponseSchema.describe('Pledge stored'),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const pledge = await createPledge(app.db, request.body);
      return reply
        .code(201)
        .send({ pledge, message: inLanguage(request.language, siteMessages.pledgeReceived) });
    },
  );
}
