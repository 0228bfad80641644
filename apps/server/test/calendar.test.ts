import ICAL from 'ical.js';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import { redactUrlSecrets } from '../src/lib/log-redaction.ts';
import { setBlocked } from '../src/features/admin/admin.service.ts';
import { createPasswordReset } from '../src/features/auth/auth.service.ts';
import { cliActor } from '../src/lib/audit.ts';
import { databaseTargets, injectAs, registerAccount, useTestApp, type Account } from './helpers.ts';
import { createCourse, enroll, registerTeacher } from './course-fixtures.ts';
import { getOutlineAs, paragraphDoc } from './content-fixtures.ts';
import { addAssignment, defaultAssignmentId } from './assignment-fixtures.ts';

/** A long title with every character TEXT must escape, and Cyrillic to fold across. */
const TRICKY_TITLE = 'Есе; частина 1, «Хмельниччина» \\ джерела — аналіз документів і карт епохи';

describe.each(databaseTargets)('the calendar feed on $name', (target) => {
  const t = useTestApp(target);
  let author: Account;
  let student: Account;

  beforeAll(async () => {
    author = await registerTeacher(t.app, t.db, { username: 'Автор Календаря' });
    student = await registerAccount(t.app, { username: 'Студент Календаря' });
  });

  const as = (account: Account | null, options: InjectOptions) => injectAs(t.app, account, options);
  const newFeed = async (account: Account) => {
    const response = await as(account, { method: 'POST', url: '/api/calendar/feed' });
    expect(response.statusCode).toBe(201);
    return response.json().url as string;
  };
  const fetchFeed = (url: string) => t.app.inject({ url: new URL(url).pathname });

  it('lists a VEVENT per published assignment with a due date in the user’s courses, as valid RFC 5545', async () => {
    const course = await createCourse(t.app, author, {
      title: 'Календарний курс',
      homeworkDueAt: '2030-04-01T18:00:00Z',
    });
    const other = await createCourse(t.app, author, {
      title: 'Чужий курс',
      homeworkDueAt: '2030-04-02T18:00:00Z',
    });
    await enroll(t.app, student, course._id);
    const sectionId = (await getOutlineAs(t.app, author, course._id)).sections[0]._id as string;
    const tricky = await addAssignment(t.app, author, course._id, {
      sectionId,
      title: TRICKY_TITLE,
      instructions: {
        type: 'doc',
        content: [
          paragraphDoc('Рядок перший; з комою, і \\ скісною').content[0],
          paragraphDoc('Другий').content[0],
        ],
      },
      dueAt: '2030-05-05T09:30:00Z',
      published: true,
    });
    await addAssignment(t.app, author, course._id, {
      sectionId,
      title: 'Чернетка з терміном',
      dueAt: '2030-06-01T00:00:00Z',
    });
    await addAssignment(t.app, author, course._id, {
      sectionId,
      title: 'Без терміну',
      published: true,
    });

    const url = await newFeed(student);
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = response.body;
    // CRLF everywhere, and no physical line over 75 octets.
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n'))
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(
      events.map((event) => [event.uid, event.summary, event.startDate.toJSDate().toISOString()]),
    ).toEqual([
      [
        `${await defaultAssignmentId(t.app, course._id)}@urok`,
        'Домашнє завдання — Календарний курс',
        '2030-04-01T18:00:00.000Z',
      ],
      [`${tricky._id}@urok`, `${TRICKY_TITLE} — Календарний курс`, '2030-05-05T09:30:00.000Z'],
    ]);
    expect(events[1]!.description).toBe('Рядок перший; з комою, і \\ скісною\nДругий');
    for (const vevent of calendar.getAllSubcomponents('vevent'))
      expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(text).not.toContain(other._id);

    // The author sees their own courses' due dates too.
    const mine = new ICAL.Component(ICAL.parse((await fetchFeed(await newFeed(author))).body));
    const summaries = mine
      .getAllSubcomponents('vevent')
      .map((v) => v.getFirstPropertyValue('summary'));
    expect(summaries).toContain('Домашнє завдання — Чужий курс');
  });

  it('a new address revokes the old one; DELETE revokes it; unknown addresses are 404', async () => {
    const first = await newFeed(student);
    const second = await newFeed(student);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    expect((await as(student, { method: 'DELETE', url: '/api/calendar/feed' })).statusCode).toBe(
      204,
    );
    const gone = await fetchFeed(second);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(messages.calendarFeedNotFound);
    expect((await as(student, { method: 'DELETE', url: '/api/calendar/feed' })).statusCode).toBe(
      204,
    );
    for (const bad of ['x', 'a'.repeat(43), '%2e%2e', 'a'.repeat(101)])
      expect((await t.app.inject({ url: `/api/calendar/${bad}.ics` })).statusCode).not.toBe(200);
    for (const method of ['POST', 'DELETE'] as const)
      expect((await as(null, { method, url: '/api/calendar/feed' })).statusCode).toBe(401);
  });

  it("a blocked account's address answers 404 until the unblock; a password reset revokes it", async () => {
    const holder = await registerAccount(t.app, { username: 'Власник Календаря' });
    const url = await newFeed(holder);
    expect((await fetchFeed(url)).statusCode).toBe(200);
    await setBlocked(t.db, holder.user._id, true, cliActor('test'));
    const refused = await fetchFeed(url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(messages.calendarFeedNotFound);
    await setBlocked(t.db, holder.user._id, false, cliActor('test'));
    expect((await fetchFeed(url)).statusCode).toBe(200);

    const { token } = await createPasswordReset(t.db, holder.telephone);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Another2024x' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });

  it('keeps the token out of the logs', () => {
    expect(redactUrlSecrets('/api/calendar/abcDEF_-123.ics')).toBe('/api/calendar/[redacted].ics');
  });
});
