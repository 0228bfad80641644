import { ERROR_STATUS, type ErrorCode } from '@urok/contract';

/** The one error the services throw; the error handler renders it as `{ message, code, fields? }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds, for 429 answers. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}
