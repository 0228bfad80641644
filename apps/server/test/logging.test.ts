import { describe, expect, it } from 'vitest';
import { createPasswordReset } from '../src/features/auth/auth.service.ts';
import { passwordResetLink } from '../src/cli/commands/users.ts';
import {
  bearer,
  createLoggedTestApp,
  databaseTargets,
  registerAccount,
  uniqueTelephone,
} from './helpers.ts';
import { createCourse, enroll, registerTeacher, uploadHomework } from './course-fixtures.ts';

describe.each(databaseTargets)('logs on $name', (target) => {
  it('carry request ids and never a password, token or Authorization header', async () => {
    const t = await createLoggedTestApp(target, 'trace');
    const { lines } = t;
    try {
      const password = 'LogSecret2024';
      const telephone = uniqueTelephone();
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'Log Tester', email: 'log@example.com', telephone, password },
      });
      expect(register.statusCode).toBe(201);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone, password },
      });
      expect(login.statusCode).toBe(200);
      const failed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone, password: 'WrongLogSecret1' },
      });
      expect(failed.statusCode).toBe(401);
      const tokens = [register.json().token as string, login.json().token as string];
      for (const token of tokens) {
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/auth/getUser', payload: { token } }))
            .statusCode,
        ).toBe(200);
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/auth/getUser', headers: bearer(token) }))
            .statusCode,
        ).toBe(200);
      }
      await t.app.inject({
        method: 'PUT',
        url: '/api/auth/updateUser',
        payload: { username: 'Log Tester', email: 'log@example.com', telephone, bio: '' },
        headers: { ...bearer(tokens[0]!), cookie: `session=${tokens[0]}` },
      });
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(tokens[1]!) });

      // Whatever a later feature logs by mistake, the redaction paths hide it.
      t.app.log.info(
        {
          req: { headers: { authorization: 'Bearer leaked-header-token' } },
          body: { password, token: tokens[0] },
        },
        'an over-eager log line',
      );

      const log = lines.join('');
      expect(log).toContain('an over-eager log line');
      expect(log).not.toContain('leaked-header-token');
      expect(log).toContain('"body":{"password":"[redacted]","token":"[redacted]"}');
      // One access line per request: the nine above, each with its own id.
      const access = lines
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.req && entry.msg !== 'an over-eager log line');
      expect(access.map((entry) => entry.msg)).toEqual(Array(9).fill('request completed'));
      expect(new Set(access.map((entry) => entry.reqId)).size).toBe(9);
      expect(access[1]).toMatchObject({
        req: { method: 'POST', url: '/api/auth/login', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
      });
      expect(access[2]).toMatchObject({ res: { statusCode: 401 } });
      expect(typeof access[1].responseTime).toBe('number');
      for (const secret of [password, 'WrongLogSecret1', ...tokens])
        expect(log).not.toContain(secret);
      expect(log.toLowerCase()).not.toContain('bearer ');
    } finally {
      await t.close();
    }
  });

  it('password change, reset link, upload and failures: no secret or file content, and every request line has its reqId', async () => {
    const t = await createLoggedTestApp(target, 'trace');
    const { lines } = t;
    try {
      const startupLines = lines.length;
      const secrets: string[] = [];
      const password = 'FlowSecret2024';
      const telephone = uniqueTelephone();
      secrets.push(password);

      const register = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'Flow Tester', email: 'flow@example.com', telephone, password },
      });
      expect(register.statusCode).toBe(201);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone, password },
      });
      const token = login.json().token as string;
      secrets.push(register.json().token, token);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/getUser', payload: { token } }))
          .statusCode,
      ).toBe(200);

      const changed = 'FlowChanged2025';
      secrets.push(changed);
      const change = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: bearer(token),
        payload: { currentPassword: password, newPassword: changed },
      });
      expect(change.statusCode).toBe(200);
      const wrongCurrent = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: bearer(token),
        payload: { currentPassword: 'FlowWrongGuess1', newPassword: 'FlowOther2025' },
      });
      expect(wrongCurrent.statusCode).toBe(400);
      secrets.push('FlowWrongGuess1', 'FlowOther2025');

      const reset = await createPasswordReset(t.db, telephone);
      const link = passwordResetLink(t.config.publicUrl, reset.token);
      secrets.push(reset.token, link);
      // The link opened in a browser: its URL reaches the request log.
      await t.app.inject({ url: `/reset-password?token=${encodeURIComponent(reset.token)}` });
      const resetPassword = 'FlowReset2025';
      secrets.push(resetPassword);
      const resetDone = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: reset.token, password: resetPassword },
      });
      expect(resetDone.statusCode).toBe(200);
      const resetAgain = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: reset.token, password: 'FlowAgain2025' },
      });
      expect(resetAgain.statusCode).toBe(400);

      const teacher = await registerTeacher(t.app, t.db, { password: 'FlowTeacher2024' });
      const student = await registerAccount(t.app, { password: 'FlowStudent2024' });
      secrets.push('FlowTeacher2024', 'FlowStudent2024', teacher.token, student.token);
      const course = await createCourse(t.app, teacher);
      await enroll(t.app, student, course._id);
      const fileContent = 'Flow homework: the secret answer is 8f3b2c41';
      secrets.push('8f3b2c41');
      const homework = await uploadHomework(t.app, student, course._id, {
        content: Buffer.from(fileContent),
        filename: 'answers.txt',
      });
      const download = await t.app.inject({
        url: `/api/homework/${homework._id}/file`,
        headers: bearer(teacher.token),
      });
      expect(download.body).toBe(fileContent);

      // Failing requests: a bad token, a bad body, an unknown path.
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/getUser',
            payload: { token: 'FlowBogusToken123' },
          })
        ).statusCode,
      ).toBe(401);
      secrets.push('FlowBogusToken123');
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { telephone, password: 7 },
          })
        ).statusCode,
      ).toBe(400);
      expect((await t.app.inject({ url: '/api/nope?token=FlowQueryToken99' })).statusCode).toBe(
        404,
      );
      secrets.push('FlowQueryToken99');

      const requestLines = lines.slice(startupLines);
      expect(requestLines.length).toBeGreaterThan(20);
      const log = requestLines.join('');
      for (const secret of secrets) {
        expect(
          requestLines.filter((line) => line.includes(secret)),
          secret.slice(0, 12),
        ).toEqual([]);
      }
      expect(log).not.toContain(encodeURIComponent(reset.token));
      expect(log).toContain('/reset-password?token=[redacted]');
      for (const line of requestLines) {
        const entry = JSON.parse(line) as { reqId?: unknown };
        expect(typeof entry.reqId, line).toBe('string');
      }
    } finally {
      await t.close();
    }
  });
});
