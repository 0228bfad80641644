import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, STORAGE_KEYS, messages } from '@urok/contract';
import { createAppStore } from '../../app/store';
import { readAuthHeader } from '../../lib/auth-header';
import { selectRefusedAtStart } from '../../lib/ended-session';
import { createTestServices, makeUser } from '../../test/fake-api';
import {
  authReducer,
  fetchUser,
  initialAuthState,
  login,
  logout,
  register,
  reset,
  restoreSession,
  submitTeacherApplication,
  updateUser,
  type AuthState,
} from './auth-slice';

const user = makeUser();
const credentials = { telephone: '+380501112233', password: 'Secret123' };
const registration = { username: 'olena', email: 'olena@example.com', ...credentials };
const profile = {
  username: 'olena',
  telephone: '+380501112233',
  email: 'new@example.com',
  bio: 'Hi',
};
const application = {
  fullName: 'Olena Petrenko',
  telephone: '+380501112233',
  email: 'olena@example.com',
  subject: 'Math',
  experience: '',
  motivation: 'I love teaching children.',
};

const signedIn: AuthState = {
  data: { token: 't1', user },
  status: 'loaded',
  isAuthenticated: true,
  errorMessage: null,
};

const reduce = (state: AuthState | undefined, action: Parameters<typeof authReducer>[1]) =>
  authReducer(state, action);

