import * as contract from '@urok/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  LANGUAGES,
  messages,
  translationCatalogs,
  type ErrorBody,
  type ErrorCode,
} from '@urok/contract';
// Registered before the table of every message below is made.
import '@urok/contract/locales/en';
import { errorBodySchema } from '@urok/contract/schemas';
import { AppError } from '../app-error.ts';
import { inLanguage, type Text } from '../lib/language.ts';

/** Fastify's own client errors (bad JSON, body too large, …): the message and code each one gets. */
const FASTIFY_CLIENT_ERRORS: Record<number, { message: string; code: ErrorCode }> = {
  400: { message: messages.badRequest, code: 'BAD_REQUEST' },
  401: { message: messages.unauthorized, code: 'UNAUTHORIZED' },
  403: { message: messages.forbidden, code: 'FORBIDDEN' },
  404: { message: messages.notFound, code: 'NOT_FOUND' },
  413: { message: messages.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' },
  415: { message: messages.unsupportedMediaType, code: 'UNSUPPORTED_MEDIA_TYPE' },
  429: { message: messages.tooManyRequests, code: 'TOO_MANY_REQUESTS' },
};

/**
 * One error handler renders every failure as `{ message, code?, fields? }`.
 * Bad input is always a 4xx; a 5xx body never carries internals, and the
 * error is logged with the request id.
 */
/** Every text of the contract's message tables: what a schema's own message may be. */
const CONTRACT_MESSAGES: ReadonlySet<string> = new Set(
  Object.entries(contract)
    .filter(([name, value]) => /[mM]essages$/.test(name) && typeof value === 'object' && value)
    .flatMap(([, table]) => Object.values(table as Record<string, unknown>))
    .filter((text): text is string => typeof text === 'string')
    // …and their translations: a check run during a request speaks the asker's language.
    .concat(
      LANGUAGES.flatMap((language) =>
        [...translationCatalogs(language).values()].flatMap((catalog) =>
          Object.values(catalog).filter((text): text is string => typeof text === 'string'),
        ),
      ),
    ),
);

/**
 * A validator's message as a user may read it: one of the contract's
 * messages (the specification's English ones included), or a sentence in
 * Ukrainian; anything else is a validator's default ('Invalid string: must
 * match pattern /^\d{1,15}$/'), which names its internals, so the field gets
 * the general sentence instead. A schema with a message of its own is the
 * fix at the source; this keeps a schema that lacks one from leaking.
 */
function userMessage(message: string | undefined): string {
  if (!message) return messages.badRequest;
  return CONTRACT_MESSAGES.has(message) || /\p{Script=Cyrillic}/u.test(message)
    ? message
    : messages.badRequest;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Refused before its body was read (an upload over the limit, or of the wrong type): close the
    // connection after the answer rather than read megabytes nobody will use.
    if (request.raw.complete === false) reply.header('Connection', 'close');
    // Every body below in the request's language (plugins/language.ts): the services, the
    // schemas and the table above speak Ukrainian, and a wording is worded only here.
    const send = (
      status: number,
      body: Omit<ErrorBody, 'message' | 'fields'> & {
        message: Text;
        fields?: Record<string, Text>;
      },
    ) => {
      const { fields, ...rest } = body;
      const worded: ErrorBody = { ...rest, message: inLanguage(request.language, body.message) };
      if (fields)
        worded.fields = Object.fromEntries(
          Object.entries(fields).map(([field, text]) => [
            field,
            inLanguage(request.language, text),
          ]),
        );
      return reply.code(status).send(worded);
    };
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
      return send(error.status, {
        message: error.text,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      let message: string | undefined;
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').split('/')[0];
        // A body that is not even an object gets the generic text, not zod's English default.
        if (!field) continue;
        fields[field] ??= userMessage(issue.message);
        message ??= fields[field];
      }
      const body: ErrorBody = { message: message ?? messages.badRequest, code: 'BAD_REQUEST' };
      if (Object.keys(fields).length > 0) body.fields = fields;
      return send(400, body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FASTIFY_CLIENT_ERRORS[status];
      const body: ErrorBody = known
        ? { message: known.message, code: known.code }
        : { message: messages.badRequest };
      return send(status, body);
    }
    request.log.error({ err: error }, 'request failed');
    return send(500, { message: messages.internalError, code: 'INTERNAL' });
  });
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `message` is the first problem, `fields` names each field at fault',
  401: 'No token, or the session is invalid or expired',
  403: 'Signed in, but not allowed',
  404: 'Not found',
  409: 'Conflict with existing data (e.g. the telephone is taken)',
  413: 'Body too large',
  415: 'Unsupported content type',
  429: 'Too many requests: wait the seconds of the Retry-After header',
};

/** Route schema `response` entries for the error statuses a route can answer (documented in /api/docs). */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      errorBodySchema.describe(ERROR_DESCRIPTIONS[status] ?? 'Error'),
    ]),
  ) as Record<S, typeof errorBodySchema>;
}
