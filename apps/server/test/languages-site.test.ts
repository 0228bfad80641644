import { describe, expect, it } from 'vitest';
import { classMessages, messages, siteMessages } from '@urok/contract';
import { bearer, databaseTargets, registerAccount, useTestApp, type Account } from './helpers.ts';
import { registerTeacher } from './course-fixtures.ts';

const ENGLISH = { 'accept-language': 'en' };

/** DESIGN section 16: the answers of the site, classes and uploads modules in English too. */
describe.each(databaseTargets)(
  'English answers of the site, classes and uploads on $name',
  (target) => {
    const t = useTestApp(target);

    /** The account's own language rules over Accept-Language: choose English on it. */
    async function chooseEnglish(account: Account) {
      const { username, telephone } = account.user;
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/updateUser',
        payload: { username, telephone, email: 'someone@example.com', bio: '', language: 'en' },
        headers: bearer(account.token),
      });
      expect(response.statusCode).toBe(200);
    }

    it("a pledge's schema message (made at start) and its success answer", async () => {
      const pledge = (payload: object, headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'POST', url: '/api/pledges', payload, headers });
      const uk = await pledge({ name: 'Я', amount: 500 });
      expect(uk.statusCode).toBe(400);
      expect(uk.json().fields.name).toBe(siteMessages.pledgeNameInvalid);
      const en = await pledge({ name: 'Я', amount: 500 }, ENGLISH);
      expect(en.statusCode).toBe(400);
      expect(en.json().fields.name).toBe('Enter a name (2 to 100 characters).');
      const saved = await pledge({ name: 'Emily Carter', amount: 500 }, ENGLISH);
      expect(saved.statusCode).toBe(201);
      expect(saved.json().message).toBe('Thank you! Your pledge has been saved.');
    });

    it("a class's answer, and an upload's message with a value", async () => {
      const student = await registerAccount(t.app);
      const join = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/courses/join',
          payload: { code: 'K7MPQ2XA' },
          headers: { ...bearer(student.token), ...headers },
        });
      // A signed-in user's own language (Ukrainian at sign-up) rules over Accept-Language.
      expect((await join(ENGLISH)).json().message).toBe(classMessages.joinCodeNotFound);
      await chooseEnglish(student);
      const en = await join({});
      expect(en.statusCode).toBe(404);
      expect(en.json().message).toBe('Code not found');

      const teacher = await registerTeacher(t.app, t.db);
      const upload = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: {
            'tus-resumable': '1.0.0',
            'upload-length': '100',
            'upload-metadata': `purpose ${Buffer.from('attachment').toString('base64')},filename ${Buffer.from('a.pdf').toString('base64')}`,
            ...bearer(teacher.token),
            ...headers,
          },
        });
      const ukUpload = await upload({});
      expect(ukUpload.statusCode).toBe(400);
      expect(ukUpload.json().message).toBe('Вкажіть lessonId.');
      expect(ukUpload.json().message).toBe(messages.uploadFieldRequired('lessonId'));
      await chooseEnglish(teacher);
      const enUpload = await upload({});
      expect(enUpload.statusCode).toBe(400);
      expect(enUpload.json().message).toBe('Specify lessonId.');
    });
  },
);
