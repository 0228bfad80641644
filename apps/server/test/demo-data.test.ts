import { describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  findDemoAccounts,
  formatStartupBanner,
  isUsersTableEmpty,
  loadDemoData,
  shouldLoadDemoData,
} from '../src/db/demo-data.ts';
import { databaseTargets, useTestApp } from './helpers.ts';

describe('DEMO_ACCOUNTS', () => {
  it('holds one teacher and two students with the documented credentials', () => {
    expect(DEMO_ACCOUNTS.map((a) => [a.username, a.telephone, a.password, a.isTeacher])).toEqual([
      ['Olena Kovalenko', '+380501110001', 'Teacher2024', true],
      ['Andrii Melnyk', '+380501110002', 'Student2024', false],
      ['Iryna Shevchenko', '+380501110003', 'Student2024', false],
    ]);
  });
});

describe('shouldLoadDemoData', () => {
  it.each([
    [{ dialect: 'sqlite', isNew: true, demo: undefined, usersEmpty: true }, true],
    [{ dialect: 'sqlite', isNew: true, demo: true, usersEmpty: true }, true],
    [{ dialect: 'sqlite', isNew: true, demo: false, usersEmpty: true }, false],
    [{ dialect: 'sqlite', isNew: false, demo: undefined, usersEmpty: true }, false],
    [{ dialect: 'postgres', isNew: false, demo: undefined, usersEmpty: true }, false],
    [{ dialect: 'postgres', isNew: false, demo: false, usersEmpty: true }, false],
    [{ dialect: 'postgres', isNew: false, demo: true, usersEmpty: true }, true],
    [{ dialect: 'postgres', isNew: false, demo: true, usersEmpty: false }, false],
  ] as const)('%j → %s', (decision, expected) => {
    expect(shouldLoadDemoData(decision)).toBe(expected);
  });
});

describe('formatStartupBanner', () => {
  it('shows the URL and every demo credential', () => {
    const banner = formatStartupBanner('http://localhost:3000', DEMO_ACCOUNTS);
    expect(banner).toContain('http://localhost:3000');
    for (const account of DEMO_ACCOUNTS) {
      expect(banner).toContain(account.telephone);
      expect(banner).toContain(account.password);
    }
    expect(formatStartupBanner('http://localhost:3000', [])).not.toContain('Demo accounts');
  });
});

describe.each(databaseTargets)('loadDemoData on $name', (target) => {
  const t = useTestApp(target);

  it('creates accounts that sign in through the API, with the right roles, and is idempotent', async () => {
    expect(await isUsersTableEmpty(t.db)).toBe(true);
    await loadDemoData(t.db);
    await loadDemoData(t.db);
    expect(await isUsersTableEmpty(t.db)).toBe(false);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(3);
    expect(await findDemoAccounts(t.db)).toEqual(DEMO_ACCOUNTS);

    for (const account of DEMO_ACCOUNTS) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: account.telephone, password: account.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({
        username: account.username,
        email: account.email,
        bio: account.bio,
        isAdmin: account.isTeacher,
      });
    }
  });
});
