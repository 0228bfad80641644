/**
 * The operator's console API: who may call it, what
 * each action does, that it goes through the same rules as the admin CLI,
 * and that every action leaves an audit entry.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_LIMITS, messages, type AdminUser, type AuditEntry } from '@urok/contract';
import { runAdmin } from '../src/cli/admin.ts';
import type { AdminIo } from '../src/cli/command.ts';
import { submitApplication } from '../src/features/applications/applications.service.ts';
import { setOperator } from '../src/features/admin/admin.service.ts';
import { cliActor } from '../src/lib/audit.ts';
import { addLesson, attachFile, getOutlineAs } from './content-fixtures.ts';
import { defaultAssignmentId } from './assignment-fixtures.ts';
import {
  createCourse,
  enroll,
  registerTeacher,
  SAMPLE_PDF,
  uploadHomework,
} from './course-fixtures.ts';
import {
  bearer,
  databaseTargets,
  PASSWORD,
  registerAccount,
  uniqueTelephone,
  useTestApp,
  validApplication,
  type Account,
  type TestApp,
} from './helpers.ts';

/** An operator the way the first one is made: `users make-operator` (the same service). */
async function registerOperator(
  t: TestApp,
  overrides: Parameters<typeof registerAccount>[1] = {},
): Promise<Account> {
  const account = await registerAccount(t.app, overrides);
  await setOperator(t.db, account.user._id, true, cliActor('test'));
  return { ...account, user: { ...account.user, isOperator: true } };
}

