import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { pingDatabase } from '../../db/connection.ts';

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ message: 'database unavailable' });
      }
    },
  );
}
