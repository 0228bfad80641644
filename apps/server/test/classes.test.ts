/**
 * Private classes (DESIGN section 17): visibility at creation and update,
 * join codes (their form, case-insensitivity, rotation), joining by code,
 * the author adding a student by telephone, and the read cache never
 * handing one asker's view of a course to another. Who may call what is
 * the visibility matrix in authorization-matrix.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  JOIN_CODE_ALPHABET,
  classMessages,
  messages,
  normalizeJoinCode,
  type Course,
} from '@urok/contract';
import { generateJoinCode } from '../src/features/courses/courses.service.ts';
import { COURSE_FIELDS, createCourse, multipart, registerTeacher } from './course-fixtures.ts';
import {
  bearer,
  databaseTargets,
  registerAccount,
  uniqueTelephone,
  useTestApp,
  type Account,
} from './helpers.ts';

describe('join codes', () => {
  it('are 8 signs of the 31-letter alphabet without look-alikes, read in any case', () => {
    expect(JOIN_CODE_ALPHABET).toHaveLength(31);
    for (const sign of '0O1IL') expect(JOIN_CODE_ALPHABET).not.toContain(sign);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const code = generateJoinCode();
      expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
      seen.add(code);
      expect(normalizeJoinCode(code.toLowerCase())).toBe(code);
      expect(normalizeJoinCode(` ${code.slice(0, 4)}-${code.slice(4)} `)).toBe(code);
    }
    expect(seen.size).toBe(200);
    expect(normalizeJoinCode('ABCD0FGH')).toBeNull();
    expect(normalizeJoinCode('ABCDEFG')).toBeNull();
  });
});

describe.each(databaseTargets)('private classes on $name', (target) => {
  const t = useTestApp(target);

  const call = (
    account: Account | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/${url}`,
      ...(payload ? { payload } : {}),
      headers: account ? bearer(account.token) : {},
    });

  const setVisibility = (author: Account, courseId: string, visibility: string) => {
    const form = multipart([
      { name: 'courseId', value: courseId },
      { name: 'visibility', value: visibility },
    ]);
    return t.app.inject({
      method: 'PUT',
      url: '/api/courses/update',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(author.token) },
    });
  };

  it('creates a course with its visibility (public by default) and refuses an unknown one', async () => {
    const author = await registerTeacher(t.app, t.db);
    expect((await createCourse(t.app, author)).visibility).toBe('public');
    expect((await createCourse(t.app, author, { visibility: 'private' })).visibility).toBe(
      'private',
    );
    expect((await createCourse(t.app, author, { visibility: 'draft' })).visibility).toBe('draft');
    const form = multipart(
      Object.entries({ ...COURSE_FIELDS, visibility: 'secret' }).map(([name, value]) => ({
        name,
        value,
      })),
    );
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(author.token) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ visibility: classMessages.visibilityInvalid });
    // The author's own list holds every one of them, with its visibility.
    const created = await call(author, 'GET', 'users/created-courses');
    expect((created.json().createdCourses as Course[]).map((c) => c.visibility).sort()).toEqual([
      'draft',
      'private',
      'public',
    ]);
  });

  it('keeps one code until the author rotates it; the old code then finds nothing', async () => {
    const author = await registerTeacher(t.app, t.db);
    const student = await registerAccount(t.app);
    const late = await registerAccount(t.app);
    const course = await createCourse(t.app, author, { visibility: 'private' });
    const first = (await call(author, 'GET', `courses/${course._id}/join-code`)).json();
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.url).toBe(`${t.config.publicUrl}/join/${first.code}`);
    expect((await call(author, 'GET', `courses/${course._id}/join-code`)).json()).toEqual(first);

    const joined = await call(student, 'POST', 'courses/join', {
      code: first.code.toLowerCase(),
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().course).toMatchObject({ _id: course._id, enrolledCount: 1 });
    // Idempotent: joining again changes nothing.
    const again = await call(student, 'POST', 'courses/join', { code: first.code });
    expect(again.json().course.enrolledCount).toBe(1);

    const rotated = await call(author, 'POST', `courses/${course._id}/join-code`);
    expect(rotated.statusCode).toBe(201);
    expect(rotated.json().code).not.toBe(first.code);
    const stale = await call(late, 'POST', 'courses/join', { code: first.code });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toBe(classMessages.joinCodeNotFound);
    expect((await call(late, 'POST', 'courses/join', rotated.json())).statusCode).toBe(200);

    // The students who joined keep the course, and it is in their list.
    const mine = await call(student, 'GET', `user/${student.user._id}/courses`);
    expect((mine.json().courses as Course[]).map((c) => c._id)).toContain(course._id);
  });

  it('answers 404 for unknown or malformed codes and 409 for a draft', async () => {
    const author = await registerTeacher(t.app, t.db);
    const student = await registerAccount(t.app);
    for (const code of ['ABCDEFGH', 'abc', '0OIL1OIL', '']) {
      const response = await call(student, 'POST', 'courses/join', { code });
      expect(response.statusCode, code).toBe(404);
      expect(response.json().message).toBe(classMessages.joinCodeNotFound);
    }
    const draft = await createCourse(t.app, author, { visibility: 'draft' });
    const { code } = (await call(author, 'GET', `courses/${draft._id}/join-code`)).json();
    const response = await call(student, 'POST', 'courses/join', { code });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(classMessages.draftNoJoin);
    expect((await call(author, 'POST', 'courses/join', { code })).statusCode).toBe(409);
  });

  it("a private course's page, kept per asker: never another asker's, and gone with the asker's enrolment", async () => {
    const author = await registerTeacher(t.app, t.db);
    const student = await registerAccount(t.app);
    const stranger = await registerAccount(t.app);
    const course = await createCourse(t.app, author, { visibility: 'private' });
    await call(author, 'POST', `courses/${course._id}/students`, { telephone: student.telephone });
    const page = (account: Account | null) => call(account, 'GET', `courses/${course._id}`);

    // The author's and the student's answers, each read twice (the second from the cache).
    for (let i = 0; i < 2; i += 1) {
      expect((await page(author)).json().course.visibility).toBe('private');
      expect((await page(student)).statusCode).toBe(200);
    }
    expect((await page(student)).headers['x-cache']).toBe('hit');
    // Kept by the course's id: a query string the page does not read is the same answer.
    const tagged = await call(student, 'GET', `courses/${course._id}?from=mail`);
    expect(tagged.headers['x-cache']).toBe('hit');
    // Nobody else is answered from what they keep, signed in or not, nor with a dead token.
    expect((await page(stranger)).statusCode).toBe(404);
    expect((await page(null)).statusCode).toBe(404);
    expect((await page({ ...stranger, token: 'not-a-session' })).statusCode).toBe(404);

    // The student leaves: their kept page is gone at their next read.
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course._id}/enroll`,
      headers: bearer(student.token),
    });
    expect(left.statusCode).toBe(204);
    expect((await page(student)).statusCode).toBe(404);
    // Made public, it is everyone's at once; hidden again by its author's choice, no one's but theirs.
    expect((await setVisibility(author, course._id, 'public')).statusCode).toBe(200);
    expect((await page(null)).statusCode).toBe(200);
    expect((await page(stranger)).statusCode).toBe(200);
    expect((await setVisibility(author, course._id, 'private')).statusCode).toBe(200);
    expect((await page(null)).statusCode).toBe(404);
    expect((await page(stranger)).statusCode).toBe(404);
    expect((await page(author)).statusCode).toBe(200);
  });

  it('adds a student by telephone: 404 when no account has the number, idempotent', async () => {
    const author = await registerTeacher(t.app, t.db);
    const student = await registerAccount(t.app);
    const course = await createCourse(t.app, author, { visibility: 'private' });
    const missing = await call(author, 'POST', `courses/${course._id}/students`, {
      telephone: uniqueTelephone(),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(classMessages.studentNotFound);
    const invalid = await call(author, 'POST', `courses/${course._id}/students`, {
      telephone: 'не номер',
    });
    expect(invalid.statusCode).toBe(400);
    for (let i = 0; i < 2; i += 1) {
      const added = await call(author, 'POST', `courses/${course._id}/students`, {
        telephone: student.telephone,
      });
      expect(added.statusCode).toBe(200);
      expect(added.json().course.enrolledCount).toBe(1);
    }
    const own = await call(author, 'POST', `courses/${course._id}/students`, {
      telephone: author.telephone,
    });
    expect(own.statusCode).toBe(403);
    expect((await call(student, 'GET', `courses/${course._id}`)).statusCode).toBe(200);
    expect((await call(student, 'GET', `courses/${course._id}/outline`)).statusCode).toBe(200);
  });

  it('refuses to make a course with students a draft, and a private course takes nobody by enrol', async () => {
    const author = await registerTeacher(t.app, t.db);
    const student = await registerAccount(t.app);
    const course = await createCourse(t.app, author);
    await call(student, 'POST', `courses/${course._id}/enroll`);
    const toDraft = await setVisibility(author, course._id, 'draft');
    expect(toDraft.statusCode).toBe(409);
    expect(toDraft.json().message).toBe(classMessages.draftHasStudents);
    expect((await call(student, 'GET', `courses/${course._id}`)).json().course.visibility).toBe(
      'public',
    );

    const toPrivate = await setVisibility(author, course._id, 'private');
    expect(toPrivate.statusCode).toBe(200);
    expect(toPrivate.json().course.visibility).toBe('private');
    // Its student stays (enrolling again is the idempotent no-op); a newcomer is refused.
    expect((await call(student, 'POST', `courses/${course._id}/enroll`)).statusCode).toBe(200);
    const newcomer = await registerAccount(t.app);
    const refused = await call(newcomer, 'POST', `courses/${course._id}/enroll`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(classMessages.privateNoEnroll);

    // An empty course becomes a draft, and back.
    const empty = await createCourse(t.app, author);
    expect((await setVisibility(author, empty._id, 'draft')).statusCode).toBe(200);
    expect((await setVisibility(author, empty._id, 'public')).statusCode).toBe(200);
  });

  it('never hands one asker’s cached view to another, and a change of visibility shows at once', async () => {
    const author = await registerTeacher(t.app, t.db);
    const student = await registerAccount(t.app);
    const outsider = await registerAccount(t.app);
    const course = await createCourse(t.app, author, { title: 'Кешований клас 9-А' });
    const search = `courses?q=${encodeURIComponent('Кешований клас')}`;
    const ids = async (account: Account | null) =>
      ((await call(account, 'GET', search)).json().courses as Course[]).map((c) => c._id);
    // Warm every cached view while the course is public.
    expect(await ids(null)).toEqual([course._id]);
    expect(await ids(outsider)).toEqual([course._id]);
    expect((await call(outsider, 'GET', `courses/${course._id}/outline`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `courses/${course._id}/outline`)).statusCode).toBe(200);
    await call(student, 'POST', `courses/${course._id}/enroll`);
    expect((await call(student, 'GET', `courses/${course._id}/outline`)).statusCode).toBe(200);

    expect((await setVisibility(author, course._id, 'private')).statusCode).toBe(200);
    expect(await ids(null)).toEqual([]);
    expect(await ids(outsider)).toEqual([]);
    expect(await ids(student)).toEqual([]);
    expect((await call(outsider, 'GET', `courses/${course._id}/outline`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `courses/${course._id}/outline`)).statusCode).toBe(404);
    // The student's own view, cached before, is still theirs.
    expect((await call(student, 'GET', `courses/${course._id}/outline`)).statusCode).toBe(200);
    const enrolled = await call(student, 'GET', `user/${student.user._id}/courses`);
    expect((enrolled.json().courses as Course[]).map((c) => c.visibility)).toEqual(['private']);
    expect((await call(author, 'GET', `courses/${course._id}/outline`)).statusCode).toBe(200);
    expect((await call(outsider, 'GET', `courses/${course._id}`)).json()).toEqual({
      message: messages.courseNotFound,
      code: 'NOT_FOUND',
    });
  });
});
