import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '@urok/contract';
import { targetPath } from './security.ts';
import { AppError } from '../app-error.ts';

/**
 * Serves the built web app: hashed assets with a long cache, index.html for
 * every client route. Unknown /api/* paths answer a JSON 404 instead.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string | undefined,
): Promise<void> {
  const indexPath = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasApp = indexPath !== undefined && fs.existsSync(indexPath);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts): sent when accepted.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = targetPath(request.url).split('?')[0] ?? '';
    if (
      url === '/api' ||
      url.startsWith('/api/') ||
      !hasApp ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      throw new AppError('NOT_FOUND', messages.notFound);
    }
    // A file-like path that is missing (an old asset) is a real 404, not the app.
    if (/\.[a-z0-9]+$/i.test(url)) return reply.code(404).type('text/plain').send('Not found');
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
