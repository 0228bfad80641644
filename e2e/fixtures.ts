import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { DEMO_ACCOUNTS } from '../apps/server/src/db/demo-data.ts';

export { expect };
export { DEMO_ACCOUNTS };

export interface Account {
  username: string;
  telephone: string;
  password: string;
}

interface Fixtures {
  /** Console errors expected by a test (e.g. a refused sign-in logs a 401). */
  allowConsoleError: (pattern: RegExp) => void;
}

/**
 * Every test fails on a console error or an uncaught page error it did not
 * announce with allowConsoleError.
 */
export const test = base.extend<Fixtures & { consoleGuard: void }>({
  // Playwright reads the fixture's dependencies from this destructuring; it has none.
  // eslint-disable-next-line no-empty-pattern
  allowConsoleError: async ({}, use, testInfo) => {
    const allowed: RegExp[] = [];
    (testInfo as unknown as { allowed: RegExp[] }).allowed = allowed;
    await use((pattern) => allowed.push(pattern));
  },
  consoleGuard: [
    async ({ page, allowConsoleError: _ }, use, testInfo) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      const allowed = (testInfo as unknown as { allowed: RegExp[] }).allowed ?? [];
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

let counter = 0;
/** A telephone number no other test uses. */
export function uniqueTelephone(): string {
  counter += 1;
  const tail = `${Date.now() % 1e7}${process.pid % 100}${counter}`.slice(-8);
  return `+38067${tail.padStart(8, '0')}`;
}

/** Registers a fresh student through the API. */
export async function createStudent(
  request: APIRequestContext,
  name = 'Test Student',
): Promise<Account> {
  const account = { username: name, telephone: uniqueTelephone(), password: 'Secret2024' };
  const response = await request.post('/api/auth/register', {
    data: { ...account, email: `${account.telephone.slice(1)}@example.com` },
  });
  expect(response.status()).toBe(201);
  return account;
}

/** A course made through the API by the teacher whose bearer `headers` are given. */
export async function createCourseThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  fields: { title: string; description: string; category: string; homeworkTask?: string },
): Promise<{ _id: string; title: string }> {
  const response = await request.post('/api/courses', { headers, multipart: fields });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { course: { _id: string; title: string } }).course;
}

/** Signs in through the API and puts the token where the app looks for it. */
export async function signIn(
  page: Page,
  account: Pick<Account, 'telephone' | 'password'>,
  path = '/',
): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { telephone: account.telephone, password: account.password },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.goto('/start');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(path);
}

/**
 * A browser context already signed in as `account`: one API sign-in, its
 * token put in the context's storage state (where the app keeps it), so a
 * test that needs several people pays for no sign-in form. `options` are the
 * context's own (a phone project passes its device).
 */
export async function signedInContext(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  account: Pick<Account, 'telephone' | 'password'>,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const response = await request.post('/api/auth/login', {
    data: { telephone: account.telephone, password: account.password },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return browser.newContext({
    ...options,
    storageState: {
      cookies: [],
      origins: [
        { origin: new URL(baseURL).origin, localStorage: [{ name: 'token', value: token }] },
      ],
    },
  });
}