describe('auth reducer', () => {
  it('starts empty', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      data: null,
      status: 'empty',
      isAuthenticated: false,
      errorMessage: null,
    });
  });

  describe('login', () => {
    it('pending: loading, clears the previous error', () => {
      const state = reduce({ ...initialAuthState, errorMessage: 'old' }, login.pending());
      expect(state).toMatchObject({ status: 'loading', errorMessage: null, data: null });
    });
    it('fulfilled: data stored, authenticated', () => {
      const state = reduce(initialAuthState, login.fulfilled({ token: 't1', user }));
      expect(state).toEqual({ ...signedIn });
    });
    it('rejected: data cleared, not authenticated, the server message stored', () => {
      const state = reduce(
        signedIn,
        login.rejected({
          message: 'Забагато спроб. Спробуйте пізніше.',
          status: 429,
        }),
      );
      expect(state).toEqual({
        data: null,
        status: 'error',
        isAuthenticated: false,
        errorMessage: 'Забагато спроб. Спробуйте пізніше.',
      });
    });
    it("rejected without a server message: 'Невірний номер телефону або пароль'", () => {
      const state = reduce(initialAuthState, login.rejected(undefined, new Error('boom')));
      expect(state.errorMessage).toBe(messages.loginFailed);
      expect(state.errorMessage).toBe('Невірний номер телефону або пароль');
    });
  });

  describe('register', () => {
    it('pending: loading', () => {
      expect(reduce(initialAuthState, register.pending()).status).toBe('loading');
    });
    it('fulfilled: data stored, authenticated', () => {
      const state = reduce(initialAuthState, register.fulfilled({ token: 't1', user }));
      expect(state).toEqual(signedIn);
    });
    it('rejected: data cleared, not authenticated (only logged: no error message)', () => {
      const state = reduce(
        signedIn,
        register.rejected({
          message: messages.telephoneTaken,
          status: 409,
        }),
      );
      expect(state).toEqual({
        data: null,
        status: 'error',
        isAuthenticated: false,
        errorMessage: null,
      });
    });
    it("rejected with 401: the server's reason is kept for the start page; a sign-out forgets it", () => {
      const blocked = reduce(
        signedIn,
        fetchUser.rejected({
          status: 401,
          message: messages.accountBlocked,
        }),
      );
      expect(selectRefusedAtStart({ auth: blocked })).toBe(messages.accountBlocked);
      const out = reduce(blocked, logout.fulfilled());
      expect(selectRefusedAtStart({ auth: out })).toBeNull();
    });
  });

  describe('fetchUser', () => {
    it('pending: loading, data kept', () => {
      const state = reduce(signedIn, fetchUser.pending());
      expect(state).toMatchObject({ status: 'loading', data: signedIn.data });
    });
    it('fulfilled: the user stored, authenticated', () => {
      const state = reduce(initialAuthState, fetchUser.fulfilled({ token: 't1', user }));
      expect(state).toEqual(signedIn);
    });
    it('rejected: data cleared, not authenticated', () => {
      const state = reduce(signedIn, fetchUser.rejected({ message: messages.tokenNotFound }));
      expect(state).toEqual({
        data: null,
        status: 'error',
        isAuthenticated: false,
        errorMessage: null,
      });
    });
  });

  describe('updateUser', () => {
    it('pending: loading, user kept', () => {
      const state = reduce(signedIn, updateUser.pending());
      expect(state).toMatchObject({
        status: 'loading',
        isAuthenticated: true,
        data: signedIn.data,
      });
    });
    it('fulfilled: the returned fields are merged into the stored user', () => {
      const state = reduce(
        signedIn,
        updateUser.fulfilled({ ...user, email: 'new@example.com', bio: 'Hi' }),
      );
      expect(state.status).toBe('loaded');
      expect(state.data).toEqual({
        token: 't1',
        user: { ...user, email: 'new@example.com', bio: 'Hi' },
      });
    });
    it('fulfilled with a partial user keeps the other fields', () => {
      const partial = { bio: 'Only bio' } as typeof user;
      const state = reduce(signedIn, updateUser.fulfilled(partial));
      expect(state.data?.user).toEqual({ ...user, bio: 'Only bio' });
    });
    it('rejected: error status and the server message; the user stays signed in', () => {
      const state = reduce(
        signedIn,
        updateUser.rejected({ message: messages.fillField, status: 400 }),
      );
      expect(state).toEqual({ ...signedIn, status: 'error', errorMessage: messages.fillField });
    });
    it("rejected with no token: 'Token not found'", () => {
      const state = reduce(signedIn, updateUser.rejected({ message: 'Token not found' }));
      expect(state.errorMessage).toBe('Token not found');
    });
  });

  describe('submitTeacherApplication', () => {
    it('pending: loading', () => {
      expect(reduce(signedIn, submitTeacherApplication.pending()).status).toBe('loading');
    });
    it('fulfilled: loaded, data untouched', () => {
      const result = {
        message: messages.applicationReceived,
        application: {
          _id: 'a1',
          ...application,
          status: 'pending' as const,
          createdAt: '2025-01-01T00:00:00.000Z',
          decidedAt: null,
        },
      };
      const state = reduce(signedIn, submitTeacherApplication.fulfilled(result));
      expect(state).toEqual(signedIn);
    });
    it('rejected: error with the server message', () => {
      const state = reduce(
        initialAuthState,
        submitTeacherApplication.rejected({
          message: messages.subjectRequired,
        }),
      );
      expect(state).toMatchObject({ status: 'error', errorMessage: messages.subjectRequired });
    });
    it("rejected without a server message: 'Не вдалося надіслати заявку.'", () => {
      const state = reduce(
        initialAuthState,
        submitTeacherApplication.rejected(undefined, new Error('x')),
      );
      expect(state.errorMessage).toBe('Не вдалося надіслати заявку.');
    });
  });

  describe('logout and reset', () => {
    it('logout pending changes nothing yet', () => {
      expect(reduce(signedIn, logout.pending())).toEqual(signedIn);
    });
    it('logout fulfilled: data cleared, not authenticated', () => {
      expect(reduce(signedIn, logout.fulfilled())).toEqual(initialAuthState);
    });
    it('reset: data cleared, not authenticated', () => {
      expect(reduce({ ...signedIn, errorMessage: 'x' }, reset())).toEqual(initialAuthState);
    });
  });
});