function call(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/${path}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

async function me(t: TestApp, token: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/getUser', headers: bearer(token) });
}

async function auditOf(t: TestApp, operator: Account): Promise<AuditEntry[]> {
  const response = await call(t, operator.token, 'GET', 'admin/audit?limit=100');
  expect(response.statusCode).toBe(200);
  return response.json().entries as AuditEntry[];
}

describe.each(databaseTargets)('operator console API on $name', (target) => {
  const t = useTestApp(target, { config: { publicUrl: 'https://urok.example' } });

  describe('who may call it', () => {
    /** Every admin/* route, with a body that would succeed for an operator. */
    async function routes() {
      const victim = await registerAccount(t.app);
      const teacher = await registerTeacher(t.app, t.db);
      const course = await createCourse(t.app, teacher);
      const pending = async () =>
        (await submitApplication(t.db, validApplication(), { autoApprove: false }))._id;
      return [
        { method: 'GET', path: 'admin/stats', status: 200 },
        { method: 'GET', path: 'admin/applications?status=pending', status: 200 },
        { method: 'POST', path: `admin/applications/${await pending()}/approve`, status: 200 },
        {
          method: 'POST',
          path: `admin/applications/${await pending()}/reject`,
          body: { note: 'Ні' },
          status: 200,
        },
        { method: 'GET', path: 'admin/users?role=student', status: 200 },
        {
          method: 'PUT',
          path: `admin/users/${victim.user._id}/role`,
          body: { role: 'teacher' },
          status: 200,
        },
        {
          method: 'PUT',
          path: `admin/users/${victim.user._id}/operator`,
          body: { isOperator: false },
          status: 200,
        },
        { method: 'POST', path: `admin/users/${victim.user._id}/unblock`, status: 200 },
        { method: 'POST', path: `admin/users/${victim.user._id}/block`, status: 200 },
        { method: 'POST', path: `admin/users/${victim.user._id}/reset-link`, status: 201 },
        { method: 'GET', path: 'admin/courses', status: 200 },
        {
          method: 'PUT',
          path: `admin/courses/${course._id}/visibility`,
          body: { hidden: false },
          status: 200,
        },
        { method: 'GET', path: 'admin/audit', status: 200 },
      ] as const satisfies readonly {
        method: 'GET' | 'POST' | 'PUT';
        path: string;
        body?: object;
        status: number;
      }[];
    }

    it('anonymous 401, student and teacher 403 (nothing changes), operator succeeds, on every admin route', async () => {
      const student = await registerAccount(t.app);
      const teacher = await registerTeacher(t.app, t.db);
      const operator = await registerOperator(t);
      const table = await routes();
      const before = await t.db.selectFrom('audit_log').select('id').execute();
      for (const route of table) {
        const body = 'body' in route ? route.body : undefined;
        const where = `${route.method} ${route.path}`;
        const anonymous = await call(t, null, route.method, route.path, body);
        expect(anonymous.statusCode, where).toBe(401);
        expect(anonymous.json().message, where).toBeTypeOf('string');
        for (const account of [student, teacher]) {
          const refused = await call(t, account.token, route.method, route.path, body);
          expect(refused.statusCode, where).toBe(403);
          expect(refused.json().message, where).toBe(messages.forbidden);
        }
      }
      // The refusals wrote nothing.
      expect(await t.db.selectFrom('audit_log').select('id').execute()).toHaveLength(before.length);
      for (const route of table) {
        const body = 'body' in route ? route.body : undefined;
        const response = await call(t, operator.token, route.method, route.path, body);
        expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(
          route.status,
        );
      }
    });

    it('user JSON says isOperator, true only for operators', async () => {
      const student = await registerAccount(t.app);
      const operator = await registerOperator(t);
      expect((await me(t, student.token)).json().user.isOperator).toBe(false);
      expect((await me(t, operator.token)).json().user.isOperator).toBe(true);
    });
  });

  describe('figures', () => {
    it('counts accounts by role, courses, submissions (with 30 days per day), pending applications and stored bytes', async () => {
      const operator = await registerOperator(t);
      const before = (await call(t, operator.token, 'GET', 'admin/stats')).json();
      const teacher = await registerTeacher(t.app, t.db);
      const student = await registerAccount(t.app);
      const course = await createCourse(t.app, teacher);
      await enroll(t.app, student, course._id);
      const homework = await uploadHomework(t.app, student, course._id);
      await submitApplication(t.db, validApplication(), { autoApprove: false });
      const response = await call(t, operator.token, 'GET', 'admin/stats');
      expect(response.statusCode).toBe(200);
      const after = response.json();
      expect(after.users).toEqual({
        students: before.users.students + 1,
        teachers: before.users.teachers + 1,
        operators: before.users.operators,
      });
      expect(after.courses).toBe(before.courses + 1);
      expect(after.submissions.total).toBe(before.submissions.total + 1);
      expect(after.submissions.last7Days).toBe(before.submissions.last7Days + 1);
      expect(after.applications.pending).toBe(before.applications.pending + 1);
      expect(after.storageBytes).toBe(before.storageBytes + homework.size);
      // Lesson files count too.
      const sectionId = (await getOutlineAs(t.app, teacher, course._id)).sections[0]._id as string;
      const lesson = await addLesson(t.app, teacher, course._id, { sectionId });
      const notes = Buffer.from('Конспект уроку\n');
      await attachFile(t.app, teacher, lesson._id, notes, 'notes.txt');
      const withLesson = (await call(t, operator.token, 'GET', 'admin/stats')).json();
      expect(withLesson.storageBytes).toBe(after.storageBytes + notes.length);
      const perDay = after.submissions.perDay as { day: string; count: number }[];
      expect(perDay).toHaveLength(ADMIN_LIMITS.statsDays);
      expect(perDay.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
      expect(perDay.at(-1)!.count).toBe((before.submissions.perDay.at(-1)?.count ?? 0) + 1);
    });
  });

  describe('applications', () => {
    it('lists newest first with ?status=, approves with a stored note through the CLI rule, 409 on a second decision', async () => {
      const operator = await registerOperator(t);
      const applicant = await registerAccount(t.app);
      const older = await submitApplication(
        t.db,
        validApplication({ telephone: applicant.telephone }),
        { autoApprove: false },
      );
      const newer = await submitApplication(t.db, validApplication(), { autoApprove: false });
      const list = await call(t, operator.token, 'GET', 'admin/applications?status=pending');
      const ids = (list.json().applications as { _id: string }[]).map((a) => a._id);
      expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
      expect(ids.indexOf(newer._id)).toBeGreaterThanOrEqual(0);
      const bad = await call(t, operator.token, 'GET', 'admin/applications?status=maybe');
      expect(bad.statusCode).toBe(400);

      const approved = await call(
        t,
        operator.token,
        'POST',
        `admin/applications/${older._id}/approve`,
        {
          note: 'Досвід підтверджено',
        },
      );
      expect(approved.statusCode).toBe(200);
      expect(approved.json().application).toMatchObject({
        _id: older._id,
        status: 'approved',
        decisionNote: 'Досвід підтверджено',
      });
      // The applicant's very next request sees the role.
      expect((await me(t, applicant.token)).json().user.isAdmin).toBe(true);

      for (const decision of ['approve', 'reject']) {
        const again = await call(
          t,
          operator.token,
          'POST',
          `admin/applications/${older._id}/${decision}`,
          {},
        );
        expect(again.statusCode).toBe(409);
      }
      const rejected = await call(
        t,
        operator.token,
        'POST',
        `admin/applications/${newer._id}/reject`,
      );
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().application).toMatchObject({ status: 'rejected', decisionNote: '' });
      const missing = await call(t, operator.token, 'POST', 'admin/applications/nope/approve');
      expect(missing.statusCode).toBe(404);
      const long = await call(
        t,
        operator.token,
        'POST',
        `admin/applications/${newer._id}/approve`,
        {
          note: 'x'.repeat(ADMIN_LIMITS.note.max + 1),
        },
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().fields.note).toBe(messages.adminNoteTooLong);

      const audit = await auditOf(t, operator);
      const approval = audit.find(
        (entry) => entry.action === 'application.approve' && entry.target._id === older._id,
      );
      expect(approval).toMatchObject({
        actor: { _id: operator.user._id, username: operator.user.username, kind: 'operator' },
        target: { type: 'application', _id: older._id },
        details: {
          note: 'Досвід підтверджено',
          teacher: { _id: applicant.user._id, username: applicant.user.username },
        },
      });
      expect(
        audit.find((e) => e.action === 'application.reject' && e.target._id === newer._id),
      ).toBeDefined();
      // The refused second decisions left no entry.
      expect(audit.filter((e) => e.target._id === older._id)).toHaveLength(1);
    });
  });

  describe('accounts', () => {
    it('searches by name (any case, Cyrillic too) or telephone digits, filters by role, pages by cursor', async () => {
      const operator = await registerOperator(t);
      const tag = `Зорян${Date.now().toString(36)}`;
      const people: Account[] = [];
      for (let i = 0; i < 3; i += 1)
        people.push(await registerAccount(t.app, { username: `${tag} Номер${i}` }));
      const teacher = await registerTeacher(t.app, t.db, { username: `${tag} Викладач` });

      const byName = await call(
        t,
        operator.token,
        'GET',
        `admin/users?q=${encodeURIComponent(tag.toUpperCase())}`,
      );
      expect(byName.statusCode).toBe(200);
      const found = byName.json().users as AdminUser[];
      expect(found.map((u) => u._id)).toEqual(
        [teacher, ...people.reverse()].map((a) => a.user._id),
      );
      expect(found[0]).toMatchObject({ isAdmin: true, isOperator: false, isBlocked: false });
      expect(Object.keys(found[0]!)).not.toContain('password_hash');

      const digits = people[0]!.telephone.slice(-7);
      const byPhone = await call(t, operator.token, 'GET', `admin/users?q=${digits}`);
      expect((byPhone.json().users as AdminUser[]).map((u) => u._id)).toContain(
        people[0]!.user._id,
      );

      const teachers = await call(
        t,
        operator.token,
        'GET',
        `admin/users?q=${encodeURIComponent(tag)}&role=teacher`,
      );
      expect((teachers.json().users as AdminUser[]).map((u) => u._id)).toEqual([teacher.user._id]);
      const operators = await call(t, operator.token, 'GET', 'admin/users?role=operator&limit=100');
      expect((operators.json().users as AdminUser[]).every((u) => u.isOperator)).toBe(true);
      expect((operators.json().users as AdminUser[]).map((u) => u._id)).toContain(
        operator.user._id,
      );

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `admin/users?q=${encodeURIComponent(tag)}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const pageResponse = await call(t, operator.token, 'GET', query);
        expect(pageResponse.statusCode).toBe(200);
        seen.push(...(pageResponse.json().users as AdminUser[]).map((u) => u._id));
        cursor = pageResponse.json().nextCursor;
      } while (cursor);
      expect(seen).toEqual(found.map((u) => u._id));
      expect((await call(t, operator.token, 'GET', 'admin/users?cursor=garbage')).statusCode).toBe(
        400,
      );
      expect((await call(t, operator.token, 'GET', 'admin/users?role=god')).statusCode).toBe(400);
    });

    it('sets the role through the CLI rule: make-student revokes the approval; audited with from and to', async () => {
      const operator = await registerOperator(t);
      const teacher = await registerTeacher(t.app, t.db);
      const demote = await call(t, operator.token, 'PUT', `admin/users/${teacher.user._id}/role`, {
        role: 'student',
      });
      expect(demote.statusCode).toBe(200);
      expect(demote.json().user).toMatchObject({ _id: teacher.user._id, isAdmin: false });
      expect((await me(t, teacher.token)).json().user.isAdmin).toBe(false);
      const approvals = await t.db
        .selectFrom('teacher_applications')
        .select('revoked_at')
        .where('granted_user_id', '=', teacher.user._id)
        .execute();
      expect(approvals.length).toBeGreaterThan(0);
      expect(approvals.every((row) => row.revoked_at !== null)).toBe(true);
      const promote = await call(t, operator.token, 'PUT', `admin/users/${teacher.user._id}/role`, {
        role: 'teacher',
      });
      expect(promote.json().user.isAdmin).toBe(true);
      expect(
        (
          await call(t, operator.token, 'PUT', `admin/users/${teacher.user._id}/role`, {
            role: 'operator',
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await call(t, operator.token, 'PUT', 'admin/users/nobody/role', { role: 'teacher' }))
          .statusCode,
      ).toBe(404);
      const entries = (await auditOf(t, operator)).filter(
        (e) => e.action === 'user.role' && e.target._id === teacher.user._id,
      );
      expect(entries.map((e) => e.details)).toEqual([
        { from: 'student', to: 'teacher' },
        { from: 'teacher', to: 'student' },
      ]);
    });
  });

  describe('operators and the last-operator guard', () => {
    const t2 = useTestApp(target);

    it('gives and takes the operator role; the last operator keeps it (409), by the API and by the CLI', async () => {
      const first = await registerAccount(t2.app);
      await setOperator(t2.db, first.user._id, true, cliActor('test'));
      const second = await registerAccount(t2.app);
      const promote = await call(
        t2,
        first.token,
        'PUT',
        `admin/users/${second.user._id}/operator`,
        {
          isOperator: true,
        },
      );
      expect(promote.statusCode).toBe(200);
      expect(promote.json().user).toMatchObject({ isOperator: true, isBlocked: false });
      expect((await me(t2, second.token)).json().user.isOperator).toBe(true);

      // Two operators: one may step down (here: themselves).
      const stepDown = await call(
        t2,
        second.token,
        'PUT',
        `admin/users/${second.user._id}/operator`,
        {
          isOperator: false,
        },
      );
      expect(stepDown.statusCode).toBe(200);
      expect((await call(t2, second.token, 'GET', 'admin/stats')).statusCode).toBe(403);

      // One operator left: neither they nor the CLI can take the role away.
      const last = await call(t2, first.token, 'PUT', `admin/users/${first.user._id}/operator`, {
        isOperator: false,
      });
      expect(last.statusCode).toBe(409);
      expect(last.json().message).toBe(messages.lastOperator);
      const err: string[] = [];
      const io: AdminIo = { out: () => {}, err: (text) => err.push(text) };
      const code = await runAdmin(['users', 'remove-operator', first.telephone], {
        io,
        connect: async () => ({ db: t2.db, config: t2.config, close: async () => {} }),
      });
      expect(code).toBe(1);
      expect(err.join('\n')).toContain(messages.lastOperator);
      expect((await me(t2, first.token)).json().user.isOperator).toBe(true);
    });

    it('two operators taking each other’s role at once: one of them stays', async () => {
      const a = await registerAccount(t2.app);
      const b = await registerAccount(t2.app);
      // Leave exactly these two as the operators.
      const existing = await t2.db
        .selectFrom('users')
        .select('id')
        .where('is_operator', '=', 1)
        .execute();
      await setOperator(t2.db, a.user._id, true, cliActor('test'));
      await setOperator(t2.db, b.user._id, true, cliActor('test'));
      for (const row of existing) await setOperator(t2.db, row.id, false, cliActor('test'));
      const [one, two] = await Promise.all([
        call(t2, a.token, 'PUT', `admin/users/${b.user._id}/operator`, { isOperator: false }),
        call(t2, b.token, 'PUT', `admin/users/${a.user._id}/operator`, { isOperator: false }),
      ]);
      expect([one.statusCode, two.statusCode].sort()).toContain(200);
      const left = await t2.db
        .selectFrom('users')
        .select('id')
        .where('is_operator', '=', 1)
        .execute();
      expect(left).toHaveLength(1);
    });
  });

  describe('blocking', () => {
    it('ends every live session at once, refuses sign-in with 403, and unblocking lets the account back in', async () => {
      const operator = await registerOperator(t);
      const victim = await registerAccount(t.app);
      // Two live sessions, one of them warm in the session cache.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: victim.telephone, password: PASSWORD },
      });
      const second = login.json().token as string;
      expect((await me(t, victim.token)).statusCode).toBe(200);
      expect((await me(t, victim.token)).statusCode).toBe(200);

      const block = await call(t, operator.token, 'POST', `admin/users/${victim.user._id}/block`);
      expect(block.statusCode).toBe(200);
      expect(block.json().user).toMatchObject({ _id: victim.user._id, isBlocked: true });
      // Each session is refused at once, saying why, so the web app signs its holder out with it.
      for (const token of [victim.token, second]) {
        const refusedSession = await me(t, token);
        expect(refusedSession.statusCode).toBe(401);
        expect(refusedSession.json().message).toBe(messages.accountBlocked);
      }

      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: victim.telephone, password: PASSWORD },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(messages.accountBlocked);
      // A wrong password still says only that: the block is not revealed to a guesser.
      const guess = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: victim.telephone, password: 'Wrong2024x' },
      });
      expect(guess.statusCode).toBe(401);

      const listed = await call(
        t,
        operator.token,
        'GET',
        `admin/users?q=${victim.telephone.slice(1)}`,
      );
      expect((listed.json().users as AdminUser[])[0]).toMatchObject({ isBlocked: true });

      const unblock = await call(
        t,
        operator.token,
        'POST',
        `admin/users/${victim.user._id}/unblock`,
      );
      expect(unblock.json().user.isBlocked).toBe(false);
      // The sessions of before the block are gone for good.
      expect(
        await t.db
          .selectFrom('sessions')
          .select('token_hash')
          .where('user_id', '=', victim.user._id)
          .execute(),
      ).toEqual([]);
      expect((await me(t, victim.token)).statusCode).toBe(401);
      expect((await me(t, victim.token)).json().message).toBe(messages.sessionInvalid);
      const back = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: victim.telephone, password: PASSWORD },
      });
      expect(back.statusCode).toBe(200);

      const actions = (await auditOf(t, operator))
        .filter((e) => e.target._id === victim.user._id)
        .map((e) => e.action);
      expect(actions).toEqual(['user.unblock', 'user.block']);
    });

    it('never blocks an operator — not themselves, not another (409); a blocked account cannot become one', async () => {
      const operator = await registerOperator(t);
      const other = await registerOperator(t);
      for (const target of [operator, other]) {
        const response = await call(
          t,
          operator.token,
          'POST',
          `admin/users/${target.user._id}/block`,
        );
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(messages.operatorCannotBeBlocked);
      }
      expect((await me(t, operator.token)).statusCode).toBe(200);
      const student = await registerAccount(t.app);
      await call(t, operator.token, 'POST', `admin/users/${student.user._id}/block`);
      const promote = await call(
        t,
        operator.token,
        'PUT',
        `admin/users/${student.user._id}/operator`,
        {
          isOperator: true,
        },
      );
      expect(promote.statusCode).toBe(409);
      expect(promote.json().message).toBe(messages.blockedCannotBeOperator);
    });
  });

  describe('reset links', () => {
    it('answers 201 with a PUBLIC_URL link that sets a new password once; the audit keeps no token', async () => {
      const operator = await registerOperator(t);
      const user = await registerAccount(t.app);
      const response = await call(
        t,
        operator.token,
        'POST',
        `admin/users/${user.user._id}/reset-link`,
      );
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const { url, expiresAt } = response.json() as { url: string; expiresAt: string };
      expect(url).toMatch(/^https:\/\/urok\.example\/reset-password\?token=[\w-]{43}$/);
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(55 * 60 * 1000);
      const token = new URL(url).searchParams.get('token')!;
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'Renewed2024' },
      });
      expect(reset.statusCode).toBeLessThan(300);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: user.telephone, password: 'Renewed2024' },
      });
      expect(login.statusCode).toBe(200);
      const entry = (await auditOf(t, operator)).find(
        (e) => e.action === 'user.reset-link' && e.target._id === user.user._id,
      );
      expect(entry?.details).toEqual({ expiresAt });
      const raw = await t.db.selectFrom('audit_log').select('details').execute();
      expect(raw.some((row) => row.details.includes(token))).toBe(false);
      expect(
        (await call(t, operator.token, 'POST', 'admin/users/nobody/reset-link')).statusCode,
      ).toBe(404);
    });
  });

  describe('one operator cannot take over another', () => {
    it("refuses a console reset link for an operator's account (409, nothing stored, no entry); the CLI still makes one", async () => {
      const operatorA = await registerOperator(t, { username: 'Оператор А' });
      const operatorB = await registerOperator(t, { username: 'Оператор Б' });
      for (const [by, target] of [
        [operatorB, operatorA],
        [operatorA, operatorA],
      ] as const) {
        const refused = await call(
          t,
          by.token,
          'POST',
          `admin/users/${target.user._id}/reset-link`,
        );
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(messages.operatorResetLinkRefused);
      }
      const stored = await t.db
        .selectFrom('password_resets')
        .select('token_hash')
        .where('user_id', '=', operatorA.user._id)
        .execute();
      expect(stored).toEqual([]);
      expect(
        (await auditOf(t, operatorB)).filter(
          (e) => e.action === 'user.reset-link' && e.target._id === operatorA.user._id,
        ),
      ).toEqual([]);
      // Once no longer an operator (an audited step of its own), the account is like any other.
      expect(
        (
          await call(t, operatorB.token, 'PUT', `admin/users/${operatorA.user._id}/operator`, {
            isOperator: false,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await call(t, operatorB.token, 'POST', `admin/users/${operatorA.user._id}/reset-link`))
          .statusCode,
      ).toBe(201);
    });

    it('names an operator in the audit log by id and telephone as they were, not only by a name they can edit', async () => {
      const operator = await registerOperator(t, { username: 'Справжній Оператор' });
      const student = await registerAccount(t.app);
      await call(t, operator.token, 'POST', `admin/users/${student.user._id}/block`);
      // The operator renames themselves after the fact.
      const renamed = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/updateUser',
        headers: bearer(operator.token),
        payload: {
          username: 'Інший Оператор',
          telephone: operator.telephone,
          email: 'other@example.com',
        },
      });
      expect(renamed.statusCode).toBe(200);
      const entry = (await auditOf(t, operator)).find(
        (e) => e.action === 'user.block' && e.target._id === student.user._id,
      );
      expect(entry?.actor).toEqual({
        _id: operator.user._id,
        username: 'Справжній Оператор',
        telephone: operator.telephone,
        kind: 'operator',
      });
    });
  });

  describe('hidden courses', () => {
    it('leave the catalog, search and public pages at once, and stay with their author, students and operators', async () => {
      const operator = await registerOperator(t);
      const author = await registerTeacher(t.app, t.db);
      const student = await registerAccount(t.app);
      const stranger = await registerAccount(t.app);
      const title = `Прихований ${Date.now().toString(36)}`;
      const course = await createCourse(t.app, author, { title });
      await enroll(t.app, student, course._id);
      const catalogIds = async (url: string) =>
        ((await t.app.inject({ url })).json().courses as { _id: string }[]).map((c) => c._id);
      const search = `/api/courses?q=${encodeURIComponent(title)}`;
      const byAuthor = `/api/courses?authorId=${author.user._id}`;
      // Warm the read cache first: hiding must reach a kept answer too.
      for (const url of ['/api/courses', search, byAuthor])
        expect(await catalogIds(url)).toContain(course._id);

      const hide = await call(t, operator.token, 'PUT', `admin/courses/${course._id}/visibility`, {
        hidden: true,
      });
      expect(hide.statusCode).toBe(200);
      expect(hide.json().course).toMatchObject({ _id: course._id, hidden: true, title });

      for (const url of ['/api/courses', search, byAuthor])
        expect(await catalogIds(url)).not.toContain(course._id);
      const page = (token: string | null) =>
        t.app.inject({ url: `/api/courses/${course._id}`, headers: token ? bearer(token) : {} });
      expect((await page(null)).statusCode).toBe(404);
      expect((await page('not-a-token')).statusCode).toBe(404);
      expect((await page(stranger.token)).statusCode).toBe(404);
      for (const token of [author.token, student.token, operator.token])
        expect((await page(token)).statusCode).toBe(200);
      // Its syllabus (the outline) too.
      const outline = (token: string | null) =>
        t.app.inject({
          url: `/api/courses/${course._id}/outline`,
          headers: token ? bearer(token) : {},
        });
      expect((await outline(null)).statusCode).toBe(404);
      expect((await outline(stranger.token)).statusCode).toBe(404);
      for (const token of [author.token, student.token, operator.token])
        expect((await outline(token)).statusCode).toBe(200);
      const enrolled = await t.app.inject({
        url: `/api/user/${student.user._id}/courses`,
        headers: bearer(student.token),
      });
      expect((enrolled.json().courses as { _id: string }[]).map((c) => c._id)).toContain(
        course._id,
      );
      const created = await t.app.inject({
        url: '/api/users/created-courses',
        headers: bearer(author.token),
      });
      expect((created.json().createdCourses as { _id: string }[]).map((c) => c._id)).toContain(
        course._id,
      );
      // Nobody new joins; the enrolled student's enrolment stays idempotent.
      const join = await t.app.inject({
        method: 'POST',
        url: `/api/courses/${course._id}/enroll`,
        headers: bearer(stranger.token),
      });
      expect(join.statusCode).toBe(404);
      await enroll(t.app, student, course._id);

      const listed = await call(
        t,
        operator.token,
        'GET',
        `admin/courses?q=${encodeURIComponent(title)}`,
      );
      expect(listed.json().courses).toEqual([
        expect.objectContaining({ _id: course._id, hidden: true }),
      ]);

      const show = await call(t, operator.token, 'PUT', `admin/courses/${course._id}/visibility`, {
        hidden: false,
      });
      expect(show.json().course.hidden).toBe(false);
      expect(await catalogIds(search)).toContain(course._id);
      expect((await page(null)).statusCode).toBe(200);
      const entries = (await auditOf(t, operator)).filter((e) => e.target._id === course._id);
      expect(entries.map((e) => e.details)).toEqual([
        { from: 'hidden', to: 'visible' },
        { from: 'visible', to: 'hidden' },
      ]);
      expect(
        (await call(t, operator.token, 'PUT', 'admin/courses/nope/visibility', { hidden: true }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('hidden courses, their lessons and assignments', () => {
    it('a published lesson, its file and an assignment of a hidden course are 404 outside it, not 403 "enrol first"', async () => {
      const operator = await registerOperator(t);
      const author = await registerTeacher(t.app, t.db);
      const student = await registerAccount(t.app);
      const stranger = await registerAccount(t.app);
      const course = await createCourse(t.app, author);
      await enroll(t.app, student, course._id);
      const [section] = (await getOutlineAs(t.app, author, course._id)).sections;
      const lesson = await addLesson(t.app, author, course._id, {
        sectionId: section._id,
        published: true,
      });
      const attachment = await attachFile(t.app, author, lesson._id, SAMPLE_PDF, 'Конспект.pdf');
      const assignmentId = await defaultAssignmentId(t.app, course._id);
      const urls = [
        `/api/lessons/${lesson._id}`,
        `/api/attachments/${attachment._id}/file`,
        `/api/assignments/${assignmentId}`,
      ];
      const status = async (account: Account, url: string) =>
        (await t.app.inject({ url, headers: bearer(account.token) })).statusCode;
      for (const url of urls) expect(await status(stranger, url), url).toBe(403);
      await call(t, operator.token, 'PUT', `admin/courses/${course._id}/visibility`, {
        hidden: true,
      });
      for (const url of urls) {
        expect(await status(stranger, url), url).toBe(404);
        expect(await status(student, url), url).toBe(200);
        expect(await status(author, url), url).toBe(200);
      }
    });
  });

  describe('audit log', () => {
    it('is newest first, paged by cursor, and holds CLI decisions with the OS user as the actor', async () => {
      const operator = await registerOperator(t);
      const application = await submitApplication(t.db, validApplication(), { autoApprove: false });
      const student = await registerAccount(t.app, { telephone: uniqueTelephone() });
      const out: string[] = [];
      const io: AdminIo = { out: (text) => out.push(text), err: (text) => out.push(text) };
      const deps = {
        io,
        connect: async () => ({ db: t.db, config: t.config, close: async () => {} }),
      };
      expect(
        await runAdmin(['applications', 'reject', application._id, 'Не', 'той', 'предмет'], deps),
      ).toBe(0);
      for (const argv of [
        ['users', 'make-teacher', student.telephone],
        ['users', 'make-student', student.telephone],
        ['users', 'make-operator', student.telephone],
        ['users', 'remove-operator', student.telephone],
        ['users', 'block', student.telephone],
        ['users', 'unblock', student.telephone],
        ['users', 'reset-password', student.telephone],
      ])
        expect(await runAdmin(argv, deps), argv.join(' ')).toBe(0);

      const entries = await auditOf(t, operator);
      const cli = entries.filter((e) => e.actor.kind === 'cli').slice(0, 8);
      expect(cli.map((e) => e.action)).toEqual([
        'user.reset-link',
        'user.unblock',
        'user.block',
        'user.operator',
        'user.operator',
        'user.role',
        'user.role',
        'application.reject',
      ]);
      expect(cli[0]!.actor._id).toBeNull();
      expect(cli[0]!.actor.username).not.toBe('');
      expect(cli.at(-1)).toMatchObject({
        target: { type: 'application', _id: application._id },
        details: { note: 'Не той предмет' },
      });
      const stored = await t.db
        .selectFrom('teacher_applications')
        .select('decision_note')
        .where('id', '=', application._id)
        .executeTakeFirstOrThrow();
      expect(stored.decision_note).toBe('Не той предмет');

      // Newest first by time, and the cursor walks the same order without repeats.
      const times = entries.map((e) => e.at);
      expect([...times].sort().reverse()).toEqual(times);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const response = await call(
          t,
          operator.token,
          'GET',
          `admin/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        );
        walked.push(...(response.json().entries as AuditEntry[]).map((e) => e._id));
        cursor = response.json().nextCursor;
      } while (cursor && walked.length < entries.length);
      expect(walked.slice(0, entries.length)).toEqual(entries.map((e) => e._id));
    });

    it('has no route that changes or deletes an entry', async () => {
      const spec = (await t.app.inject({ url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const audit = Object.entries(spec.paths).filter(([path]) => path.includes('audit'));
      expect(audit.map(([path, methods]) => [path, Object.keys(methods)])).toEqual([
        ['/api/admin/audit', ['get']],
      ]);
    });
  });
  describe('the school’s time zone, audit filters, reasons and transliterated search', () => {
    it('tells the console the school’s time zone: TZ, Europe/Kyiv by default', async () => {
      const operator = await registerOperator(t);
      const settings = await call(t, operator.token, 'GET', 'admin/settings');
      expect(settings.statusCode).toBe(200);
      expect(settings.json()).toEqual({ timeZone: t.config.timeZone });
      expect(t.config.timeZone).toBe('Europe/Kyiv');
      const student = await registerAccount(t.app);
      expect((await call(t, student.token, 'GET', 'admin/settings')).statusCode).toBe(403);
    });

    it('keeps an operator’s optional reason for a decision in the audit entry', async () => {
      const operator = await registerOperator(t);
      const victim = await registerAccount(t.app);
      const blocked = await call(
        t,
        operator.token,
        'POST',
        `admin/users/${victim.user._id}/block`,
        {
          reason: '  Розсилав спам у коментарях ',
        },
      );
      expect(blocked.statusCode).toBe(200);
      const unblocked = await call(
        t,
        operator.token,
        'POST',
        `admin/users/${victim.user._id}/unblock`,
      );
      expect(unblocked.statusCode).toBe(200);
      const role = await call(t, operator.token, 'PUT', `admin/users/${victim.user._id}/role`, {
        role: 'teacher',
        reason: 'Підтвердив диплом телефоном',
      });
      expect(role.statusCode).toBe(200);
      const tooLong = await call(
        t,
        operator.token,
        'POST',
        `admin/users/${victim.user._id}/block`,
        {
          reason: 'x'.repeat(ADMIN_LIMITS.note.max + 1),
        },
      );
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe(messages.adminReasonTooLong);

      const mine = (await auditOf(t, operator)).filter((e) => e.target._id === victim.user._id);
      expect(mine.map((e) => [e.action, e.details.reason])).toEqual([
        ['user.role', 'Підтвердив диплом телефоном'],
        ['user.unblock', undefined],
        ['user.block', 'Розсилав спам у коментарях'],
      ]);
    });

    it('filters the audit log by actor, action and days in the school’s time zone, and refuses bad filters', async () => {
      const tag = `Аудитор${Date.now().toString(36)}`;
      const first = await registerOperator(t, { username: `${tag} Перша` });
      const second = await registerOperator(t, { username: `${tag} Друга` });
      const victim = await registerAccount(t.app);
      await call(t, first.token, 'POST', `admin/users/${victim.user._id}/block`);
      await call(t, first.token, 'POST', `admin/users/${victim.user._id}/unblock`);
      await call(t, second.token, 'POST', `admin/users/${victim.user._id}/block`);
      const entries = async (query: string) => {
        const response = await call(t, first.token, 'GET', `admin/audit?limit=100&${query}`);
        expect(response.statusCode, query).toBe(200);
        return (response.json().entries as AuditEntry[]).filter(
          (e) => e.target._id === victim.user._id,
        );
      };

      const byFirst = await entries(`actor=${encodeURIComponent(`${tag.toUpperCase()} перша`)}`);
      expect(byFirst.map((e) => e.action)).toEqual(['user.unblock', 'user.block']);
      expect(byFirst.every((e) => e.actor._id === first.user._id)).toBe(true);
      const blocks = await entries('action=user.block');
      expect(blocks.map((e) => e.actor._id)).toEqual([second.user._id, first.user._id]);
      const both = await entries(`actor=${encodeURIComponent(tag)}&action=user.block`);
      expect(both).toHaveLength(2);

      // Days are the school's (Kyiv): an entry at 23:30 UTC belongs to the next day there.
      const at = '2026-03-10T23:30:00.000Z';
      await t.db.updateTable('audit_log').set({ at }).where('id', '=', blocks[1]!._id).execute();
      expect((await entries('from=2026-03-11&to=2026-03-11')).map((e) => e._id)).toEqual([
        blocks[1]!._id,
      ]);
      expect(await entries('from=2026-03-10&to=2026-03-10')).toEqual([]);
      expect((await entries('to=2026-03-11')).map((e) => e._id)).toEqual([blocks[1]!._id]);
      expect((await entries('from=2026-03-12')).map((e) => e._id)).not.toContain(blocks[1]!._id);

      for (const [query, message] of [
        ['action=user.delete', messages.auditActionInvalid],
        ['from=10.03.2026', messages.auditDayInvalid],
        ['from=2026-02-30', messages.auditDayInvalid],
        ['from=2026-03-12&to=2026-03-11', messages.auditRangeInvalid],
        [`actor=${'я'.repeat(ADMIN_LIMITS.query.max + 1)}`, messages.searchTooLong],
      ] as const) {
        const refused = await call(t, first.token, 'GET', `admin/audit?${encodeURI(query)}`);
        expect(refused.statusCode, query).toBe(400);
        expect(refused.json().message, query).toBe(message);
      }
    });

    it('finds Мельник stored as Melnyk and back, word starts included (national transliteration)', async () => {
      const operator = await registerOperator(t);
      const tag = `z${Date.now().toString(36)}`;
      const latin = await registerAccount(t.app, { username: `Yurii Melnyk ${tag}` });
      const cyrillic = await registerAccount(t.app, { username: `Євген Згурський ${tag}` });
      const other = await registerAccount(t.app, { username: `Марія Коваль ${tag}` });
      const found = async (q: string) => {
        const response = await call(
          t,
          operator.token,
          'GET',
          `admin/users?limit=100&q=${encodeURIComponent(`${q} ${tag}`)}`,
        );
        expect(response.statusCode).toBe(200);
        return (response.json().users as AdminUser[]).map((u) => u._id);
      };
      expect(await found('Мельник')).toEqual([latin.user._id]);
      expect(await found('юрій')).toEqual([latin.user._id]);
      expect(await found('МЕЛЬ')).toEqual([latin.user._id]);
      expect(await found('Zghurskyi')).toEqual([cyrillic.user._id]);
      expect(await found('yevhen')).toEqual([cyrillic.user._id]);
      expect(await found('Melnyk')).toEqual([latin.user._id]);
      expect(await found('Коваль')).toEqual([other.user._id]);
      expect(await found('Koval')).toEqual([other.user._id]);
      expect(await found('Шевченко')).toEqual([]);
    });
  });
});
