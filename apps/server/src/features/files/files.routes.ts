import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { binarySchema } from '../../plugins/docs.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { openCover } from './files.service.ts';

export async function filesRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/files/covers/:key',
    {
      schema: {
        tags: ['files'],
        summary: "A course's cover image (the coverUrl of the course)",
        params: z.object({ key: z.string().min(1).max(100) }),
        response: {
          200: {
            description:
              'The image; its name is random and never reused, so it is cached for a year',
            content: { 'image/*': { schema: binarySchema('JPEG, PNG or WebP') } },
          },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const cover = await openCover(app.storage, request.params.key);
      // The same image for everyone: cached for a year. A request that carries a token keeps
      // the API's no-store (plugins/security.ts), as every answer to one does.
      if (request.headers.authorization === undefined)
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return reply
        .headers({
          'Content-Type': cover.contentType,
          'Content-Length': String(cover.size),
          'X-Content-Type-Options': 'nosniff',
        })
        .send(cover.stream);
    },
  );
}
