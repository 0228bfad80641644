/**
 * Notification mail (DESIGN section 10) against a real SMTP server: the
 * `smtp-server` package on loopback, started by the test. A mail arrives with
 * its recipient, subject, plain-text part and unsubscribe link, and the link
 * works without signing in; a server that refuses the first attempts gets the
 * mail on a retry; a restart in between loses nothing; two processes working
 * one queue send each mail once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../src/app.ts';
import type { MailConfig } from '../src/config.ts';
import { MailCatcher, mailConfig, until } from './mail-catcher.ts';
import { composeMail, retryDelayMs } from '../src/features/notifications/mail-queue.ts';
import { createCourse, enroll, registerTeacher, uploadHomework } from './course-fixtures.ts';
import {
  bearer,
  databaseTargets,
  registerAccount,
  testConfig,
  type Account,
  type TestDatabase,
} from './helpers.ts';

let emailCounter = 0;
const uniqueEmail = (who: string) => `${who}${process.pid}x${(emailCounter += 1)}@school.test`;

describe('the mail a notification becomes', () => {
  it('is Ukrainian, with a plain-text part, the page to open and the unsubscribe link', () => {
    const mail = composeMail({
      to: 'olena@school.test',
      username: 'Олена <b>',
      kind: 'homework.graded',
      title: 'Оцінка: 10',
      body: 'Ваша робота з курсу «Алгебра» оцінена: 10.',
      link: '/course/c1#homework-h1',
      publicUrl: 'https://urok.school',
      unsubscribeUrl:
        'https://urok.school/api/notifications/unsubscribe?u=1&k=homework.graded&sig=x',
    });
    expect(mail.subject).toContain('Оцінка: 10');
    expect(mail.text).toContain('https://urok.school/course/c1#homework-h1');
    expect(mail.text).toContain('https://urok.school/api/notifications/unsubscribe?');
    expect(mail.html).toContain('Олена &lt;b&gt;');
    expect(mail.html).not.toContain('Олена <b>');
  });

  it('is retried after twice the wait each time, at most six hours', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(1000, n))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(60_000, 30)).toBe(6 * 60 * 60 * 1000);
  });
});

describe.each(databaseTargets)('notification mail on $name', (target) => {
  let database: TestDatabase;
  let smtp: MailCatcher;
  const apps: AppInstance[] = [];

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await smtp?.close();
  });

  const start = async (port: number, db = database.db, mail: Partial<MailConfig> = {}) => {
    const config = testConfig(database.dataDir, {
      publicUrl: 'https://urok.school',
      mail: mailConfig(port, mail),
    });
    const app = await buildApp({ config, db, dialect: database.dialect });
    await app.ready();
    apps.push(app);
    return app;
  };

  /** A teacher with a course and an enrolled student, each with an address of their own. */
  const classroom = async (app: AppInstance) => {
    const teacher = await registerTeacher(app, database.db, { email: uniqueEmail('teacher') });
    const student = await registerAccount(app, { email: uniqueEmail('student') });
    const course = await createCourse(app, teacher);
    await enroll(app, student, course._id);
    return { teacher, student, courseId: course._id };
  };

  const outboxOf = (account: Account) =>
    database.db
      .selectFrom('mail_outbox as o')
      .innerJoin('notifications as n', 'n.id', 'o.notification_id')
      .select(['o.status', 'o.attempts', 'n.kind'])
      .where('n.user_id', '=', account.user._id)
      .execute();

  it('arrives with the right recipient, subject and unsubscribe link, which works without signing in', async () => {
    smtp = new MailCatcher();
    await smtp.listen();
    const app = await start(smtp.port);
    const { teacher, student, courseId } = await classroom(app);
    await uploadHomework(app, student, courseId);

    const [arrived] = await until('the mail', () =>
      smtp.to(teacher.user.email).length > 0 ? smtp.to(teacher.user.email) : undefined,
    );
    const mail = arrived!.mail;
    expect(smtp.to(student.user.email)).toEqual([]);
    expect(mail.from?.text).toContain('no-reply@urok.test');
    expect(mail.subject).toMatch(/Нова робота/);
    expect(mail.text).toContain(`Вітаємо, ${teacher.user.username}!`);
    expect(mail.text).toContain('https://urok.school/');
    expect(mail.html).toContain('<a href=');

    const link = /https:\/\/urok\.school(\/api\/notifications\/unsubscribe\?\S+)/.exec(
      mail.text ?? '',
    )?.[1];
    expect(link).toBeDefined();
    const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line ?? '';
    expect(header('list-unsubscribe')).toContain(`<https://urok.school${link}>`);
    expect(header('list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );

    // Opening the link asks; it changes nothing by itself (mail scanners open links).
    const question = await app.inject({ method: 'GET', url: link! });
    expect(question.statusCode).toBe(200);
    expect(question.headers['content-type']).toMatch(/^text\/html/);
    expect(question.body).toContain('<form method="post"');
    const before = await app.inject({
      method: 'GET',
      url: '/api/notifications/preferences',
      headers: bearer(teacher.token),
    });
    expect(before.json().preferences.email['homework.submitted']).toBe(true);

    // The button (or a mail program's one-click POST) turns that one kind off, signed out.
    const done = await app.inject({
      method: 'POST',
      url: link!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: '/api/notifications/preferences',
      headers: bearer(teacher.token),
    });
    expect(after.json().preferences.email).toMatchObject({
      'homework.submitted': false,
      'homework.graded': true,
    });

    // The next submission is still in the bell, but not mailed.
    await uploadHomework(app, student, courseId);
    await until('the second mail row to be settled', async () => {
      const rows = await outboxOf(teacher);
      return rows.length === 2 && rows.every((r) => r.status !== 'pending') ? rows : undefined;
    });
    expect((await outboxOf(teacher)).map((r) => r.status).sort()).toEqual(['sent', 'skipped']);
    expect(smtp.to(teacher.user.email)).toHaveLength(1);

    // A link whose signature does not match, or for another kind, is refused.
    const forged = link!.replace('homework.submitted', 'homework.graded');
    expect((await app.inject({ method: 'POST', url: forged })).statusCode).toBe(400);
    const tampered = link!.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(400);
  });

  it("speaks its recipient's language, not the language of whoever acted", async () => {
    smtp = new MailCatcher();
    await smtp.listen();
    const app = await start(smtp.port);
    const { teacher, student, courseId } = await classroom(app);
    const profile = await app.inject({
      method: 'PUT',
      url: '/api/auth/updateUser',
      payload: {
        username: teacher.user.username,
        telephone: teacher.user.telephone,
        email: teacher.user.email,
        bio: '',
        language: 'en',
      },
      headers: bearer(teacher.token),
    });
    expect(profile.json().user.language).toBe('en');
    // The student, in Ukrainian, hands in work: the teacher hears of it in English.
    await uploadHomework(app, student, courseId);
    const [arrived] = await until('the mail', () =>
      smtp.to(teacher.user.email).length > 0 ? smtp.to(teacher.user.email) : undefined,
    );
    const mail = arrived!.mail;
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain(`Hello, ${teacher.user.username}!`);
    expect(mail.subject).not.toMatch(/Нова робота/);
    expect(mail.subject).toMatch(/^Urok: /);
    const bell = await app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(teacher.token),
    });
    const [notification] = bell.json().notifications;
    expect(notification.kind).toBe('homework.submitted');
    expect(`${notification.title} ${notification.body}`).not.toMatch(/Нова робота|надіслав/);
  });

  it('is sent again after the server refused the first attempts', async () => {
    smtp = new MailCatcher();
    await smtp.listen();
    smtp.refuseNext = 2;
    const app = await start(smtp.port);
    const { teacher, student, courseId } = await classroom(app);
    await uploadHomework(app, student, courseId);

    await until('the mail after the refusals', () =>
      smtp.to(teacher.user.email).length > 0 ? true : undefined,
    );
    const [row] = await until('the row to be marked sent', async () => {
      const rows = await outboxOf(teacher);
      return rows[0]?.status === 'sent' ? rows : undefined;
    });
    expect(smtp.refused).toBe(2);
    expect(smtp.to(teacher.user.email)).toHaveLength(1);
    // Two refused attempts were counted; the third, which went out, is not a failure.
    expect(Number(row!.attempts)).toBe(2);
  });

  it('loses nothing when the process restarts before the mail could be sent', async () => {
    // No SMTP server yet: the first process tries, fails, and stops.
    smtp = new MailCatcher();
    await smtp.listen();
    const port = smtp.port;
    await smtp.close();
    const first = await start(port);
    const { teacher, student, courseId } = await classroom(first);
    await uploadHomework(first, student, courseId);
    await until('the failed first attempt', async () => {
      const [row] = await outboxOf(teacher);
      return row && Number(row.attempts) >= 1 ? row : undefined;
    });
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    expect(smtp.received).toEqual([]);

    // The mail server is back, and so is a process (on a connection of its own).
    smtp = new MailCatcher();
    await smtp.listen(port);
    await start(port, database.connectAgain());
    await until('the mail after the restart', () =>
      smtp.to(teacher.user.email).length > 0 ? true : undefined,
    );
    await until('the row to be marked sent', async () => {
      const rows = await outboxOf(teacher);
      return rows[0]?.status === 'sent' ? rows : undefined;
    });
    expect(smtp.to(teacher.user.email)).toHaveLength(1);
  });

  it('is sent once when two processes work the same queue', async () => {
    smtp = new MailCatcher();
    await smtp.listen();
    const one = await start(smtp.port, database.db, { pollMs: 20 });
    const two = await start(smtp.port, database.connectAgain(), { pollMs: 20 });
    const { teacher, courseId } = await classroom(one);
    const students = await Promise.all(
      Array.from({ length: 6 }, () => registerAccount(one, { email: uniqueEmail('student') })),
    );
    for (const student of students) await enroll(one, student, courseId);
    // Submissions through both processes at once: each kicks its own queue worker.
    await Promise.all(
      students.flatMap((student, i) =>
        [0, 1].map(() => uploadHomework(i % 2 === 0 ? one : two, student, courseId)),
      ),
    );
    await until('every mail', async () => {
      const rows = await outboxOf(teacher);
      return rows.length === 12 && rows.every((r) => r.status === 'sent') ? rows : undefined;
    });
    // Let both workers look at the queue a few more times: nothing more may go out.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to(teacher.user.email)).toHaveLength(12);
    const ids = smtp.to(teacher.user.email).map((r) => r.mail.messageId);
    expect(new Set(ids).size).toBe(12);
  });
});
