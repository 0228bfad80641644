import { describe, expect, it } from 'vitest';
import {
  approveApplication,
  rejectApplication,
  submitApplication,
} from '../src/features/applications/applications.service.ts';
import { setRoleByTelephone } from '../src/features/auth/auth.service.ts';
import { COURSE_FIELDS, multipart, registerTeacher } from './course-fixtures.ts';
import {
  bearer,
  databaseTargets,
  registerAccount,
  uniqueTelephone,
  useTestApp,
  validApplication,
  type Account,
  type TestApp,
} from './helpers.ts';

/** The teacher role belongs to an account, never to a telephone number (lib/teacher-role.ts). */
describe.each(databaseTargets)('the teacher role on $name', (target) => {
  const t = useTestApp(target);

  async function isTeacher(account: Account): Promise<boolean> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/getUser',
      headers: bearer(account.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().user.isAdmin as boolean;
  }

  /** What a teacher can do and a student cannot: create a course. */
  async function createCourseStatus(account: Account): Promise<number> {
    const form = multipart(Object.entries(COURSE_FIELDS).map(([name, value]) => ({ name, value })));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      ...form,
      headers: { ...form.headers, ...bearer(account.token) },
    });
    return response.statusCode;
  }

  /** The account moves to a new telephone number through its profile (the current password is asked for it). */
  async function moveNumber(app: TestApp['app'], account: Account): Promise<string> {
    const telephone = uniqueTelephone();
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/updateUser',
      headers: bearer(account.token),
      payload: {
        username: account.user.username,
        telephone,
        email: account.user.email,
        bio: '',
        currentPassword: account.password,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return telephone;
  }

  async function approvedFor(telephone: string): Promise<string> {
    const application = await submitApplication(t.db, validApplication({ telephone }), {
      autoApprove: false,
    });
    await approveApplication(t.db, application._id);
    return application._id;
  }

  it('stays with a teacher who moves to another number; whoever registers the freed number is a student', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const freed = teacher.telephone;
    await moveNumber(t.app, teacher);

    const newcomer = await registerAccount(t.app, { telephone: freed });
    expect(newcomer.user.isAdmin).toBe(false);
    expect(await isTeacher(newcomer)).toBe(false);
    expect(await createCourseStatus(newcomer)).toBe(403);

    expect(await isTeacher(teacher)).toBe(true);
    expect(await createCourseStatus(teacher)).toBe(201);
  });

  it('is granted once by an approval made before the account existed: the first sign-up only', async () => {
    const telephone = uniqueTelephone();
    await approvedFor(telephone);

    const first = await registerAccount(t.app, { telephone });
    expect(first.user.isAdmin).toBe(true);
    await moveNumber(t.app, first);

    const second = await registerAccount(t.app, { telephone });
    expect(second.user.isAdmin).toBe(false);
    expect(await createCourseStatus(second)).toBe(403);
    expect(await isTeacher(first)).toBe(true);
  });

  it('cannot be brought back after make-student by moving the account and registering the old number', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const oldNumber = teacher.telephone;
    await setRoleByTelephone(t.db, oldNumber, false);
    expect(await isTeacher(teacher)).toBe(false);

    await moveNumber(t.app, teacher);
    const again = await registerAccount(t.app, { telephone: oldNumber });
    expect(again.user.isAdmin).toBe(false);
    expect(await isTeacher(teacher)).toBe(false);
    expect(await createCourseStatus(teacher)).toBe(403);
  });

  it('make-student also revokes an approval of the account’s number that no sign-up has used yet', async () => {
    // An approval waits for the first sign-up with its number; meanwhile a student moves onto the number.
    const waiting = uniqueTelephone();
    await approvedFor(waiting);
    const student = await registerAccount(t.app);
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updateUser',
      headers: bearer(student.token),
      payload: {
        username: student.user.username,
        telephone: waiting,
        email: student.user.email,
        bio: '',
        currentPassword: student.password,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Moving onto a number grants nothing: only a sign-up uses an approval.
    expect(await isTeacher(student)).toBe(false);

    await setRoleByTelephone(t.db, waiting, false);
    await moveNumber(t.app, { ...student, telephone: waiting });
    const late = await registerAccount(t.app, { telephone: waiting });
    expect(late.user.isAdmin).toBe(false);
  });

  it('make-teacher after make-student restores the role to that account alone', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    await setRoleByTelephone(t.db, teacher.telephone, false);
    await setRoleByTelephone(t.db, teacher.telephone, true);
    expect(await isTeacher(teacher)).toBe(true);
    const oldNumber = teacher.telephone;
    await moveNumber(t.app, teacher);
    expect((await registerAccount(t.app, { telephone: oldNumber })).user.isAdmin).toBe(false);
  });

  it('answers 409 to approving or rejecting an application already decided, and grants nothing more', async () => {
    const telephone = uniqueTelephone();
    const id = await approvedFor(telephone);
    const holder = await registerAccount(t.app, { telephone });
    expect(holder.user.isAdmin).toBe(true);
    await moveNumber(t.app, holder);
    const next = await registerAccount(t.app, { telephone });

    await expect(approveApplication(t.db, id)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(rejectApplication(t.db, id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await isTeacher(next)).toBe(false);

    const rejected = await submitApplication(t.db, validApplication(), { autoApprove: false });
    await rejectApplication(t.db, rejected._id);
    await expect(approveApplication(t.db, rejected._id)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});
