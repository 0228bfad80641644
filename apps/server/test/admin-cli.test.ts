import { describe, expect, it } from 'vitest';
import { formatUsage, runAdmin } from '../src/cli/admin.ts';
import type { AdminIo } from '../src/cli/command.ts';
import { submitApplication } from '../src/features/applications/applications.service.ts';
import {
  databaseTargets,
  registerAccount,
  uniqueTelephone,
  useTestApp,
  validApplication,
} from './helpers.ts';

describe.each(databaseTargets)('admin CLI on $name', (target) => {
  const t = useTestApp(target);

  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io: AdminIo = { out: (text) => out.push(text), err: (text) => err.push(text) };
    let connected = false;
    const code = await runAdmin(argv, {
      io,
      connect: async () => {
        connected = true;
        return { db: t.db, config: t.config, close: async () => {} };
      },
    });
    return { code, out: out.join('\n'), err: err.join('\n'), connected };
  }

  it('prints the usage on help, without opening the database', async () => {
    const result = await admin('help');
    expect(result.code).toBe(0);
    expect(result.out).toBe(formatUsage());
    expect(result.out).toContain('applications approve <id>');
    expect(result.connected).toBe(false);
  });

  it.each([
    [[]],
    [['frobnicate']],
    [['applications']],
    [['applications', 'delete', 'x']],
    [['__proto__', 'x']],
  ])('exits 1 with a message and the usage for %j', async (argv) => {
    const result = await admin(...argv);
    expect(result.code).toBe(1);
    expect(result.err).toContain('Usage: npm run admin');
    expect(result.connected).toBe(false);
  });

  it('lists applications in a table, and says so when there are none', async () => {
    expect((await admin('applications', 'list', 'rejected')).out).toBe(
      'No rejected teacher applications.',
    );
    const application = await submitApplication(
      t.db,
      validApplication({ fullName: 'Table Person' }),
      { autoApprove: false },
    );
    const result = await admin('applications', 'list');
    expect(result.code).toBe(0);
    const [header, rule, ...rows] = result.out.split('\n');
    expect(header).toMatch(/^ID\s+STATUS\s+SUBMITTED\s+NAME\s+TELEPHONE\s+EMAIL\s+SUBJECT$/);
    expect(rule).toMatch(/^-+( +-+)+$/);
    const row = rows.find((line) => line.startsWith(application._id));
    expect(row).toMatch(/pending .*Table Person/);
  });

  it('refuses an unknown status filter', async () => {
    const result = await admin('applications', 'list', 'maybe');
    expect(result.code).toBe(1);
    expect(result.err).toContain('Unknown status "maybe"');
  });

  it('approves: the account with the telephone is a teacher', async () => {
    const account = await registerAccount(t.app);
    const application = await submitApplication(
      t.db,
      validApplication({ telephone: account.telephone }),
      { autoApprove: false },
    );
    const result = await admin('applications', 'approve', application._id);
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Approved application ${application._id}`);
    expect(result.out).toContain(
      `${account.user.username} (${account.telephone}) is a teacher now.`,
    );
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/getUser',
      payload: { token: account.token },
    });
    expect(me.json().user.isAdmin).toBe(true);
  });

  it('approves before registration and says the account will become a teacher', async () => {
    const telephone = uniqueTelephone();
    const application = await submitApplication(t.db, validApplication({ telephone }), {
      autoApprove: false,
    });
    const result = await admin('applications', 'approve', application._id);
    expect(result.out).toContain(`No account with ${telephone} yet`);
  });

  it('rejects, shows, and exits 1 on an unknown id or a missing one', async () => {
    const application = await submitApplication(t.db, validApplication(), { autoApprove: false });
    const rejected = await admin('applications', 'reject', application._id);
    expect(rejected.code).toBe(0);
    expect(rejected.out).toContain(`Rejected application ${application._id}`);
    const shown = await admin('applications', 'show', application._id);
    expect(shown.out).toMatch(/Status:\s+rejected/);

    for (const command of ['approve', 'reject', 'show']) {
      const unknown = await admin('applications', command, 'no-such-id');
      expect(unknown.code).toBe(1);
      expect(unknown.err).toBe('No teacher application with id no-such-id.');
      const missing = await admin('applications', command);
      expect(missing.code).toBe(1);
      expect(missing.err).toContain('An application id is required');
    }
  });
});
