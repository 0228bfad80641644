import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

const createAuthThunk = createAsyncThunk.withTypes<{
  state: AuthRootState;
  extra: AppServices;
  rejectValue: ApiFailure;
}>();

/** POST auth/login; success stores the token and sets the bearer header. */
export const login = createAuthThunk(
  'auth/login',
  async (input: LoginInput, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<AuthResponse>(API.login, input);
      await extra.session.start(data.token);
      return data;
    } catch (error) {
      const failure = toApiFailure(error, signInMessages.loginFailed);
      console.error(signInMessages.loginFailedConsole, failure.status ?? '', failure.message);
      return rejectWithValue(failure);
    }
  },
);

/** POST auth/register; success stores the token the same way as login. */
export const register = createAuthThunk(
  'auth/register',
  async (input: RegisterInput, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<AuthResponse>(API.register, input);
      await extra.session.start(data.token);
      return data;
    } catch (error) {
      const failure = toApiFailure(error, signInMessages.internalError);
      console.warn('Registration failed:', failure.message);
      return rejectWithValue(failure);
    }
  },
);

/** POST auth/getUser with the stored token; 'Token not found' without one. */
export const fetchUser = createAuthThunk(
  'auth/fetchUser',
  async (_: void, { extra, rejectWithValue }) => {
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
  },
);

/**
 * Start-up restore (spec section 4): a stored token becomes the bearer
 * header, then the current user is fetched. Resolves once that settled.
 */
export const restoreSession = createAuthThunk(
  'auth/restoreSession',
  async (_: void, { dispatch, extra }) => {
    const token = extra.session.readToken();
    if (!token) return false;
    await extra.session.resume(token);
    const result = await dispatch(fetchUser());
    return fetchUser.fulfilled.match(result);
  },
);

/** PUT auth/updateUser; the returned user fields are merged into the stored user. */
export const updateUser = createAuthThunk(
  'auth/updateUser',
  async (input: ProfileInput, { extra, rejectWithValue }) => {
    if (!extra.session.readToken())
      return rejectWithValue({ message: signInMessages.tokenNotFound });
    try {
      const { data } = await extra.http.put<UserResponse>(API.updateUser, input);
      return data.user;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, signInMessages.profileUpdateFailed));
    }
  },
);

export interface TeacherApplicationResult {
  application: TeacherApplication;
  message: string;
}

/** POST applications/teachers. */
export const submitTeacherApplication = createAuthThunk(
  'auth/submitTeacherApplication',
  async (input: TeacherApplicationInput, { extra, rejectWithValue }) => {
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
export const logout = createAuthThunk('auth/logout', async (_: void, { extra }) => {
  try {
    await extra.http.post(API.logout);
  } catch {
    // Offline or already expired: nothing more to revoke.
  }
  await extra.session.end();
  extra.reloadPage();
});

function signedOut(state: AuthState): void {
  state.data = null;
  state.isAuthenticated = false;
}

function loading(state: AuthState): void {
  state.status = 'loading';
  state.errorMessage = null;
}

function failed(state: AuthState, message: string | undefined, fallback: string): void {
  state.status = 'error';
  state.errorMessage = message ?? fallback;
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    reset: () => initialAuthState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, loading)
      .addCase(login.fulfilled, (state, action: PayloadAction<AuthData>) => {
        state.status = 'loaded';
        state.data = action.payload;
        state.isAuthenticated = true;
      })
      .addCase(login.rejected, (state, action) => {
        signedOut(state);
        failed(state, action.payload?.message, signInMessages.loginFailed);
      })

      .addCase(register.pending, loading)
      .addCase(register.fulfilled, (state, action: PayloadAction<AuthData>) => {
        state.status = 'loaded';
        state.data = action.payload;
        state.isAuthenticated = true;
      })
      .addCase(register.rejected, (state) => {
        // Spec: register failures are only logged; the form shows the details.
        signedOut(state);
        state.status = 'error';
      })

      .addCase(fetchUser.pending, loading)
      .addCase(fetchUser.fulfilled, (state, action: PayloadAction<AuthData>) => {
        state.status = 'loaded';
        state.data = action.payload;
        state.isAuthenticated = true;
      })
      .addCase(fetchUser.rejected, (state, action) => {
        signedOut(state);
        state.status = 'error';
        if (action.payload?.status === 401) state.endedReason = action.payload.message;
      })

      .addCase(updateUser.pending, loading)
      .addCase(updateUser.fulfilled, (state, action: PayloadAction<User>) => {
        state.status = 'loaded';
        if (state.data) state.data.user = { ...state.data.user, ...action.payload };
      })
      .addCase(updateUser.rejected, (state, action) => {
        failed(state, action.payload?.message, signInMessages.profileUpdateFailed);
      })

      .addCase(submitTeacherApplication.pending, loading)
      .addCase(submitTeacherApplication.fulfilled, (state) => {
        state.status = 'loaded';
      })
      .addCase(submitTeacherApplication.rejected, (state, action) => {
        failed(state, action.payload?.message, signInMessages.applicationFailed);
      })

      .addCase(logout.fulfilled, () => initialAuthState);
  },
});

export const { reset } = authSlice.actions;
export const authReducer = authSlice.reducer;

export const selectAuth = (state: AuthRootState) => state.auth;
export const selectUser = (state: AuthRootState) => state.auth.data?.user ?? null;
