/**
 * Notifications (DESIGN section 10): each kind made by its event, in the
 * event's transaction, for the right people only; the list, read and unread;
 * the e-mail preferences; and the live stream, which delivers a notification
 * another process created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@urok/contract';
import type { Notification } from '@urok/contract/schemas';
import { buildApp, type AppInstance } from '../src/app.ts';
import { connectRedis } from '../src/lib/redis-rate-limiter.ts';
import { cliActor } from '../src/lib/audit.ts';
import { Announcement } from '../src/lib/notify.ts';
import { notify } from '../src/features/notifications/notifications.service.ts';
import { sendDueSoonReminders } from '../src/features/assignments/assignments.service.ts';
import { setOperator } from '../src/features/admin/admin.service.ts';
import { addAssignment } from './assignment-fixtures.ts';
import { addLesson, getOutlineAs } from './content-fixtures.ts';
import {
  createCourse,
  enroll,
  registerTeacher as registerCourseAuthor,
  uploadHomework,
} from './course-fixtures.ts';
import {
  bearer,
  databaseTargets,
  registerAccount,
  testConfig,
  uniqueTelephone,
  useTestApp,
  validApplication,
  type Account,
  type TestDatabase,
} from './helpers.ts';
import { deleteKeys, isRedisReachable, TEST_REDIS_URL, uniqueKeyPrefix } from './redis-helpers.ts';

interface Page {
  notifications: Notification[];
  nextCursor: string | null;
  unread: number;
}

async function list(app: AppInstance, account: Account, query = ''): Promise<Page> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: bearer(account.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Page;
}

async function grade(app: AppInstance, teacher: Account, homeworkId: string, value: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/homework/${homeworkId}/grade`,
    headers: bearer(teacher.token),
    payload: { grade: value, feedback: '' },
  });
}

async function comment(app: AppInstance, account: Account, homeworkId: string, body: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/homework/${homeworkId}/comments`,
    headers: bearer(account.token),
    payload: { body },
  });
  expect(response.statusCode).toBe(201);
}

describe.each(databaseTargets)('notifications on $name', (target) => {
  const t = useTestApp(target);
  /** A teacher without the notification of their approval (that one is tested on its own). */
  const registerTeacher = async (app: AppInstance, db: TestDatabase['db']) => {
    const teacher = await registerCourseAuthor(app, db);
    await db.deleteFrom('notifications').where('user_id', '=', teacher.user._id).execute();
    return teacher;
  };

  it('tells the author of a submission, the student of a grade and a regrade, and each side of a comment', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const student = await registerAccount(t.app);
    const bystander = await registerAccount(t.app);
    const course = await createCourse(t.app, teacher, { title: 'Оптика' });
    const other = await createCourse(t.app, teacher, { title: 'Механіка' });
    await enroll(t.app, student, course._id);
    await enroll(t.app, bystander, other._id);

    const homework = await uploadHomework(t.app, student, course._id);
    const [submitted] = (await list(t.app, teacher)).notifications;
    expect(submitted).toMatchObject({
      kind: 'homework.submitted',
      title: 'Нова робота',
      link: expect.stringMatching(
        new RegExp(
          `^/mycourse-details/${course._id}/assignments/[\\w-]+#homework-${homework._id}$`,
        ),
      ),
      readAt: null,
    });
    expect(submitted!.body).toContain(student.user.username);

    expect((await grade(t.app, teacher, homework._id, '11')).statusCode).toBe(200);
    const afterGrade = await list(t.app, student);
    expect(afterGrade.notifications.map((n) => [n.kind, n.title])).toEqual([
      ['homework.graded', 'Оцінка: 11'],
    ]);
    expect(afterGrade.unread).toBe(1);
    // A second grade is refused (409) and tells nobody anything.
    expect((await grade(t.app, teacher, homework._id, '12')).statusCode).toBe(409);
    expect((await list(t.app, student)).notifications).toHaveLength(1);

    const regrade = await t.app.inject({
      method: 'POST',
      url: `/api/homework/${homework._id}/regrade`,
      headers: bearer(teacher.token),
      payload: { grade: '12', reason: 'Перевірено ще раз' },
    });
    expect(regrade.statusCode).toBe(200);
    expect((await list(t.app, student)).notifications[0]).toMatchObject({
      kind: 'homework.graded',
      title: 'Оцінку змінено: 12',
      body: expect.stringMatching(/змінено\. Причина: Перевірено ще раз$/),
    });

    await comment(t.app, student, homework._id, 'Дякую!');
    // A comment's notice opens the submission's thread itself.
    expect((await list(t.app, teacher)).notifications[0]).toMatchObject({
      kind: 'comment.created',
      link: expect.stringMatching(
        new RegExp(
          `^/mycourse-details/${course._id}/assignments/[\\w-]+#comments-${homework._id}$`,
        ),
      ),
    });
    await comment(t.app, teacher, homework._id, 'Будь ласка.');
    const studentsLast = (await list(t.app, student)).notifications[0]!;
    expect(studentsLast.kind).toBe('comment.created');
    expect(studentsLast.body).toContain(teacher.user.username);

    // Nobody else heard of any of it.
    expect((await list(t.app, bystander)).notifications).toEqual([]);
    expect((await list(t.app, teacher)).notifications).toHaveLength(2);
    expect((await list(t.app, student)).notifications).toHaveLength(3);
  });

  it('tells enrolled students only of a lesson or an assignment when it is published, once', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const student = await registerAccount(t.app);
    const outsider = await registerAccount(t.app);
    const course = await createCourse(t.app, teacher, { title: 'Хімія' });
    const other = await createCourse(t.app, teacher, { title: 'Біологія' });
    await enroll(t.app, student, course._id);
    await enroll(t.app, outsider, other._id);
    const sectionId = (await getOutlineAs(t.app, teacher, course._id)).sections[0]._id;

    const draft = await addLesson(t.app, teacher, course._id, { sectionId, title: 'Солі' });
    expect((await list(t.app, student)).notifications).toEqual([]);
    const publish = (url: string) =>
      t.app.inject({
        method: 'PUT',
        url,
        headers: bearer(teacher.token),
        payload: { published: true },
      });
    expect((await publish(`/api/lessons/${draft._id}`)).statusCode).toBe(200);
    expect((await list(t.app, student)).notifications[0]).toMatchObject({
      kind: 'lesson.published',
      title: 'Новий урок',
      body: 'У курсі «Хімія» з’явився урок «Солі».',
      link: `/mycourse-details/${course._id}/lessons/${draft._id}`,
    });
    // Publishing what is already published, or editing it, tells nobody again.
    expect((await publish(`/api/lessons/${draft._id}`)).statusCode).toBe(200);
    await addLesson(t.app, teacher, course._id, { sectionId, title: 'Кислоти', published: true });
    expect((await list(t.app, student)).notifications.map((n) => n.kind)).toEqual([
      'lesson.published',
      'lesson.published',
    ]);

    const dueAt = '2030-05-20T15:00:00.000Z';
    const assignment = await addAssignment(t.app, teacher, course._id, {
      sectionId,
      title: 'Лабораторна',
      dueAt,
    });
    expect((await list(t.app, student)).notifications).toHaveLength(2);
    expect((await publish(`/api/assignments/${assignment._id}`)).statusCode).toBe(200);
    const published = (await list(t.app, student)).notifications[0]!;
    expect(published).toMatchObject({
      kind: 'assignment.published',
      title: 'Нове завдання',
      link: `/mycourse-details/${course._id}/assignments/${assignment._id}`,
    });
    expect(published.body).toBe(
      'У курсі «Хімія» з’явилося завдання «Лабораторна». Строк здачі: 20.05.2030, 18:00.',
    );
    await addAssignment(t.app, teacher, course._id, { sectionId, title: 'Тест', published: true });
    expect((await list(t.app, student)).notifications).toHaveLength(4);

    // Neither the student of another course nor the author heard of any of it.
    expect((await list(t.app, outsider)).notifications).toEqual([]);
    expect((await list(t.app, teacher)).notifications).toEqual([]);
  });

  it('tells the class of a published item once (its mail rides on the notification), however often it goes back to draft and out again', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const student = await registerAccount(t.app);
    const course = await createCourse(t.app, teacher, { title: 'Фізика' });
    await enroll(t.app, student, course._id);
    const sectionId = (await getOutlineAs(t.app, teacher, course._id)).sections[0]._id;
    const lesson = await addLesson(t.app, teacher, course._id, { sectionId, title: 'Сили' });
    const assignment = await addAssignment(t.app, teacher, course._id, {
      sectionId,
      title: 'Задачі',
    });
    const published = await addAssignment(t.app, teacher, course._id, {
      sectionId,
      title: 'Вже опубліковане',
      published: true,
    });
    const toggle = async (url: string, published: boolean) => {
      const response = await t.app.inject({
        method: 'PUT',
        url,
        headers: bearer(teacher.token),
        payload: { published },
      });
      expect(response.statusCode).toBe(200);
    };
    for (let round = 0; round < 3; round += 1)
      for (const url of [
        `/api/lessons/${lesson._id}`,
        `/api/assignments/${assignment._id}`,
        `/api/assignments/${published._id}`,
      ]) {
        await toggle(url, true);
        await toggle(url, false);
      }
    const kinds = (await list(t.app, student)).notifications.map((n) => n.kind).sort();
    expect(kinds).toEqual(['assignment.published', 'assignment.published', 'lesson.published']);
  });

  it('tells the account holding an application’s telephone of the decision', async () => {
    const operator = await registerAccount(t.app);
    await setOperator(t.db, operator.user._id, true, cliActor('test'));
    const decide = async (decision: 'approve' | 'reject', telephone: string) => {
      const submitted = await t.app.inject({
        method: 'POST',
        url: '/api/applications/teachers',
        payload: validApplication({ telephone }),
      });
      expect(submitted.statusCode).toBe(201);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/applications/${submitted.json().application._id}/${decision}`,
        headers: bearer(operator.token),
      });
      expect(response.statusCode).toBe(200);
    };
    const approved = await registerAccount(t.app);
    const rejected = await registerAccount(t.app);
    await decide('approve', approved.user.telephone);
    await decide('reject', rejected.user.telephone);
    // A decision on a number nobody has registered tells nobody (and fails nothing).
    await decide('reject', uniqueTelephone());
    expect((await list(t.app, approved)).notifications).toMatchObject([
      { kind: 'application.decided', title: 'Заявку схвалено', link: '/courseCreate' },
    ]);
    expect((await list(t.app, rejected)).notifications).toMatchObject([
      { kind: 'application.decided', title: 'Заявку відхилено', link: '/future-teacher' },
    ]);
    expect((await list(t.app, operator)).notifications).toEqual([]);
  });

  it('reminds enrolled students without a submission a day before the due date, once', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const [waiting, done, outsider] = [
      await registerAccount(t.app),
      await registerAccount(t.app),
      await registerAccount(t.app),
    ];
    const course = await createCourse(t.app, teacher, { title: 'Історія' });
    const other = await createCourse(t.app, teacher);
    await enroll(t.app, waiting, course._id);
    await enroll(t.app, done, course._id);
    await enroll(t.app, outsider, other._id);
    const sectionId = (await getOutlineAs(t.app, teacher, course._id)).sections[0]._id;
    const now = Date.now();
    const soon = await addAssignment(t.app, teacher, course._id, {
      sectionId,
      title: 'Реферат',
      dueAt: new Date(now + 5 * 60 * 60 * 1000).toISOString(),
      published: true,
    });
    // Not yet (two days away), a draft, and one already past: none of them is reminded of.
    await addAssignment(t.app, teacher, course._id, {
      sectionId,
      title: 'Пізніше',
      dueAt: new Date(now + 48 * 60 * 60 * 1000).toISOString(),
      published: true,
    });
    await addAssignment(t.app, teacher, course._id, {
      sectionId,
      title: 'Чернетка',
      dueAt: new Date(now + 60 * 60 * 1000).toISOString(),
    });
    await uploadHomework(t.app, done, course._id, undefined, { assignmentId: soon._id });
    const before = (await list(t.app, waiting)).notifications.length;

    // Two processes sweep at the same moment: the reminder goes once.
    const results = await Promise.all([
      sendDueSoonReminders(t.db, new Announcement(false), now),
      sendDueSoonReminders(t.db, new Announcement(false), now),
    ]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendDueSoonReminders(t.db, new Announcement(false), now + 60_000)).toBe(0);
    const reminders = (await list(t.app, waiting)).notifications.filter(
      (n) => n.kind === 'assignment.due_soon',
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      title: 'Строк здачі спливає',
      link: `/mycourse-details/${course._id}/assignments/${soon._id}`,
    });
    expect(reminders[0]!.body).toContain('«Реферат» курсу «Історія»');
    expect((await list(t.app, waiting)).notifications).toHaveLength(before + 1);
    const kindsOf = async (account: Account) =>
      (await list(t.app, account)).notifications.map((n) => n.kind);
    expect(await kindsOf(done)).not.toContain('assignment.due_soon');
    expect(await kindsOf(outsider)).not.toContain('assignment.due_soon');

    // The teacher moves the date: a new due date gets its own reminder when its day comes.
    const moved = new Date(now + 30 * 60 * 60 * 1000).toISOString();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/assignments/${soon._id}`,
      headers: bearer(teacher.token),
      payload: { dueAt: moved },
    });
    expect(put.statusCode).toBe(200);
    expect(await sendDueSoonReminders(t.db, new Announcement(false), now)).toBe(0);
    expect(
      await sendDueSoonReminders(t.db, new Announcement(false), now + 7 * 60 * 60 * 1000),
    ).toBe(1);
  });

  it('pages newest first, counts the unread, and marks some or all read (only the caller’s)', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, teacher);
    const students = [await registerAccount(t.app), await registerAccount(t.app)];
    for (const student of students) await enroll(t.app, student, course._id);
    for (let i = 0; i < 5; i += 1) await uploadHomework(t.app, students[i % 2]!, course._id);

    const first = await list(t.app, teacher, '?limit=2');
    expect(first.notifications).toHaveLength(2);
    expect(first.unread).toBe(5);
    const second = await list(t.app, teacher, `?limit=2&cursor=${first.nextCursor}`);
    const third = await list(t.app, teacher, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    const ids = [...first.notifications, ...second.notifications, ...third.notifications].map(
      (n) => n._id,
    );
    expect(ids).toHaveLength(5);
    expect([...ids].sort().reverse()).toEqual(ids);

    const read = (account: Account, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notifications/read',
        headers: bearer(account.token),
        ...(payload ? { payload } : {}),
      });
    // Another user naming them changes nothing.
    expect((await read(students[0]!, { ids })).statusCode).toBe(204);
    expect((await list(t.app, teacher)).unread).toBe(5);
    expect((await read(teacher, { ids: ids.slice(0, 2) })).statusCode).toBe(204);
    const after = await list(t.app, teacher);
    expect(after.unread).toBe(3);
    expect(after.notifications.filter((n) => n.readAt !== null).map((n) => n._id)).toEqual(
      ids.slice(0, 2),
    );
    expect((await read(teacher, {})).statusCode).toBe(204);
    expect((await list(t.app, teacher)).unread).toBe(0);
    const tooMany = await read(teacher, { ids: Array.from({ length: 201 }, (_, i) => `n${i}`) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/щонайбільше 200/);
  });

  it('keeps e-mail preferences per kind, every kind on until turned off', async () => {
    const account = await registerAccount(t.app);
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/preferences',
      headers: bearer(account.token),
    });
    expect(get.statusCode).toBe(200);
    expect(Object.values(get.json().preferences.email)).toEqual(
      Array(NOTIFICATION_KINDS.length).fill(true),
    );
    const put = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/notifications/preferences',
        headers: bearer(account.token),
        payload: payload as object,
      });
    const off = await put({ email: { 'homework.graded': false, 'comment.created': false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().preferences.email).toMatchObject({
      'homework.graded': false,
      'comment.created': false,
      'homework.submitted': true,
    });
    const on = await put({ email: { 'comment.created': true } });
    expect(on.json().preferences.email).toMatchObject({
      'homework.graded': false,
      'comment.created': true,
    });
    for (const bad of [
      { email: { 'no.such': true } },
      { email: { 'homework.graded': 'yes' } },
      {},
    ]) {
      const response = await put(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('refuses every call without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
      ['GET', '/api/notifications/stream'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});

/** Reads a live stream until an `event: notification` arrives; its data and how long it took. */
/** The next `count` notification events of a stream, then hangs up. */
async function nextEvents(
  response: Response,
  count: number,
  timeoutMs: number,
  connection: AbortController,
): Promise<{ data: Notification[]; ms: number }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const started = performance.now();
  let text = '';
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`no notification in ${timeoutMs} ms: ${text}`)), timeoutMs),
  );
  for (;;) {
    const { value, done } = await Promise.race([reader.read(), timeout]);
    if (done) throw new Error(`stream ended: ${text}`);
    text += decoder.decode(value, { stream: true });
    const events = [...text.matchAll(/event: notification\ndata: (.*)\n\n/g)];
    if (events.length >= count) {
      // Hang up, as a closed tab does: the server's close then waits for nothing.
      connection.abort();
      return {
        data: events.slice(0, count).map((match) => JSON.parse(match[1]!) as Notification),
        ms: performance.now() - started,
      };
    }
  }
}

