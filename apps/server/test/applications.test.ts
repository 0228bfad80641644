import { describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import { AppError } from '../src/app-error.ts';
import {
  approveApplication,
  listApplications,
  rejectApplication,
  submitApplication,
} from '../src/features/applications/applications.service.ts';
import {
  bearer,
  databaseTargets,
  registerAccount,
  uniqueTelephone,
  useTestApp,
  validApplication,
  type TestApp,
} from './helpers.ts';

async function apply(t: TestApp, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/applications/teachers', payload: body });
}

async function currentUser(t: TestApp, token: string) {
  return (
    await t.app.inject({ method: 'POST', url: '/api/auth/getUser', headers: bearer(token) })
  ).json().user;
}

describe.each(databaseTargets)('teacher applications on $name', (target) => {
  describe('with operator approval (the default)', () => {
    const t = useTestApp(target);

    it('stores a pending application and answers 201 {application, message}', async () => {
      const body = validApplication({
        telephone: uniqueTelephone().slice(1),
        fullName: '  Oksana Petrenko ',
      });
      const response = await apply(t, body);
      expect(response.statusCode).toBe(201);
      const json = response.json();
      expect(json.message).toBe(messages.applicationReceived);
      expect(json.application).toMatchObject({
        fullName: 'Oksana Petrenko',
        telephone: `+${body.telephone}`,
        email: body.email,
        subject: body.subject,
        experience: body.experience,
        motivation: body.motivation,
        status: 'pending',
        decidedAt: null,
      });
      expect(json.application._id).toMatch(/^[0-9a-f-]{36}$/);
      const stored = await listApplications(t.db, 'pending');
      expect(stored.map((a) => a._id)).toContain(json.application._id);
    });

    it('needs no sign-in and takes experience as optional', async () => {
      const { experience: _omitted, ...body } = validApplication();
      const response = await apply(t, body);
      expect(response.statusCode).toBe(201);
      expect(response.json().application.experience).toBe('');
    });

    it.each([
      ['a short full name', { fullName: 'Ok' }, messages.fullNameRequired, 'fullName'],
      ['a malformed telephone', { telephone: 'phone' }, messages.telephoneInvalid, 'telephone'],
      ['a malformed email', { email: 'oksana' }, messages.emailInvalid, 'email'],
      ['a missing subject', { subject: '' }, messages.subjectRequired, 'subject'],
      [
        'a long experience',
        { experience: 'x'.repeat(2001) },
        messages.experienceTooLong,
        'experience',
      ],
      ['a short motivation', { motivation: 'Хочу' }, messages.motivationRequired, 'motivation'],
      ['a missing full name', { fullName: undefined }, messages.fullNameRequired, 'fullName'],
    ])('refuses %s with 400 and its message', async (_label, overrides, message, field) => {
      const response = await apply(t, validApplication(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message,
        code: 'BAD_REQUEST',
        fields: { [field]: message },
      });
    });

    it('refuses a second application while one for that telephone is pending (409)', async () => {
      const telephone = uniqueTelephone();
      expect((await apply(t, validApplication({ telephone }))).statusCode).toBe(201);
      const again = await apply(t, validApplication({ telephone: telephone.slice(1) }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        message: messages.applicationAlreadyPending,
        fields: { telephone: messages.applicationAlreadyPending },
      });
      expect(
        (await listApplications(t.db, 'pending')).filter((a) => a.telephone === telephone),
      ).toHaveLength(1);
    });

    it('refuses an application for a telephone that already belongs to a teacher (409)', async () => {
      const account = await registerAccount(t.app);
      const first = (await apply(t, validApplication({ telephone: account.telephone }))).json()
        .application;
      await approveApplication(t.db, first._id);
      const again = await apply(t, validApplication({ telephone: account.telephone }));
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(messages.applicationAlreadyTeacher);
    });

    it('takes a new application after a rejection', async () => {
      const telephone = uniqueTelephone();
      const first = (await apply(t, validApplication({ telephone }))).json().application;
      await rejectApplication(t.db, first._id);
      expect((await apply(t, validApplication({ telephone }))).statusCode).toBe(201);
    });

    it('ignores a status in the body: an application is pending until the operator decides', async () => {
      const response = await apply(
        t,
        validApplication({ status: 'approved', decidedAt: '2020-01-01' }),
      );
      expect(response.json().application).toMatchObject({ status: 'pending', decidedAt: null });
    });

    it('approval after registration makes the account a teacher now', async () => {
      const account = await registerAccount(t.app);
      const application = (
        await apply(t, validApplication({ telephone: account.telephone.slice(1) }))
      ).json().application;
      expect((await currentUser(t, account.token)).isAdmin).toBe(false);

      const decision = await approveApplication(t.db, application._id);
      expect(decision.application).toMatchObject({ status: 'approved' });
      expect(decision.application.decidedAt).not.toBeNull();
      expect(decision.teacher).toEqual({ _id: account.user._id, username: account.user.username });
      // The same token: the role is read from the database on every request.
      expect((await currentUser(t, account.token)).isAdmin).toBe(true);
    });

    it('approval before registration makes the account a teacher when it registers', async () => {
      const telephone = uniqueTelephone();
      const application = (await apply(t, validApplication({ telephone }))).json().application;
      const decision = await approveApplication(t.db, application._id);
      expect(decision.teacher).toBeNull();

      const account = await registerAccount(t.app, { telephone: telephone.slice(1) });
      expect(account.user.isAdmin).toBe(true);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone, password: account.password },
      });
      expect(login.json().user.isAdmin).toBe(true);
    });

    it('a pending or rejected application does not make a teacher', async () => {
      const pendingTelephone = uniqueTelephone();
      await apply(t, validApplication({ telephone: pendingTelephone }));
      expect((await registerAccount(t.app, { telephone: pendingTelephone })).user.isAdmin).toBe(
        false,
      );

      const rejectedTelephone = uniqueTelephone();
      const application = (
        await apply(t, validApplication({ telephone: rejectedTelephone }))
      ).json().application;
      const rejected = await rejectApplication(t.db, application._id);
      expect(rejected).toMatchObject({ status: 'rejected' });
      expect(rejected.decidedAt).not.toBeNull();
      expect((await registerAccount(t.app, { telephone: rejectedTelephone })).user.isAdmin).toBe(
        false,
      );
    });

    it('refuses to decide an application twice (409; lib/teacher-role.ts), and unknown ids are NOT_FOUND', async () => {
      const application = (await apply(t, validApplication())).json().application;
      await approveApplication(t.db, application._id);
      for (const decide of [approveApplication, rejectApplication]) {
        await expect(decide(t.db, application._id)).rejects.toMatchObject({ code: 'CONFLICT' });
      }
      for (const decide of [approveApplication, rejectApplication]) {
        const error = await decide(t.db, 'no-such-id').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ code: 'NOT_FOUND' });
      }
    });

    it('lists applications oldest first, by status', async () => {
      const pending = await listApplications(t.db, 'pending');
      const all = await listApplications(t.db);
      expect(pending.every((a) => a.status === 'pending')).toBe(true);
      expect(all.length).toBeGreaterThan(pending.length);
      const times = all.map((a) => a.createdAt);
      expect([...times].sort()).toEqual(times);
    });
  });

  describe('with TEACHER_AUTO_APPROVE', () => {
    const t = useTestApp(target, { config: { teacherAutoApprove: true } });

    it('approves at once and makes an existing account a teacher', async () => {
      const account = await registerAccount(t.app);
      const response = await apply(t, validApplication({ telephone: account.telephone }));
      expect(response.statusCode).toBe(201);
      expect(response.json().application.status).toBe('approved');
      expect(response.json().message).toBe(messages.applicationApproved);
      expect((await currentUser(t, account.token)).isAdmin).toBe(true);
    });

    it('makes a later registration with that telephone a teacher', async () => {
      const telephone = uniqueTelephone();
      await apply(t, validApplication({ telephone }));
      expect((await registerAccount(t.app, { telephone })).user.isAdmin).toBe(true);
    });

    it('still registers everyone else as a student', async () => {
      expect((await registerAccount(t.app)).user.isAdmin).toBe(false);
    });

    it('submitApplication honours the option directly', async () => {
      const application = await submitApplication(t.db, validApplication(), { autoApprove: true });
      expect(application.status).toBe('approved');
    });
  });
});
