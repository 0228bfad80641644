import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import { bearer, createTestApp, databaseTargets, uniqueTelephone } from './helpers.ts';

describe.each(databaseTargets)('logs on $name', (target) => {
  it('carry request ids and never a password, token or Authorization header', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions('trace');
    const t = await createTestApp(target, {
      logger: typeof options === 'object' ? { ...options, stream } : { level: 'trace', stream },
    });
    try {
      const password = 'LogSecret2024';
      const telephone = uniqueTelephone();
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'Log Tester', email: 'log@example.com', telephone, password },
      });
      expect(register.statusCode).toBe(201);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { telephone, password } });
      expect(login.statusCode).toBe(200);
      const failed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone, password: 'WrongLogSecret1' },
      });
      expect(failed.statusCode).toBe(401);
      const tokens = [register.json().token as string, login.json().token as string];
      for (const token of tokens) {
        expect((await t.app.inject({ method: 'POST', url: '/api/auth/getUser', payload: { token } })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'POST', url: '/api/auth/getUser', headers: bearer(token) })).statusCode).toBe(200);
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
        { req: { headers: { authorization: 'Bearer leaked-header-token' } }, body: { password, token: tokens[0] } },
        'an over-eager log line',
      );

      const log = lines.join('');
      expect(log).toContain('an over-eager log line');
      expect(log).not.toContain('leaked-header-token');
      expect(lines.length).toBeGreaterThan(10);
      expect(log).toContain('"reqId"');
      for (const secret of [password, 'WrongLogSecret1', ...tokens]) expect(log).not.toContain(secret);
      expect(log.toLowerCase()).not.toContain('bearer ');
    } finally {
      await t.close();
    }
  });
});
