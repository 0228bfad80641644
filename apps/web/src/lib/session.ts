import { applyAuthToken } from './auth-header';
import type { LoadClient } from './http';
import { clearStoredToken, readStoredToken, storeToken } from './storage';

/** The signed-in session's side effects: the stored token and the bearer header together. */
export interface Session {
  readToken(): string | null;
  /** Stores the token under STORAGE_KEYS.token and sets the bearer header. */
  start(token: string): Promise<void>;
  /** Sets the bearer header from an already stored token (start-up restore). */
  resume(token: string): Promise<void>;
  /** Removes the stored token and the bearer header. */
  end(): Promise<void>;
}

export function createSession(loadClient: LoadClient): Session {
  return {
    readToken: readStoredToken,
    async start(token) {
      storeToken(token);
      applyAuthToken(await loadClient(), token);
    },
    async resume(token) {
      applyAuthToken(await loadClient(), token);
    },
    async end() {
      clearStoredToken();
      applyAuthToken(await loadClient(), null);
    },
  };
}
