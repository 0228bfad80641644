import type { UnknownAction } from 'redux';
import type { ThunkDispatch } from 'redux-thunk';
import {
  API,
  signInMessages,
  type AuthResponse,
  type LoginInput,
  type ProfileInput,
  type RegisterInput,
  type TeacherApplication,
  type TeacherApplicationInput,
  type User,
  type UserResponse,
} from '@urok/contract';
import { toApiFailure, type ApiFailure } from '../../lib/api-error';
import type { AppServices } from '../../lib/services';

/** Auth state of spec sections 3–4. */
export type AuthStatus = 'empty' | 'loading' | 'loaded' | 'error';

export interface AuthData {
  token?: string;
  user: User;
}

export interface AuthState {
  data: AuthData | null;
  status: AuthStatus;
  isAuthenticated: boolean;
  errorMessage: string | null;
  /**
   * Why the stored session was refused when the app started (the server's
   * words: it ended, or the account was blocked); the start page says it
   * (lib/ended-session.ts, selectRefusedAtStart).
   */
  endedReason?: string | null;
}

export const initialAuthState: AuthState = {
  data: null,
  status: 'empty',
  isAuthenticated: false,
  errorMessage: null,
};

export interface AuthRootState {
  auth: AuthState;
}

export type AuthDispatch = ThunkDispatch<AuthRootState, AppServices, UnknownAction>;

/** What a thunk's body returns to fail: the rejected action's payload (RTK's rejectWithValue). */
class Rejection {
  constructor(readonly failure: ApiFailure) {}
}
const rejectWithValue = (failure: ApiFailure) => new Rejection(failure);

/**
 * An async thunk and its three actions, `auth/<name>/pending`, `…/fulfilled`
 * (the body's result as payload) and `…/rejected` (the failure as payload;
 * an error the body threw, which none means to, as `error`), each creator
 * with `.type` and `.match` like Redux Toolkit's createAsyncThunk. Dispatched,
 * the thunk dispatches pending, then the outcome, and resolves to that last
 * action; it never rejects.
 *
 * Written here, with the reducer below, instead of createAsyncThunk and
 * createSlice, so that /login carries neither Redux Toolkit nor Immer
 * (docs/decisions.md, "Making room on /login"). Measured (2026-11-26): /login
 * went from 99,992 to 93,391 bytes gzipped; the vendor chunk lost 6,673
 * (88,841 to 82,168) and the entry gained 72 (10,722 to 10,794). Of the
 * entry, this helper is about 210 bytes and the reducer about 240 (each cut
 * out of the built chunk): one helper for the seven thunks instead of three
 * dispatches and a try/catch written into each.
 */
function authThunk<const N extends string, Arg = void, Result = void>(
  name: N,
  body: (arg: Arg, extra: AppServices, dispatch: AuthDispatch) => Promise<Result | Rejection>,
) {
  const type = `auth/${name}` as const;
  const creator = <T extends string, A extends unknown[], P>(
    actionType: T,
    make: (...args: A) => P,
  ) =>
    Object.assign((...args: A) => ({ type: actionType, ...make(...args) }), {
      type: actionType,
      match: (action: unknown): action is { type: T } & P =>
        (action as { type?: unknown } | null)?.type === actionType,
    });
  const pending = creator(`${type}/pending`, () => ({}));
  const fulfilled = creator(`${type}/fulfilled`, (payload: Result) => ({ payload }));
  const rejected = creator(`${type}/rejected`, (payload?: ApiFailure, error?: unknown) => ({
    payload,
    error,
  }));
  const thunk =
    (arg: Arg) => async (dispatch: AuthDispatch, _getState: () => unknown, extra: AppServices) => {
      dispatch(pending());
      let action: ReturnType<typeof fulfilled> | ReturnType<typeof rejected>;
      try {
        const result = await body(arg, extra, dispatch);
        action = result instanceof Rejection ? rejected(result.failure) : fulfilled(result);
      } catch (error) {
        action = rejected(undefined, error);
      }
      dispatch(action);
      return action;
    };
  return Object.assign(thunk, { pending, fulfilled, rejected });
}

/** POST auth/login; success stores the token and sets the bearer header. */
export const login = authThunk('login', async (input: LoginInput, extra) => {
  try {
    const { data } = await extra.http.post<AuthResponse>(API.login, input);
    await extra.session.start(data.token);
    return data;
  } catch (error) {
    const failure = toApiFailure(error, signInMessages.loginFailed);
    console.error(signInMessages.loginFailedConsole, failure.status ?? '', failure.message);
    return rejectWithValue(failure);
  }
});

/** POST auth/register; success stores the token the same way as login. */
export const register = authThunk('register', async (input: RegisterInput, extra) => {
  try {
    const { data } = await extra.http.post<AuthResponse>(API.register, input);
    await extra.session.start(data.token);
    return data;
  } catch (error) {
    const failure = toApiFailure(error, signInMessages.internalError);
    console.warn('Registration failed:', failure.message);
    return rejectWithValue(failure);
  }
});

