import type { Middleware, Reducer, UnknownAction } from 'redux';
import type { ThunkAction } from 'redux-thunk';
import { messages } from '@urok/contract';
import type { ApiFailure } from './api-error';
import { joinStore } from './lazy-store';
import type { AppServices } from './services';

/**
 * A session the server stops accepting while its pages are open (it expired,
 * it was ended elsewhere, the account was blocked): any call of the data
 * layer or of a thunk that the server answers with 401 and one of these
 * words. Other 401s (a wrong password typed into a form) leave it alone.
 */
const SESSION_OVER: ReadonlySet<string> = new Set([
  messages.sessionInvalid,
  messages.accountBlocked,
  messages.tokenNotFound,
]);

const ENDED = 'session/ended';

interface EndedAction {
  type: typeof ENDED;
  payload: string;
}

/** The server's words for why the session ended, once it did; null while it stands. */
const reducer: Reducer<string | null, UnknownAction> = (state = null, action) =>
  action.type === ENDED ? (action as unknown as EndedAction).payload : state;

interface PartialRoot {
  auth?: { isAuthenticated: boolean; endedReason?: string | null };
  endedSession?: string | null;
}

const endStoredSession =
  (): ThunkAction<void, unknown, AppServices, UnknownAction> => (_dispatch, _getState, services) =>
    void services.session.end();

/**
 * Watches every rejected call (RTK Query's and the thunks' both carry the
 * ApiFailure as their payload): the first that says the session is over
 * forgets the token on this device and records the server's words, which
 * the signed-in frame then shows instead of the page (app/signed-in-layout.tsx).
 */
const middleware: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  const failure = (action as { payload?: Partial<ApiFailure> | null }).payload;
  const state = store.getState() as PartialRoot;
  if (
    failure?.status === 401 &&
    typeof failure.message === 'string' &&
    SESSION_OVER.has(failure.message) &&
    state.auth?.isAuthenticated &&
    !state.endedSession
  ) {
    store.dispatch({ type: ENDED, payload: failure.message } satisfies EndedAction);
    store.dispatch(endStoredSession() as unknown as UnknownAction);
  }
  return result;
};

joinStore({ reducerPath: 'endedSession', reducer, middleware });

export const selectEndedSession = (state: unknown): string | null =>
  (state as PartialRoot).endedSession ?? null;

/**
 * Why the stored session was refused when the app started (the auth slice
 * keeps the server's words): a reload after the account was blocked or the
 * session ended lands on the public start page, which says it.
 */
export const selectRefusedAtStart = (state: unknown): string | null =>
  (state as PartialRoot).auth?.endedReason ?? null;