describe('auth thunks and their side effects', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    window.localStorage.clear();
  });

  it("login success stores the token under 'token' and sets the bearer header", async () => {
    const { services, client, calls } = createTestServices({
      [`POST ${API.login}`]: { status: 200, body: { token: 'tok-1', user } },
    });
    const store = createAppStore(services);
    await store.dispatch(login(credentials));
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'auth/login', body: credentials });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(window.localStorage.getItem('token')).toBe('tok-1');
    expect(readAuthHeader(client)).toBe('Bearer tok-1');
    expect(store.getState().auth).toEqual({ ...signedIn, data: { token: 'tok-1', user } });
  });

  it("login failure: the server's 401 message, console.error 'Помилка входу', nothing stored", async () => {
    const { services, client } = createTestServices({
      [`POST ${API.login}`]: {
        status: 401,
        body: { message: messages.loginFailed, code: 'UNAUTHORIZED' },
      },
    });
    const store = createAppStore(services);
    await store.dispatch(login(credentials));
    expect(console.error).toHaveBeenCalledWith('Помилка входу', 401, messages.loginFailed);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(readAuthHeader(client)).toBeUndefined();
    expect(store.getState().auth).toMatchObject({
      data: null,
      isAuthenticated: false,
      status: 'error',
      errorMessage: 'Невірний номер телефону або пароль',
    });
  });

  it('login failure without a server body falls back to the fixed message', async () => {
    const { services } = createTestServices({ [`POST ${API.login}`]: { status: 500 } });
    const store = createAppStore(services);
    await store.dispatch(login(credentials));
    expect(store.getState().auth.errorMessage).toBe(messages.loginFailed);
  });

  it('a sign-in that never reached the server says the network is gone', async () => {
    // No route: the fake adapter fails as a dropped connection does (no response).
    const { services } = createTestServices({});
    const store = createAppStore(services);
    await store.dispatch(login(credentials));
    expect(store.getState().auth.errorMessage).toBe(messages.networkLost);
  });

  it('register success stores the token the same way', async () => {
    const { services, client, calls } = createTestServices({
      [`POST ${API.register}`]: { status: 201, body: { token: 'tok-2', user } },
    });
    const store = createAppStore(services);
    await store.dispatch(register(registration));
    expect(calls[0]?.body).toEqual(registration);
    expect(window.localStorage.getItem('token')).toBe('tok-2');
    expect(readAuthHeader(client)).toBe('Bearer tok-2');
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  it('register failure keeps the server fields for the form and clears data', async () => {
    const { services } = createTestServices({
      [`POST ${API.register}`]: {
        status: 409,
        body: {
          message: messages.telephoneTaken,
          code: 'CONFLICT',
          fields: { telephone: messages.telephoneTaken },
        },
      },
    });
    const store = createAppStore(services);
    const result = await store.dispatch(register(registration));
    expect(register.rejected.match(result) && result.payload).toEqual({
      message: messages.telephoneTaken,
      status: 409,
      code: 'CONFLICT',
      fields: { telephone: messages.telephoneTaken },
    });
    expect(store.getState().auth).toMatchObject({
      data: null,
      isAuthenticated: false,
      status: 'error',
    });
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it("fetchUser with no stored token fails with 'Token not found' and calls nothing", async () => {
    const { services, calls } = createTestServices({});
    const store = createAppStore(services);
    const result = await store.dispatch(fetchUser());
    expect(fetchUser.rejected.match(result) && result.payload?.message).toBe('Token not found');
    expect(calls).toHaveLength(0);
  });

  it('fetchUser posts {token} to auth/getUser', async () => {
    window.localStorage.setItem('token', 'tok-3');
    const { services, calls } = createTestServices({
      [`POST ${API.getUser}`]: { status: 200, body: { user } },
    });
    const store = createAppStore(services);
    await store.dispatch(fetchUser());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'auth/getUser',
      body: { token: 'tok-3' },
    });
    expect(store.getState().auth).toEqual({ ...signedIn, data: { token: 'tok-3', user } });
  });

  it('fetchUser refused with 401 drops the dead token and header', async () => {
    window.localStorage.setItem('token', 'dead');
    const { services, client } = createTestServices({
      [`POST ${API.getUser}`]: { status: 401, body: { message: messages.sessionInvalid } },
    });
    client.defaults.headers.common.Authorization = 'Bearer dead';
    const store = createAppStore(services);
    await store.dispatch(fetchUser());
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(readAuthHeader(client)).toBeUndefined();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('fetchUser failing on the network keeps the token for the next visit', async () => {
    window.localStorage.setItem('token', 'tok-4');
    const { services } = createTestServices({});
    const store = createAppStore(services);
    await store.dispatch(fetchUser());
    expect(window.localStorage.getItem('token')).toBe('tok-4');
    expect(store.getState().auth).toMatchObject({ data: null, status: 'error' });
  });

  it('start-up restore: stored token → bearer header → user fetched', async () => {
    window.localStorage.setItem('token', 'tok-5');
    const { services, client, calls } = createTestServices({
      [`POST ${API.getUser}`]: { status: 200, body: { user } },
    });
    const store = createAppStore(services);
    const result = await store.dispatch(restoreSession());
    expect(result.payload).toBe(true);
    expect(readAuthHeader(client)).toBe('Bearer tok-5');
    expect(calls[0]).toMatchObject({ url: 'auth/getUser', authorization: 'Bearer tok-5' });
    expect(store.getState().auth.data?.user).toEqual(user);
  });

  it('start-up restore without a token does nothing', async () => {
    const { services, calls } = createTestServices({});
    const store = createAppStore(services);
    const result = await store.dispatch(restoreSession());
    expect(result.payload).toBe(false);
    expect(calls).toHaveLength(0);
    expect(store.getState().auth).toEqual(initialAuthState);
  });

  it("updateUser with no stored token fails with 'Token not found'", async () => {
    const { services, calls } = createTestServices({});
    const store = createAppStore(services, { auth: signedIn });
    await store.dispatch(updateUser(profile));
    expect(calls).toHaveLength(0);
    expect(store.getState().auth).toMatchObject({
      status: 'error',
      errorMessage: 'Token not found',
    });
    expect(store.getState().auth.data?.user).toEqual(user);
  });

  it('updateUser sends PUT auth/updateUser with the bearer header and merges the user', async () => {
    window.localStorage.setItem('token', 't1');
    const { services, client, calls } = createTestServices({
      [`PUT ${API.updateUser}`]: ({ body }) => ({
        status: 200,
        body: { user: { ...user, ...(body as object) } },
      }),
    });
    client.defaults.headers.common.Authorization = 'Bearer t1';
    const store = createAppStore(services, { auth: signedIn });
    await store.dispatch(updateUser(profile));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: 'auth/updateUser',
      body: profile,
      authorization: 'Bearer t1',
    });
    expect(store.getState().auth.data?.user).toEqual({ ...user, ...profile });
  });

  it('submitTeacherApplication posts to applications/teachers', async () => {
    const { services, calls } = createTestServices({
      [`POST ${API.teacherApplications}`]: {
        status: 201,
        body: { application: {}, message: 'ok' },
      },
    });
    const store = createAppStore(services);
    await store.dispatch(submitTeacherApplication(application));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'applications/teachers',
      body: application,
    });
    expect(store.getState().auth.status).toBe('loaded');
  });

  it('logout: POST auth/logout, then the token and the header go, then the page reloads', async () => {
    window.localStorage.setItem('token', 't1');
    const order: string[] = [];
    const { services, client, calls, reloadPage } = createTestServices({
      [`POST ${API.logout}`]: () => {
        order.push('logout call');
        return { status: 204 };
      },
    });
    reloadPage.mockImplementation(() =>
      order.push(`reload (token: ${window.localStorage.getItem('token')})`),
    );
    client.defaults.headers.common.Authorization = 'Bearer t1';
    const store = createAppStore(services, { auth: signedIn });
    await store.dispatch(logout());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'auth/logout',
      authorization: 'Bearer t1',
    });
    expect(order).toEqual(['logout call', 'reload (token: null)']);
    expect(readAuthHeader(client)).toBeUndefined();
    expect(store.getState().auth).toEqual(initialAuthState);
  });

  it('logout still ends the session when the call fails', async () => {
    window.localStorage.setItem('token', 't1');
    const { services, reloadPage } = createTestServices({
      [`POST ${API.logout}`]: { status: 500, body: { message: messages.internalError } },
    });
    const store = createAppStore(services, { auth: signedIn });
    await store.dispatch(logout());
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(reloadPage).toHaveBeenCalledOnce();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });
});
