import { describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin.ts';
import type { AdminIo } from '../src/cli/command.ts';
import {
  bearer,
  databaseTargets,
  PASSWORD,
  registerAccount,
  uniqueTelephone,
  useTestApp,
} from './helpers.ts';

describe.each(databaseTargets)('admin CLI: users on $name', (target) => {
  const t = useTestApp(target, { config: { publicUrl: 'https://urok.example' } });

  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io: AdminIo = { out: (text) => out.push(text), err: (text) => err.push(text) };
    const code = await runAdmin(argv, {
      io,
      connect: async () => ({ db: t.db, config: t.config, close: async () => {} }),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  const me = async (token: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/api/auth/getUser', headers: bearer(token) })
    ).json().user;

  it('help lists the users commands', async () => {
    const { out } = await admin('help');
    for (const usage of [
      'users list',
      'users make-teacher <telephone>',
      'users make-student <telephone>',
      'users reset-password <telephone>',
    ]) {
      expect(out).toContain(usage);
    }
  });

  it('lists every account with its role, never a password hash', async () => {
    const account = await registerAccount(t.app, { username: 'Listed Person' });
    const result = await admin('users', 'list');
    expect(result.code).toBe(0);
    const [header, , ...rows] = result.out.split('\n');
    expect(header).toMatch(/^ID\s+ROLE\s+CREATED\s+NAME\s+TELEPHONE\s+EMAIL$/);
    expect(rows.find((row) => row.startsWith(account.user._id))).toMatch(
      /student .*Listed Person .*\+38067/,
    );
    expect(result.out).not.toContain('argon2');
  });

  it('make-teacher and make-student change the role, by telephone in any spelling', async () => {
    const account = await registerAccount(t.app);
    const teacher = await admin('users', 'make-teacher', account.telephone.slice(1));
    expect(teacher.code).toBe(0);
    expect(teacher.out).toBe(`${account.user.username} (${account.telephone}) is a teacher now.`);
    expect((await me(account.token)).isAdmin).toBe(true);
    const student = await admin('users', 'make-student', account.telephone);
    expect(student.code).toBe(0);
    expect((await me(account.token)).isAdmin).toBe(false);
  });

  it('refuses a missing, malformed or unknown telephone with exit code 1', async () => {
    for (const command of ['make-teacher', 'make-student', 'reset-password']) {
      const missing = await admin('users', command);
      expect(missing.code).toBe(1);
      expect(missing.err).toContain('A telephone number is required');
      const malformed = await admin('users', command, 'abc');
      expect(malformed.code).toBe(1);
      expect(malformed.err).toContain('is not a telephone number');
      const telephone = uniqueTelephone();
      const unknown = await admin('users', command, telephone);
      expect(unknown.code).toBe(1);
      expect(unknown.err).toBe(`No account with telephone ${telephone}.`);
    }
  });

  it('reset-password prints a one-time link under PUBLIC_URL that sets a new password once', async () => {
    const account = await registerAccount(t.app);
    const result = await admin('users', 'reset-password', account.telephone);
    expect(result.code).toBe(0);
    const link = /https:\/\/urok\.example\/reset-password\?token=([A-Za-z0-9_-]{43})\b/.exec(
      result.out,
    );
    expect(link, result.out).not.toBeNull();
    expect(result.out).toMatch(/It works once, until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const token = decodeURIComponent(link![1]!);

    const stored = await t.db.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password },
      });
    expect((await reset('FromTheLink2025')).statusCode).toBe(200);
    expect((await reset('AgainTheLink2025')).statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { telephone: account.telephone, password: 'FromTheLink2025' },
    });
    expect(login.statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { telephone: account.telephone, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });
});
