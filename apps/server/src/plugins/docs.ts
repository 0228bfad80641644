import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCS_CONTENT_SECURITY_POLICY } from './security.ts';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Urok API',
        description: 'Online courses for students and teachers',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    // A multipart route documents its form (config.multipartBody) without Fastify validating a streamed body.
    transform: (document) => {
      const multipartBody = document.route.config?.multipartBody;
      if (!multipartBody) return jsonSchemaTransform(document);
      return jsonSchemaTransform({
        ...document,
        schema: { ...document.schema, body: multipartBody, consumes: ['multipart/form-data'] },
      });
    },
  });
  // Its own policy on its own routes (the UI and its static files), instead of the app's stricter one.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: DOCS_CONTENT_SECURITY_POLICY,
  });
}

/**
 * A binary part or body in /api/docs. Typed as any: a route answers it with
 * a stream or Buffer, which Fastify sends without the JSON serializer.
 */
export function binarySchema(description: string) {
  return z.any().meta({ type: 'string', format: 'binary' }).describe(description);
}
