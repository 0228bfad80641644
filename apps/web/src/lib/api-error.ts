import type { AxiosError } from 'axios';
import { signInMessages } from '@urok/contract';

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
 * Reads the API's one error shape `{ message, code?, fields? }`. A call that
 * got no answer says the network is gone; anything else (an HTML error page,
 * a bug) falls back to `fallbackMessage`. Every failure of the one HTTP client
 * that the web app shows is read here.
 */
export function toApiFailure(error: unknown, fallbackMessage: string): ApiFailure {
  if (!isAxiosError(error)) return { message: fallbackMessage };
  // No answer at all (a dropped connection, a timeout; not a call the page cancelled).
  if (!error.response && error.code !== 'ERR_CANCELED')
    return { message: signInMessages.networkLost };
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
