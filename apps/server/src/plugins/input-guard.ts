import type { FastifyInstance } from 'fastify';
import { messages } from '@urok/contract';
import { AppError } from '../app-error.ts';

/** True when a string, key or nested value of `value` holds U+0000. Iterative: a body may nest thousands deep. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      stack.push(...item);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/**
 * Refuses text with a NUL character in a path, query or JSON body (multipart
 * fields: lib/uploads.ts) with a 400 before any handler runs. No field of
 * the API needs one, and PostgreSQL cannot store it in text: found by
 * test/fuzz.test.ts, `GET /api/courses/%00/homework` answered 500 there
 * while SQLite answered 404.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      done(new AppError('BAD_REQUEST', messages.badRequest));
    } else {
      done();
    }
  });
}
