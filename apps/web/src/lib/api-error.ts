import type { AxiosError } from 'axios';

/** What a failed call tells the UI: the server's message and the fields it names. */
export interface ApiFailure {
  message: string;
  status?: number;
  code?: string;
  fields?: Record<string, string>;
}

function isRecordOfStrings(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/** axios' own isAxiosError, without importing axios (it loads on demand). */
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as AxiosError).isAxiosError === true;
}

/**
 * Reads the API's one error shape `{ message, code?, fields? }`; anything
 * else (network failure, HTML error page) falls back to `fallbackMessage`.
 */
export function toApiFailure(error: unknown, fallbackMessage: string): ApiFailure {
  if (!isAxiosError(error)) return { message: fallbackMessage };
  const status = error.response?.status;
  const body: unknown = error.response?.data;
  if (typeof body !== 'object' || body === null) return { message: fallbackMessage, status };
  const { message, code, fields } = body as Record<string, unknown>;
  return {
    message: typeof message === 'string' && message !== '' ? message : fallbackMessage,
    status,
    ...(typeof code === 'string' ? { code } : {}),
    ...(isRecordOfStrings(fields) ? { fields } : {}),
  };
}
