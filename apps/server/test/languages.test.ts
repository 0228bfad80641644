import { describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import {
  bearer,
  databaseTargets,
  PASSWORD,
  registerAccount,
  uniqueTelephone,
  useTestApp,
  validApplication,
} from './helpers.ts';

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
});
