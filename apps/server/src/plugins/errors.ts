import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, type ErrorBody } from '@urok/contract';
import { AppError } from '../app-error.ts';

/** Fastify's own client-error codes and the message each one gets. */
const FASTIFY_CLIENT_ERRORS: Record<number, string> = {
  400: messages.badRequest,
  401: messages.unauthorized,
  403: messages.forbidden,
  404: messages.notFound,
  413: messages.payloadTooLarge,
  415: messages.unsupportedMediaType,
  429: messages.tooManyRequests,
};

/**
 * One error handler renders every failure as `{ message, code?, fields? }`.
 * Bad input is always a 4xx; a 5xx body never carries internals, and the
 * error is logged with the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      return reply.code(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').split('/')[0] || '_';
        fields[field] ??= issue.message ?? messages.badRequest;
      }
      const message = error.validation[0]?.message ?? messages.badRequest;
      return reply.code(400).send({ message, code: 'BAD_REQUEST', fields } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ message: FASTIFY_CLIENT_ERRORS[status] ?? messages.badRequest } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: messages.internalError, code: 'INTERNAL' } satisfies ErrorBody);
  });
}
