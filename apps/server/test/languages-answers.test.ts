// The asker's language travels on the request (lib/language.ts): every kind of
// answer that words something — an error with values, a success message, an
// export, a feed, a default name, an answer sent without the error handler —
// speaks the asker's language, and the language of one request never leaks
// into another's.
import { describe, expect, it } from 'vitest';
import {
  accountMessages,
  classMessages,
  messages,
  notificationMailText,
  notificationMessages,
  quizImportMessages,
  serverMessages,
  siteMessages,
  translateText,
  type Language,
} from '@urok/contract';
import type { Outline, Question, QuizStatistics } from '@urok/contract/schemas';
import { speaking } from '../src/lib/language.ts';
import {
  bearer,
  chooseLanguage,
  databaseTargets,
  PASSWORD,
  registerAccount,
  useTestApp,
  type Account,
} from './helpers.ts';
import {
  createCourse,
  enroll,
  registerTeacher,
  SAMPLE_PDF,
  uploadHomework,
  uploadHomeworkRequest,
} from './course-fixtures.ts';
import { addQuiz, answerSlot, quizCall, startAttempt, submit } from './quiz-fixtures.ts';

const en = <T>(text: () => T): T => speaking('en', text);

describe('the Ukrainian text of a message the server reads', () => {
  // The edge translates a message by its Ukrainian text (translateText): two messages with the
  // same Ukrainian and different English would give the asker the wrong one.
  it('translates back to its own English', () => {
    const views: [string, Record<string, unknown>, string[]?][] = [
      ['accountMessages', accountMessages],
      ['classMessages', classMessages],
      ['messages', messages],
      ['notificationMailText', notificationMailText],
      ['notificationMessages', notificationMessages],
      ['quizImportMessages', quizImportMessages],
      ['serverMessages', serverMessages],
      // The landing page's texts are the web app's, but for the pledge's answer.
      ['siteMessages', siteMessages, ['pledgeReceived']],
    ];
    const wrong: string[] = [];
    for (const [name, view, keys = Object.keys(view)] of views)
      for (const key of keys) {
        const text = view[key];
        if (typeof text !== 'string') continue;
        if (translateText(text, 'en') !== en(() => view[key])) wrong.push(`${name}.${key}`);
      }
    expect(wrong).toEqual([]);
  });
});

describe('speaking', () => {
  it('words synchronous work in its language and refuses work that would resume in another', async () => {
    expect(speaking('en', () => messages.courseNotFound)).toBe('Course not found.');
    expect(messages.courseNotFound).toBe('Курс не знайдено.');
    expect(() => speaking('en', async () => messages.courseNotFound)).toThrow(/synchronous/);
    // Refused, the language is given back all the same.
    expect(messages.courseNotFound).toBe('Курс не знайдено.');
  });
});

