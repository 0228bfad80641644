import type { FastifyInstance } from 'fastify';
import { hasUnsafeCharacters, messages } from '@urok/contract';
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

/** Fields never printed, so never checked (docs/decisions.md, text and exports). */
const UNCHECKED_FIELD = /password/i;

/**
 * The top-level field of a JSON body (or a form field's name) whose text, at
 * any depth (a document's text nodes too), holds a character no stored text
 * may hold: C0 controls but tab and line breaks, DEL, C1 controls,
 * bidirectional overrides and isolates (the contract's rule for text of
 * several lines; one-line fields refuse line breaks through their schemas).
 * Null when none does. Iterative, as containsNul.
 */
export function unsafeTextField(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  for (const [field, value] of Object.entries(body)) {
    if (UNCHECKED_FIELD.test(field)) continue;
    const stack: unknown[] = [value];
    while (stack.length > 0) {
      const item = stack.pop();
      if (typeof item === 'string') {
        if (hasUnsafeCharacters(item, 'text')) return field;
      } else if (Array.isArray(item)) {
        stack.push(...item);
      } else if (typeof item === 'object' && item !== null) {
        stack.push(...Object.values(item));
      }
    }
  }
  return null;
}

/** The 400 of a field holding such a character: the contract's one message, naming the field. */
export function unsafeTextError(field: string): AppError {
  return new AppError('BAD_REQUEST', messages.textControlCharacters, {
    [field]: messages.textControlCharacters,
  });
}

/**
 * Refuses text with a NUL character in a path, query or JSON body (multipart
 * fields: lib/uploads.ts) with a 400 before any handler runs. No field of
 * the API needs one, and PostgreSQL cannot store it in text: found by
 * test/fuzz.test.ts, `GET /api/courses/%00/homework` answered 500 there
 * while SQLite answered 404. Then refuses control and bidirectional
 * characters in any text of a JSON body (multipart fields: lib/uploads.ts).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      done(new AppError('BAD_REQUEST', messages.badRequest));
      return;
    }
    // Every stored text of every JSON body, in one place: a field added later is covered too.
    const unsafe = unsafeTextField(request.body);
    done(unsafe === null ? undefined : unsafeTextError(unsafe));
  });
}
