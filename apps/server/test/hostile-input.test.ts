import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  databaseTargets,
  registerAccount,
  useTestApp,
  validApplication,
} from './helpers.ts';

const HUGE = 'Ж'.repeat(200_000);

/** Bodies a careless or hostile client might send; none may cause a 5xx or a role change. */
const HOSTILE_BODIES: { label: string; payload: string; contentType?: string }[] = [
  { label: 'broken JSON', payload: '{"telephone": "+380' },
  { label: 'an empty JSON body', payload: '' },
  { label: 'JSON null', payload: 'null' },
  { label: 'a JSON array', payload: '[1,2,3]' },
  { label: 'a JSON string', payload: '"hello"' },
  { label: 'a JSON number', payload: '42' },
  {
    label: 'numbers for strings',
    payload: JSON.stringify({ username: 1, email: 2, telephone: 3, password: 4, bio: 5, token: 6 }),
  },
  {
    label: 'nested objects',
    payload: JSON.stringify({
      username: { $gt: '' },
      telephone: ['+380671234567'],
      password: { a: 1 },
    }),
  },
  {
    label: 'booleans and nulls',
    payload: JSON.stringify({ username: true, email: null, telephone: false, password: null }),
  },
  {
    label: '200 kB strings',
    payload: JSON.stringify({
      username: HUGE,
      email: HUGE,
      telephone: HUGE,
      password: HUGE,
      bio: HUGE,
      token: HUGE,
      fullName: HUGE,
      motivation: HUGE,
    }),
  },
  { label: 'a __proto__ key', payload: '{"__proto__": {"isAdmin": true}, "username": "abc"}' },
  {
    label: 'a constructor.prototype key',
    payload: '{"constructor": {"prototype": {"isAdmin": true}}}',
  },
  { label: 'text/plain', payload: 'username=abc', contentType: 'text/plain' },
  {
    label: 'a form encoding',
    payload: 'username=abc&isAdmin=true',
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    label: 'control characters',
    payload: JSON.stringify({
      username: '\u0000\u0001abc',
      telephone: '+38067\u0000',
      password: 'Aaaaaaaa\u0000',
    }),
  },
];

const ENDPOINTS = [
  { method: 'POST', url: '/api/auth/register', signedIn: false },
  { method: 'POST', url: '/api/auth/login', signedIn: false },
  { method: 'POST', url: '/api/auth/getUser', signedIn: false },
  { method: 'PUT', url: '/api/auth/updateUser', signedIn: true },
  { method: 'POST', url: '/api/auth/logout', signedIn: true },
  { method: 'POST', url: '/api/applications/teachers', signedIn: false },
] as const;

describe.each(databaseTargets)('hostile input on $name', (target) => {
  const t = useTestApp(target);

  describe.each(ENDPOINTS)('$method $url', (endpoint) => {
    it.each(HOSTILE_BODIES)(
      'answers $label with a 4xx error body, never a 5xx',
      async ({ payload, contentType }) => {
        const account = await registerAccount(t.app);
        const response = await t.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          payload,
          headers: {
            'content-type': contentType ?? 'application/json',
            ...(endpoint.signedIn ? bearer(account.token) : {}),
          },
        });
        // Logout takes no body: any body with a valid session simply signs out.
        if (endpoint.url.endsWith('logout') && response.statusCode === 204) return;
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(typeof response.json().message).toBe('string');
        // No internals: no stack frames, no library names.
        expect(response.body).not.toMatch(/\.(ts|js):\d+|node_modules|Error:/);

        const user = (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/getUser',
            headers: bearer(account.token),
          })
        ).json().user;
        if (user) expect(user.isAdmin).toBe(false);
        expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      },
    );
  });

  it("a 400 never leaks a validator's internals: every message is a sentence in Ukrainian", async () => {
    const account = await registerAccount(t.app);
    const requests = [
      { method: 'GET', url: '/api/lessons/abc/video?u=x&exp=soon&sig=y' },
      { method: 'GET', url: '/api/courses?limit=lots' },
      { method: 'GET', url: `/api/courses/${'x'.repeat(300)}` },
      { method: 'POST', url: '/api/notifications/read', payload: { ids: 'all of them' } },
      { method: 'PUT', url: '/api/assignments/abc', payload: { maxPoints: 'twelve' } },
      { method: 'PUT', url: '/api/notifications/preferences', payload: { email: 5 } },
    ] as const;
    for (const request of requests) {
      const response = await t.app.inject({
        ...request,
        headers: { authorization: `Bearer ${account.token}` },
      } as InjectOptions);
      const name = `${request.method} ${request.url}`;
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      const body = response.json() as { message: string; fields?: Record<string, string> };
      for (const text of [body.message, ...Object.values(body.fields ?? {})]) {
        expect(text, name).toMatch(/\p{Script=Cyrillic}/u);
        expect(text, name).not.toMatch(/pattern|Invalid|expected|\/\^/);
      }
    }
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/applications/teachers',
      payload: JSON.stringify(validApplication({ motivation: 'x'.repeat(1_100_000) })),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
  });

  it('never makes a teacher from isAdmin in a register, update or application body', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload:
        '{"username":"Hacker","email":"h@example.com","telephone":"+380671110999","password":"Secret2024","isAdmin":true,"__proto__x":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(register.statusCode).toBe(201);
    const { token } = register.json();
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updateUser',
      payload: {
        username: 'Hacker',
        email: 'h@example.com',
        telephone: '+380671110999',
        isAdmin: true,
      },
      headers: bearer(token),
    });
    const application = await t.app.inject({
      method: 'POST',
      url: '/api/applications/teachers',
      payload: validApplication({ telephone: '+380671110999', status: 'approved', isAdmin: true }),
    });
    expect(application.statusCode).toBe(201);
    expect(application.json().application.status).toBe('pending');
    const user = (
      await t.app.inject({ method: 'POST', url: '/api/auth/getUser', payload: { token } })
    ).json().user;
    expect(user.isAdmin).toBe(false);
  });
});
