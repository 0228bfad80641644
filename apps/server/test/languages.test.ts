import { describe, expect, it } from 'vitest';
import {
  messages,
  NOTIFICATION_KIND_LABELS,
  notificationMailText,
  serverMessages,
  type Language,
} from '@urok/contract';
import { submitApplication } from '../src/features/applications/applications.service.ts';
import { setOperator } from '../src/features/admin/admin.service.ts';
import { cliActor } from '../src/lib/audit.ts';
import { escapeHtml } from '../src/lib/html.ts';
import { speaking } from '../src/lib/language.ts';
import {
  bearer,
  chooseLanguage,
  databaseTargets,
  PASSWORD,
  registerAccount,
  uniqueTelephone,
  useTestApp,
  validApplication,
  type Account,
} from './helpers.ts';

/** A text of the catalog as `language` words it. */
const inLanguage = <T>(language: Language, text: () => T): T => speaking(language, text);

/** DESIGN section 16: the API answers in the user's language, else Accept-Language's. */
describe.each(databaseTargets)('languages on $name', (target) => {
  const t = useTestApp(target);
  const missingCourse = '/api/courses/00000000-0000-4000-8000-000000000000';

  it('answers the same request in Ukrainian or English by Accept-Language, and says which', async () => {
    const uk = await t.app.inject({ method: 'GET', url: missingCourse });
    expect(uk.statusCode).toBe(404);
    expect(uk.json().message).toBe('Курс не знайдено.');
    expect(uk.headers['content-language']).toBe('uk');
    expect(String(uk.headers.vary)).toMatch(/Accept-Language/);

    const en = await t.app.inject({
      method: 'GET',
      url: missingCourse,
      headers: { 'accept-language': 'en-GB,en;q=0.9,uk;q=0.5' },
    });
    expect(en.statusCode).toBe(404);
    expect(en.json().message).toBe('Course not found.');
    expect(en.headers['content-language']).toBe('en');

    const ukFirst = await t.app.inject({
      method: 'GET',
      url: missingCourse,
      headers: { 'accept-language': 'uk,en;q=0.9' },
    });
    expect(ukFirst.json().message).toBe('Курс не знайдено.');
  });

  it("a schema's message (made when the server started) is translated too", async () => {
    const body = { username: '', email: '', telephone: '', password: '' };
    const uk = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      headers: { 'accept-language': 'en' },
    });
    expect(uk.statusCode).toBe(400);
    expect(en.statusCode).toBe(400);
    // The specification words this one in English for both.
    expect(en.json().message).toBe(uk.json().message);

    const application = validApplication({ fullName: 'Я' });
    const ukName = await t.app.inject({
      method: 'POST',
      url: '/api/applications/teachers',
      payload: application,
    });
    expect(ukName.statusCode).toBe(400);
    expect(ukName.json().fields.fullName).toBe(messages.fullNameRequired);
    expect(messages.fullNameRequired).toBe("Вкажіть повне ім'я (від 3 до 100 символів).");
    const enName = await t.app.inject({
      method: 'POST',
      url: '/api/applications/teachers',
      payload: application,
      headers: { 'accept-language': 'en' },
    });
    expect(enName.statusCode).toBe(400);
    expect(enName.json()).toMatchObject({
      message: 'Enter your full name (3 to 100 characters).',
      fields: { fullName: 'Enter your full name (3 to 100 characters).' },
    });
  });

  it("a signed-in user's language rules over Accept-Language, and is kept on the account", async () => {
    const student = await registerAccount(t.app);
    expect(student.user.language).toBe('uk');
    const profile = {
      username: student.user.username,
      telephone: student.user.telephone,
      email: 'student@example.com',
      bio: '',
    };
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updateUser',
      payload: { ...profile, language: 'fr' },
      headers: bearer(student.token),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.language).toBe(messages.languageInvalid);

    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updateUser',
      payload: { ...profile, language: 'en' },
      headers: bearer(student.token),
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().user.language).toBe('en');
    // The answer to the change itself is in the new language.
    expect(chosen.headers['content-language']).toBe('en');

    const read = await t.app.inject({
      method: 'POST',
      url: '/api/auth/getUser',
      headers: { ...bearer(student.token), 'accept-language': 'uk' },
    });
    expect(read.json().user.language).toBe('en');
    const missing = await t.app.inject({
      method: 'POST',
      url: `${missingCourse}/enroll`,
      headers: { ...bearer(student.token), 'accept-language': 'uk' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Course not found.');
    expect(missing.headers['content-language']).toBe('en');

    // A profile saved without `language` keeps it.
    const kept = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updateUser',
      payload: profile,
      headers: bearer(student.token),
    });
    expect(kept.json().user.language).toBe('en');
  });

  it('a new account takes the language its registration asked in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'Emily Carter',
        email: 'emily@example.com',
        telephone: uniqueTelephone(),
        password: PASSWORD,
      },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.language).toBe('en');
  });
  const choose = (account: Account, language: Language) => chooseLanguage(t.app, account, language);

  it("the unsubscribe page speaks its account's language, whatever the browser asks", async () => {
    const pageOf = (html: string) => ({
      lang: /<html lang="([^"]+)"/.exec(html)?.[1],
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    });
    const kind = 'homework.graded' as const;
    const english = await registerAccount(t.app);
    await choose(english, 'en');
    const link = t.app.unsubscribeSigner.url('https://urok.school', english.user._id, kind);
    const path = link.replace('https://urok.school', '');
    const en = (text: () => string) => escapeHtml(inLanguage('en', text));

    // The browser asks for Ukrainian; the account reads English.
    const question = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-language': 'uk' },
    });
    expect(question.statusCode).toBe(200);
    expect(pageOf(question.body)).toEqual({
      lang: 'en',
      title: en(() => serverMessages.unsubscribePageTitle(notificationMailText.unsubscribeTitle)),
    });
    expect(pageOf(question.body).title).toMatch(/ — Urok$/);
    expect(question.body).toContain(
      en(() => notificationMailText.unsubscribeQuestion(NOTIFICATION_KIND_LABELS[kind])),
    );
    expect(question.body).toContain(en(() => notificationMailText.unsubscribeButton));
    expect(question.body).not.toContain('Урок');

    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'uk' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(pageOf(done.body).lang).toBe('en');
    expect(done.body).toContain(
      en(() => notificationMailText.unsubscribeDone(NOTIFICATION_KIND_LABELS[kind])),
    );

    // A Ukrainian account's page is as it always was, whatever the browser asks.
    const ukrainian = await registerAccount(t.app);
    const ukLink = t.app.unsubscribeSigner.url('https://urok.school', ukrainian.user._id, kind);
    const uk = await t.app.inject({
      method: 'GET',
      url: ukLink.replace('https://urok.school', ''),
      headers: { 'accept-language': 'en' },
    });
    expect(pageOf(uk.body)).toEqual({ lang: 'uk', title: 'Відписка від листів — Урок' });
    expect(uk.body).toContain(escapeHtml('Більше не надсилати листів «Оцінки моїх робіт»?'));

    // A link that is not genuine names no account: its page speaks the request's language.
    const forged = `${path.replace(/sig=[^&]*/, 'sig=forged')}`;
    const invalid = await t.app.inject({
      method: 'GET',
      url: forged,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(pageOf(invalid.body)).toEqual({
      lang: 'en',
      title: en(() => serverMessages.unsubscribePageTitle(notificationMailText.unsubscribeTitle)),
    });
    expect(pageOf(invalid.body).title).toMatch(/ — Urok$/);
    expect(invalid.body).toContain(en(() => notificationMailText.unsubscribeInvalid));
    const invalidUk = await t.app.inject({ method: 'GET', url: forged });
    expect(pageOf(invalidUk.body)).toEqual({ lang: 'uk', title: 'Відписка від листів — Урок' });
  });

  it("the console's refusals of an application: the operator's language, else Accept-Language's", async () => {
    const operator = await registerAccount(t.app);
    await setOperator(t.db, operator.user._id, true, cliActor('test'));
    const decide = (id: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/applications/${id}/approve`,
        payload: {},
        headers: { ...bearer(operator.token), ...headers },
      });

    const missing = await decide('no-such-id', { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(404);
    // Signed in, the operator's own language (Ukrainian) rules over the header.
    expect(missing.json().message).toBe('Заявки викладача з ідентифікатором no-such-id немає.');

    const application = await submitApplication(t.db, validApplication(), { autoApprove: false });
    expect((await decide(application._id)).statusCode).toBe(200);
    const again = await decide(application._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Заявку ${application._id} вже схвалено.`);

    await choose(operator, 'en');
    const againEn = await decide(application._id, { 'accept-language': 'uk' });
    expect(againEn.json().message).toBe(`Application ${application._id} is already approved.`);
    expect(againEn.headers['content-language']).toBe('en');
    expect((await decide('no-such-id')).json().message).toBe(
      'No teacher application with id no-such-id.',
    );
  });

  it('an operator who signed up asking in English is answered in English', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'Olivia Brown',
        email: 'olivia@example.com',
        telephone: uniqueTelephone(),
        password: PASSWORD,
      },
      headers: { 'accept-language': 'en-GB,en;q=0.9,uk;q=0.8' },
    });
    expect(response.statusCode).toBe(201);
    const { token, user } = response.json();
    await setOperator(t.db, user._id, true, cliActor('test'));
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/applications/no-such-id/reject',
      payload: {},
      headers: { ...bearer(token), 'accept-language': 'en-GB,en;q=0.9,uk;q=0.8' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No teacher application with id no-such-id.');
    expect(missing.headers['content-language']).toBe('en');
  });
});
