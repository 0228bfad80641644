/**
 * Two server processes on one database — here two apps, each with its own
 * connection pool and read cache, as two processes behind a load balancer
 * have. A write answered by one is seen by the other on the very next
 * request, whichever caches it had warm: the read cache keeps answers under
 * table versions the database raises at commit (db/cache-versions.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@urok/contract';
import { buildApp, type AppInstance } from '../src/app.ts';
import { setOperator } from '../src/features/admin/admin.service.ts';
import { cliActor } from '../src/lib/audit.ts';
import { addLesson, addSection, getOutlineAs } from './content-fixtures.ts';
import {
  createCourse,
  enroll,
  multipart,
  registerTeacher,
  uploadHomework,
} from './course-fixtures.ts';
import {
  bearer,
  databaseTargets,
  registerAccount,
  testConfig,
  type Account,
  type TestDatabase,
} from './helpers.ts';

describe.each(databaseTargets)('two processes on one $name database', (target) => {
  let database: TestDatabase;
  let one: AppInstance;
  let two: AppInstance;
  beforeAll(async () => {
    database = await target.open();
    const config = testConfig(database.dataDir);
    one = await buildApp({ config, db: database.db, dialect: database.dialect });
    two = await buildApp({ config, db: database.connectAgain(), dialect: database.dialect });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.close();
  });

  const getUser = (app: AppInstance, account: Account) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/getUser',
      headers: bearer(account.token),
      payload: {},
    });
  const createdCourses = (app: AppInstance, account: Account) =>
    app.inject({
      method: 'GET',
      url: '/api/users/created-courses',
      headers: bearer(account.token),
    });
  const enrolled = async (app: AppInstance, account: Account) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/user/${account.user._id}/courses`,
      headers: bearer(account.token),
    });
    expect(response.statusCode).toBe(200);
    return (response.json().courses as Course[]).map((course) => course._id);
  };
  const catalogTitles = async (app: AppInstance, teacher: Account) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/courses?authorId=${teacher.user._id}`,
    });
    expect(response.statusCode).toBe(200);
    return (response.json().courses as Course[]).map((course) => course.title);
  };
  const submissions = async (app: AppInstance, teacher: Account, courseId: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/userswithhw`,
      headers: bearer(teacher.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json().users as { homework: { grade: string | null }[] }[];
  };

  it('a logout through one is refused by the other on the next request', async () => {
    const account = await registerAccount(one);
    expect((await getUser(two, account)).statusCode).toBe(200);
    const logout = await one.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(account.token),
      payload: {},
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await getUser(two, account)).statusCode).toBe(401);
  });

  it("a password change through one ends the account's other sessions on the other", async () => {
    const account = await registerAccount(one);
    const login = await two.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { telephone: account.telephone, password: account.password },
    });
    const elsewhere = { ...account, token: login.json().token as string };
    expect((await getUser(two, elsewhere)).statusCode).toBe(200);
    const change = await one.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(account.token),
      payload: { currentPassword: account.password, newPassword: 'Another2025' },
    });
    expect(change.statusCode).toBe(200);
    expect((await getUser(two, elsewhere)).statusCode).toBe(401);
    expect((await getUser(two, account)).statusCode).toBe(200);
  });

  it('a block and a demotion by an operator through one hold on the other at once', async () => {
    const operator = await registerAccount(one);
    await setOperator(database.db, operator.user._id, true, cliActor('test'));
    const teacher = await registerTeacher(one, database.db);
    const student = await registerAccount(one);
    expect((await createdCourses(two, teacher)).statusCode).toBe(200);
    expect((await getUser(two, student)).statusCode).toBe(200);

    const demote = await one.inject({
      method: 'PUT',
      url: `/api/admin/users/${teacher.user._id}/role`,
      headers: bearer(operator.token),
      payload: { role: 'student' },
    });
    expect(demote.statusCode).toBe(200);
    expect((await createdCourses(two, teacher)).statusCode).toBe(403);

    const block = await one.inject({
      method: 'POST',
      url: `/api/admin/users/${student.user._id}/block`,
      headers: bearer(operator.token),
      payload: {},
    });
    expect(block.statusCode).toBe(200);
    expect((await getUser(two, student)).statusCode).toBe(401);
  });

  it('an enrolment, a course edit and a grade through one are in the next answer of the other', async () => {
    const teacher = await registerTeacher(one, database.db);
    const student = await registerAccount(one);
    const course = await createCourse(one, teacher, { title: 'Перша назва' });
    // The other process's caches are warm before each write.
    expect(await enrolled(two, student)).toEqual([]);
    expect(await catalogTitles(two, teacher)).toEqual(['Перша назва']);

    await enroll(one, student, course._id);
    expect(await enrolled(two, student)).toEqual([course._id]);

    const body = multipart([
      { name: 'courseId', value: course._id },
      { name: 'title', value: 'Друга назва' },
    ]);
    const edit = await one.inject({
      method: 'PUT',
      url: '/api/courses/update',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(teacher.token) },
    });
    expect(edit.statusCode).toBe(200);
    expect(await catalogTitles(two, teacher)).toEqual(['Друга назва']);

    const homework = await uploadHomework(one, student, course._id);
    expect((await submissions(two, teacher, course._id))[0]!.homework[0]!.grade).toBeNull();
    const grade = await one.inject({
      method: 'PUT',
      url: `/api/homework/${homework._id}/grade`,
      headers: bearer(teacher.token),
      payload: { grade: '11' },
    });
    expect(grade.statusCode).toBe(200);
    expect((await submissions(two, teacher, course._id))[0]!.homework[0]!.grade).toBe('11');
  });
  it('answers 304 to a client that holds the unchanged gradebook or course list, in either process, and 200 after a grade', async () => {
    const teacher = await registerTeacher(one, database.db);
    const student = await registerAccount(one);
    const course = await createCourse(one, teacher);
    await enroll(one, student, course._id);
    const homework = await uploadHomework(one, student, course._id);
    const read = (app: AppInstance, url: string, account: Account, etag?: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: {
          ...bearer(account.token),
          'accept-encoding': 'gzip',
          ...(etag ? { 'if-none-match': etag } : {}),
        },
      });
    for (const [url, account] of [
      [`/api/courses/${course._id}/gradebook`, teacher],
      [`/api/user/${student.user._id}/courses`, student],
    ] as const) {
      const first = await read(two, url, account);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
      // The same answer in another encoding, from the other process: the same validator.
      const plain = await one.inject({ method: 'GET', url, headers: bearer(account.token) });
      expect(plain.headers.etag).toBe(etag);
      for (const app of [one, two]) {
        const again = await read(app, url, account, `"other", ${etag}`);
        expect(again.statusCode, url).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      expect((await read(two, url, account, 'W/"not-it"')).statusCode).toBe(200);
    }
    const gradebook = `/api/courses/${course._id}/gradebook`;
    const before = (await read(two, gradebook, teacher)).headers.etag as string;
    const grade = await one.inject({
      method: 'PUT',
      url: `/api/homework/${homework._id}/grade`,
      headers: bearer(teacher.token),
      payload: { grade: '9' },
    });
    expect(grade.statusCode).toBe(200);
    const after = await read(two, gradebook, teacher, before);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it("a lesson's edit, its completion and an unenrolment through one are in the next lesson and outline reads of the other", async () => {
    const teacher = await registerTeacher(one, database.db);
    const student = await registerAccount(one);
    const course = await createCourse(one, teacher);
    await enroll(one, student, course._id);
    const section = await addSection(one, teacher, course._id, 'Вступ');
    const lesson = await addLesson(one, teacher, course._id, {
      sectionId: section._id,
      title: 'Перший урок',
      published: true,
    });
    const draft = await addLesson(one, teacher, course._id, {
      sectionId: section._id,
      title: 'Чернетка',
      published: false,
    });
    const readLesson = (app: AppInstance, account: Account) =>
      app.inject({
        method: 'GET',
        url: `/api/lessons/${lesson._id}`,
        headers: bearer(account.token),
      });
    const outlineTitles = async (app: AppInstance, account: Account) =>
      (
        (await getOutlineAs(app, account, course._id)) as {
          sections: { items: { title: string }[] }[];
        }
      ).sections.flatMap((s) => s.items.map((item) => item.title));

    // Warm, twice (the second answer is the kept one).
    for (let i = 0; i < 2; i += 1) {
      const warm = await readLesson(two, student);
      expect(warm.headers['x-cache']).toBe(i === 0 ? 'miss' : 'hit');
      expect(warm.json().lesson).toMatchObject({
        title: 'Перший урок',
        completed: false,
      });
      expect(await outlineTitles(two, student)).toContain('Перший урок');
      expect(await outlineTitles(two, student)).not.toContain('Чернетка');
      expect(await outlineTitles(two, teacher)).toContain('Чернетка');
    }

    const edit = await one.inject({
      method: 'PUT',
      url: `/api/lessons/${lesson._id}`,
      headers: bearer(teacher.token),
      payload: { title: 'Новий заголовок' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await readLesson(two, student)).json().lesson.title).toBe('Новий заголовок');
    expect(await outlineTitles(two, student)).toContain('Новий заголовок');

    const done = await one.inject({
      method: 'PUT',
      url: `/api/lessons/${lesson._id}/completion`,
      headers: bearer(student.token),
    });
    expect(done.statusCode).toBe(204);
    expect((await readLesson(two, student)).json().lesson.completed).toBe(true);

    // The author, demoted, no longer sees the draft.
    const operator = await registerAccount(one);
    await setOperator(database.db, operator.user._id, true, cliActor('test'));
    const demote = await one.inject({
      method: 'PUT',
      url: `/api/admin/users/${teacher.user._id}/role`,
      headers: bearer(operator.token),
      payload: { role: 'student' },
    });
    expect(demote.statusCode).toBe(200);
    expect(await outlineTitles(two, teacher)).not.toContain(draft.title);

    const leave = await one.inject({
      method: 'DELETE',
      url: `/api/courses/${course._id}/enroll`,
      headers: bearer(student.token),
    });
    expect(leave.statusCode).toBe(204);
    expect((await readLesson(two, student)).statusCode).toBe(403);
  });
});