/** POST auth/getUser with the stored token; 'Token not found' without one. */
export const fetchUser = authThunk('fetchUser', async (_: void, extra) => {
  const token = extra.session.readToken();
  if (!token) return rejectWithValue({ message: signInMessages.tokenNotFound });
  try {
    const { data } = await extra.http.post<UserResponse>(API.getUser, { token });
    return { token, user: data.user } satisfies AuthData;
  } catch (error) {
    const failure = toApiFailure(error, signInMessages.internalError);
    // A refused token is dead: drop it so the next visit does not retry it.
    if (failure.status === 401) await extra.session.end();
    console.warn('Fetching the user failed:', failure.message);
    return rejectWithValue(failure);
  }
});

/**
 * Start-up restore (spec section 4): a stored token becomes the bearer
 * header, then the current user is fetched. Resolves once that settled.
 */
export const restoreSession = authThunk('restoreSession', async (_: void, extra, dispatch) => {
  const token = extra.session.readToken();
  if (!token) return false;
  await extra.session.resume(token);
  const result = await dispatch(fetchUser());
  return fetchUser.fulfilled.match(result);
});

/** PUT auth/updateUser; the returned user fields are merged into the stored user. */
export const updateUser = authThunk('updateUser', async (input: ProfileInput, extra) => {
  if (!extra.session.readToken()) return rejectWithValue({ message: signInMessages.tokenNotFound });
  try {
    const { data } = await extra.http.put<UserResponse>(API.updateUser, input);
    return data.user;
  } catch (error) {
    return rejectWithValue(toApiFailure(error, signInMessages.profileUpdateFailed));
  }
});

export interface TeacherApplicationResult {
  application: TeacherApplication;
  message: string;
}

/** POST applications/teachers. */
export const submitTeacherApplication = authThunk(
  'submitTeacherApplication',
  async (input: TeacherApplicationInput, extra) => {
    try {
      const { data } = await extra.http.post<TeacherApplicationResult>(
        API.teacherApplications,
        input,
      );
      return data;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, signInMessages.applicationFailed));
    }
  },
);

/**
 * Logout: POST auth/logout (best effort: the session ends locally even when
 * the call fails), then the token and the header go, and the page reloads.
 */
export const logout = authThunk('logout', async (_: void, extra) => {
  try {
    await extra.http.post(API.logout);
  } catch {
    // Offline or already expired: nothing more to revoke.
  }
  await extra.session.end();
  extra.reloadPage();
});

/** Back to the signed-out start. */
export const reset = () => ({ type: 'auth/reset' as const });

type AuthThunk =
  | typeof login
  | typeof register
  | typeof fetchUser
  | typeof updateUser
  | typeof submitTeacherApplication
  | typeof logout;
/** The actions the reducer reads (restoreSession's change nothing: its fetchUser does). */
type AuthAction =
  ReturnType<typeof reset> | ReturnType<AuthThunk['pending' | 'fulfilled' | 'rejected']>;

const signedOut = { data: null, isAuthenticated: false, status: 'error' } as const;

/** The auth state's reducer: plain immutable updates (no Immer). */
export function authReducer(
  state: AuthState = initialAuthState,
  incoming: UnknownAction,
): AuthState {
  const action = incoming as AuthAction;
  switch (action.type) {
    case 'auth/login/pending':
    case 'auth/register/pending':
    case 'auth/fetchUser/pending':
    case 'auth/updateUser/pending':
    case 'auth/submitTeacherApplication/pending':
      return { ...state, status: 'loading', errorMessage: null };
    case 'auth/login/fulfilled':
    case 'auth/register/fulfilled':
    case 'auth/fetchUser/fulfilled':
      return { ...state, status: 'loaded', data: action.payload, isAuthenticated: true };
    case 'auth/login/rejected':
      return {
        ...state,
        ...signedOut,
        errorMessage: action.payload?.message ?? signInMessages.loginFailed,
      };
    // Spec: register failures are only logged; the form shows the details.
    case 'auth/register/rejected':
      return { ...state, ...signedOut };
    case 'auth/fetchUser/rejected':
      return action.payload?.status === 401
        ? { ...state, ...signedOut, endedReason: action.payload.message }
        : { ...state, ...signedOut };
    case 'auth/updateUser/fulfilled':
      return {
        ...state,
        status: 'loaded',
        data: state.data && {
          ...state.data,
          user: { ...state.data.user, ...action.payload },
        },
      };
    case 'auth/updateUser/rejected':
      return {
        ...state,
        status: 'error',
        errorMessage: action.payload?.message ?? signInMessages.profileUpdateFailed,
      };
    case 'auth/submitTeacherApplication/fulfilled':
      return { ...state, status: 'loaded' };
    case 'auth/submitTeacherApplication/rejected':
      return {
        ...state,
        status: 'error',
        errorMessage: action.payload?.message ?? signInMessages.applicationFailed,
      };
    case 'auth/logout/fulfilled':
    case 'auth/reset':
      return initialAuthState;
    default:
      return state;
  }
}

export const selectAuth = (state: AuthRootState) => state.auth;
export const selectUser = (state: AuthRootState) => state.auth.data?.user ?? null;
