import { ERROR_STATUS, type ErrorCode } from '@urok/contract';
import { type Text } from './lib/language.ts';

/**
 * The one error the services throw; the error handler renders it as
 * `{ message, code, fields? }` in the asker's language (a catalog text is
 * translated there, a `Wording` worded there).
 */
export class AppError extends Error {
  readonly status: number;
  /** The message as thrown; `message` is its Ukrainian text, for logs. */
  readonly text: Text;
  constructor(
    readonly code: ErrorCode,
    message: Text,
    readonly fields?: Record<string, Text>,
    /** Seconds, for 429 answers. */
    readonly retryAfter?: number,
  ) {
    super(String(message));
    this.text = message;
    this.status = ERROR_STATUS[code];
  }
}
