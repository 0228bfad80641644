import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { AppInstance } from '../app.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The multipart form of a route, for /api/docs only: multipart bodies
     * are streamed by the handler, never parsed and validated up front.
     */
    multipartBody?: ZodType;
  }
}

/**
 * multipart/form-data, in stream mode only: the handler reads the parts
 * (lib/uploads.ts) and pipes a file to storage as it arrives. These limits
 * bound everything but the file, whose limit each route sets.
 */
async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fieldNameSize: 100,
      // The longest text field (a 5000-character description) in 4-byte UTF-8 fits with room.
      fieldSize: 64 * 1024,
      fields: 20,
      files: 1,
      parts: 25,
      headerPairs: 50,
    },
  });
}

/**
 * Registers the upload routes `define` adds in a scope of their own that
 * accepts multipart bodies. The plugin hooks every request of its scope
 * (for its disk mode, unused here), so the other routes stay outside it; a
 * multipart body sent to one of them is refused with 415.
 */
export async function withMultipart(
  app: AppInstance,
  define: (uploads: AppInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await registerMultipart(scope);
    define(scope.withTypeProvider<ZodTypeProvider>());
  });
}
