import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import {
  approveApplication,
  submitApplication,
} from '../src/features/applications/applications.service.ts';
import { getCurrentUser, readBearerToken } from '../src/plugins/auth.ts';
import {
  bearer,
  createTestApp,
  databaseTargets,
  registerAccount,
  validApplication,
  type TestApp,
} from './helpers.ts';

describe.each(databaseTargets)('auth plugin (requireUser, requireTeacher) on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    // Two tiny routes behind the hooks, as later features (courses) will use them.
    t.app.get('/api/test/signed-in', { onRequest: t.app.requireUser }, async (request) => ({
      userId: getCurrentUser(request)._id,
    }));
    t.app.get('/api/test/teachers-only', { onRequest: t.app.requireTeacher }, async (request) => ({
      userId: getCurrentUser(request)._id,
    }));
    t.app.get('/api/test/open', async (request) => ({ user: request.user }));
  });
  afterAll(async () => {
    await t.close();
  });

  async function makeTeacher() {
    const account = await registerAccount(t.app);
    const application = await submitApplication(
      t.db,
      validApplication({ telephone: account.telephone }),
      { autoApprove: false },
    );
    await approveApplication(t.db, application._id);
    return account;
  }

  it('requireUser lets a valid session through and fills request.user', async () => {
    const account = await registerAccount(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/signed-in',
      headers: bearer(account.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: account.user._id });
  });

  it('requireUser answers 401 without or with a bad token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/test/signed-in' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(messages.tokenNotFound);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/test/signed-in',
      headers: bearer('x'),
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(messages.sessionInvalid);
  });

  it('requireTeacher answers 403 forbidden to a student', async () => {
    const student = await registerAccount(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/teachers-only',
      headers: bearer(student.token),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.forbidden, code: 'FORBIDDEN' });
  });

  it('requireTeacher answers 401 before 403 to an anonymous caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/teachers-only' });
    expect(response.statusCode).toBe(401);
  });

  it('requireTeacher lets a teacher through, with the role read fresh from the database', async () => {
    const account = await makeTeacher();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/teachers-only',
      headers: bearer(account.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: account.user._id });
  });

  it('leaves request.user null on routes without a hook', async () => {
    const account = await registerAccount(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/open',
      headers: bearer(account.token),
    });
    expect(response.json()).toEqual({ user: null });
  });
});

describe('readBearerToken', () => {
  const request = (authorization?: string) =>
    ({ headers: { authorization } }) as Parameters<typeof readBearerToken>[0];
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['Bearer   abc  ', 'abc'],
    ['Bearer', undefined],
    ['Bearer ', undefined],
    ['Basic abc', undefined],
    ['Bearer a b', undefined],
    [undefined, undefined],
  ])('%j → %j', (header, expected) => {
    expect(readBearerToken(request(header))).toBe(expected);
  });
});