async function nextEvent(response: Response, timeoutMs: number, connection: AbortController) {
  const { data, ms } = await nextEvents(response, 1, timeoutMs, connection);
  return { data: data[0]!, ms };
}

const redisReachable = await isRedisReachable();

describe.each(databaseTargets)('the live stream on $name', (target) => {
  let database: TestDatabase;
  const keyPrefix = uniqueKeyPrefix();
  const apps: AppInstance[] = [];
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    for (const app of apps) {
      // The client's side of an aborted stream may linger in fetch's pool; it is not the server's.
      app.server.closeAllConnections();
      await app.close();
    }
    await database.close();
    if (redisReachable) await deleteKeys(keyPrefix);
  });

  const start = async (withRedis: boolean, db = database.db) => {
    const config = testConfig(database.dataDir, { redisKeyPrefix: keyPrefix });
    const redis = withRedis ? await connectRedis(TEST_REDIS_URL) : undefined;
    const app = await buildApp({ config, db, dialect: database.dialect, redis });
    apps.push(app);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, url };
  };

  const gradedThroughWhileWatching = async (writer: AppInstance, watcherUrl: string) => {
    const teacher = await registerCourseAuthor(writer, database.db);
    const student = await registerAccount(writer);
    const course = await createCourse(writer, teacher);
    await enroll(writer, student, course._id);
    const homework = await uploadHomework(writer, student, course._id);
    const connection = new AbortController();
    const stream = await fetch(`${watcherUrl}/api/notifications/stream`, {
      headers: bearer(student.token),
      signal: connection.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const event = nextEvent(stream, 3000, connection);
    // Give the stream its subscription before the grade.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = performance.now();
    expect((await grade(writer, teacher, homework._id, '10')).statusCode).toBe(200);
    const { data } = await event;
    return { data, ms: performance.now() - sent, homeworkId: homework._id };
  };

  it('delivers a notification made by this process at once', async () => {
    const { app, url } = await start(false);
    const { data, ms } = await gradedThroughWhileWatching(app, url);
    expect(data).toMatchObject({ kind: 'homework.graded', title: 'Оцінка: 10', readAt: null });
    expect(ms).toBeLessThan(1000);
  });

  it.skipIf(!redisReachable)(
    'delivers within a second a notification another process made (two processes, one Redis)',
    async () => {
      const writer = await start(true);
      const watcher = await start(true, database.connectAgain());
      const { data, ms, homeworkId } = await gradedThroughWhileWatching(writer.app, watcher.url);
      expect(data.kind).toBe('homework.graded');
      expect(data.link).toContain(`#homework-${homeworkId}`);
      expect(ms).toBeLessThan(1000);
    },
  );

  it('resumes after Last-Event-ID with what was missed', async () => {
    const { app, url } = await start(false);
    const teacher = await registerCourseAuthor(app, database.db);
    const student = await registerAccount(app);
    const course = await createCourse(app, teacher);
    await enroll(app, student, course._id);
    await uploadHomework(app, student, course._id);
    const before = (await list(app, teacher)).notifications[0]!;
    await uploadHomework(app, student, course._id);
    const connection = new AbortController();
    const stream = await fetch(`${url}/api/notifications/stream`, {
      headers: { ...bearer(teacher.token), 'last-event-id': before._id },
      signal: connection.signal,
    });
    const { data } = await nextEvent(stream, 3000, connection);
    expect(data.kind).toBe('homework.submitted');
    expect(data._id > before._id).toBe(true);
  });

  it('resumes with every missed notification, more than one page of them, in order', async () => {
    const { url } = await start(false);
    const student = await registerAccount(apps[0]!);
    for (let i = 0; i < 150; i += 1) {
      await notify(database.db, [student.user._id], () => ({
        kind: 'assignment.published',
        title: `Нове завдання ${i}`,
        body: 'Тіло',
        link: '/grades',
      }));
    }
    const first = await database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', student.user._id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const connection = new AbortController();
    const stream = await fetch(`${url}/api/notifications/stream`, {
      headers: { ...bearer(student.token), 'last-event-id': first.id },
      signal: connection.signal,
    });
    const { data } = await nextEvents(stream, 149, 5000, connection);
    expect(data.map((n) => n.title)).toEqual(
      Array.from({ length: 149 }, (_, i) => `Нове завдання ${i + 1}`),
    );
  });
});
