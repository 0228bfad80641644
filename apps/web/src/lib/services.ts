import { createLazyHttpClient, loadApiClient, type HttpClient } from './http';
import { createSession, type Session } from './session';

/**
 * What thunks reach the outside world through (the store's thunk extra
 * argument), so tests can hand in a fake HTTP adapter and a reload spy.
 */
export interface AppServices {
  http: HttpClient;
  session: Session;
  reloadPage(): void;
}

export function createBrowserServices(): AppServices {
  return {
    http: createLazyHttpClient(loadApiClient),
    session: createSession(loadApiClient),
    reloadPage: () => window.location.reload(),
  };
}
