import type { FormError } from './form.ts';
import { messages } from './messages.ts';

/** How a text field is written: on one line, or as text of several lines (tab and line breaks kept). */
export type TextKind = 'line' | 'text';

// What no text field holds: C0 controls (ESC starts a terminal escape sequence), DEL, C1
// controls (U+009B is a one-character CSI), and the bidirectional embeddings, overrides and
// isolates (U+202A–U+202E, U+2066–U+2069), which reorder how the text around them is shown.
// Text of several lines keeps tab, line feed, and a carriage return before a line feed: a
// browser sends a textarea's line breaks in a multipart form as CRLF.
/* eslint-disable no-control-regex -- control characters are what these find */
const UNSAFE_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
const UNSAFE_IN_TEXT =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/u;
/* eslint-enable no-control-regex */

export function hasUnsafeCharacters(value: string, kind: TextKind): boolean {
  return (kind === 'line' ? UNSAFE_IN_LINE : UNSAFE_IN_TEXT).test(value);
}

/**
 * The first of `fields` (in their order, which is the form's) whose text
 * holds a character no text may hold. Every check function of a form with
 * text ends with it, so the web form and the API body (the schemas run the
 * same check functions through refineWith) give the same message.
 */
export function checkPlainText<T extends object>(
  input: T,
  fields: { readonly [K in keyof T]?: TextKind },
): FormError<Extract<keyof T, string>> | null {
  for (const [field, kind] of Object.entries(fields) as [Extract<keyof T, string>, TextKind][]) {
    const value: unknown = input[field];
    if (typeof value === 'string' && hasUnsafeCharacters(value, kind)) {
      return { message: messages.textControlCharacters, fields: [field] };
    }
  }
  return null;
}