// Wording is the same on either database: one is enough.
describe.each(databaseTargets.slice(0, 1))('answers in the asker language on $name', (target) => {
  const t = useTestApp(target, {
    config: {
      quota: {
        userBytes: 500 * 1024 * 1024,
        userFiles: 1,
        courseBytes: 5000 * 1024 * 1024,
        courseFiles: 5000,
      },
    },
  });

  const choose = (account: Account, language: Language) => chooseLanguage(t.app, account, language);

  it('an error with values, worded only when it is sent', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, teacher);
    const student = await registerAccount(t.app);
    await enroll(t.app, student, course._id);
    await choose(student, 'en');
    // The quota here is one file.
    await uploadHomework(t.app, student, course._id);
    const refused = await t.app.inject(
      uploadHomeworkRequest(student, course._id, { content: SAMPLE_PDF, filename: 'second.pdf' }),
    );
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(en(() => messages.quotaUserFiles(1)));
    expect(refused.json().message).toMatch(/^User quota exceeded/);
    expect(refused.headers['content-language']).toBe('en');

    // The same refusal, at the same moment, to a Ukrainian student.
    const other = await registerAccount(t.app);
    await enroll(t.app, other, course._id);
    await uploadHomework(t.app, other, course._id);
    const [uk, en2] = await Promise.all([
      t.app.inject(uploadHomeworkRequest(other, course._id)),
      t.app.inject(uploadHomeworkRequest(student, course._id)),
    ]);
    expect(uk.json().message).toBe(messages.quotaUserFiles(1));
    expect(uk.json().message).toMatch(/^Перевищено квоту користувача/);
    expect(en2.json().message).toBe(refused.json().message);
  });

  it('a success message, and answers sent without the error handler', async () => {
    const account = await registerAccount(t.app);
    await choose(account, 'en');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { currentPassword: PASSWORD, newPassword: 'Another2025' },
      headers: bearer(account.token),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(en(() => accountMessages.passwordChanged));

    const missing = await t.app.inject({
      url: '/api/no-such-route',
      headers: { 'accept-language': 'en' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Not found.');
    const malformed = await t.app.inject({
      url: '/api/courses/%E0%A4%A',
      headers: { 'accept-language': 'en' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(en(() => messages.badRequest));
  });

  it("exports, the feed and a course's default names in their reader's language", async () => {
    const teacher = await registerTeacher(t.app, t.db);
    await choose(teacher, 'en');
    const course = await createCourse(t.app, teacher);
    const outline = (
      await t.app.inject({
        url: `/api/courses/${course._id}/outline`,
        headers: bearer(teacher.token),
      })
    ).json() as Outline;
    expect(outline.sections[0]!.title).toBe('General');
    expect(outline.sections[0]!.items[0]).toMatchObject({ title: 'Homework' });
    // A course with no homework text gets its default assignment from a Ukrainian student's
    // first upload: named in its author's language all the same.
    const bare = await createCourse(t.app, teacher, { homeworkTask: '' });
    const pupil = await registerAccount(t.app);
    await enroll(t.app, pupil, bare._id);
    await uploadHomework(t.app, pupil, bare._id);
    const bareOutline = (
      await t.app.inject({
        url: `/api/courses/${bare._id}/outline`,
        headers: bearer(teacher.token),
      })
    ).json() as Outline;
    expect(bareOutline.sections[0]!.items.map((item) => item.title)).toEqual(['Homework']);

    const student = await registerAccount(t.app);
    await enroll(t.app, student, course._id);
    await uploadHomework(t.app, student, course._id);
    const gradebook = await t.app.inject({
      url: `/api/courses/${course._id}/gradebook.csv`,
      headers: bearer(teacher.token),
    });
    expect(gradebook.statusCode).toBe(200);
    const gradebookHead = gradebook.body.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(gradebookHead).toMatch(/^"Student",.*"Percentage"$/);
    expect(gradebook.body).toContain(en(() => messages.gradebookStatusSubmitted));
    expect(gradebook.headers['content-disposition']).toContain(
      encodeURIComponent(en(() => messages.gradebookFileSuffix)),
    );
    const grades = await t.app.inject({
      url: `/api/courses/${course._id}/grades.csv`,
      headers: bearer(teacher.token),
    });
    expect(grades.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain(
      `"${en(() => messages.csvTelephone)}"`,
    );

    const feed = await t.app.inject({
      method: 'POST',
      url: '/api/calendar/feed',
      headers: bearer(teacher.token),
    });
    // The calendar app asks in no language: the feed speaks its holder's.
    const ics = await t.app.inject({ url: new URL(feed.json().url as string).pathname });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain(`X-WR-CALNAME:${en(() => messages.calendarName)}`);
    expect(ics.headers['content-language']).toBe('en');
  });

  it("a quiz import's lines and its statistics", async () => {
    const author = await registerTeacher(t.app, t.db);
    await choose(author, 'en');
    const course = await createCourse(t.app, author);
    const importGift = (text: string) =>
      quizCall(t.app, author, 'POST', `courses/${course._id}/questions/import`, {
        format: 'gift',
        text,
      });
    const refused = await importGift('Столиця? {=Київ ~Львів ~Львів}\n');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(en(() => messages.importFailed));
    expect(refused.json().errors).toEqual([
      { line: 1, message: en(() => quizImportMessages.giftOptionDuplicate('Львів')) },
    ]);

    const imported = await importGift('Земля обертається навколо Сонця. {TRUE}\n');
    expect(imported.statusCode, imported.body).toBe(201);
    const [questionId] = imported.json().created as string[];
    const question = (
      await quizCall(t.app, author, 'GET', `courses/${course._id}/questions?limit=10`)
    ).json().questions[0] as Question;
    expect(question._id).toBe(questionId);
    const sectionId = (
      (
        await t.app.inject({
          url: `/api/courses/${course._id}/outline`,
          headers: bearer(author.token),
        })
      ).json() as Outline
    ).sections[0]!._id;
    const quiz = await addQuiz(t.app, author, course._id, {
      sectionId,
      title: 'Astronomy',
      published: true,
      slots: [{ questionId }],
    });
    const student = await registerAccount(t.app);
    await enroll(t.app, student, course._id);
    const attempt = await startAttempt(t.app, student, quiz._id);
    await answerSlot(t.app, student, attempt._id, 1, { value: true });
    await submit(t.app, student, attempt._id);
    const stats = (
      await quizCall(t.app, author, 'GET', `quizzes/${quiz._id}/statistics`)
    ).json() as QuizStatistics;
    expect(stats.questions[0]!.answers).toEqual([
      expect.objectContaining({ answer: en(() => quizImportMessages.importTrue) }),
    ]);
  });
});
