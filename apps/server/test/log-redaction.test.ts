import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LOG_CENSOR, redactLogFields, redactUrlSecrets } from '../src/lib/log-redaction.ts';
import { createLoggedTestApp, databaseTargets } from './helpers.ts';

describe('redactUrlSecrets', () => {
  it('cuts every secret out of a URL, in any case, and leaves a URL without one as it is', () => {
    expect(redactUrlSecrets('/api/courses?limit=24&q=sig')).toBe('/api/courses?limit=24&q=sig');
    expect(redactUrlSecrets('/api/files?signature=1&designation=2')).toBe(
      '/api/files?signature=1&designation=2',
    );
    expect(redactUrlSecrets('/reset?TOKEN=abc&x=1')).toBe(`/reset?TOKEN=${LOG_CENSOR}&x=1`);
    expect(redactUrlSecrets('/api/lessons/1/video?u=2&Sig=s#t')).toBe(
      `/api/lessons/1/video?u=2&Sig=${LOG_CENSOR}#t`,
    );
    expect(redactUrlSecrets('/api/Calendar/abc.ics?access_token=z')).toBe(
      `/api/Calendar/${LOG_CENSOR}.ics?access_token=${LOG_CENSOR}`,
    );
  });
});

describe('redactLogFields', () => {
  it('censors the secrets of every field, one level down, in a copy', () => {
    const fields = {
      body: { password: 'p', token: 't', currentPassword: 'c', newPassword: 'n', username: 'u' },
      busboyOptions: { headers: { authorization: 'Bearer x', cookie: 's=1', host: 'h' } },
      count: 3,
      note: 'kept',
    };
    const before = structuredClone(fields);
    const redacted = redactLogFields(fields);
    expect(redacted).toEqual({
      body: {
        password: LOG_CENSOR,
        token: LOG_CENSOR,
        currentPassword: LOG_CENSOR,
        newPassword: LOG_CENSOR,
        username: 'u',
      },
      busboyOptions: { headers: { authorization: LOG_CENSOR, cookie: LOG_CENSOR, host: 'h' } },
      count: 3,
      note: 'kept',
    });
    // The caller's objects are never changed.
    expect(fields).toEqual(before);
  });

  it('censors a secret logged as a field of its own', () => {
    expect(redactLogFields({ password: 'p', token: 't', user: 'u' })).toEqual({
      password: LOG_CENSOR,
      token: LOG_CENSOR,
      user: 'u',
    });
  });

  it('returns a line without secrets as the same object, untouched', () => {
    const fields = { res: { statusCode: 200 }, responseTime: 1.5, body: { username: 'u' } };
    expect(redactLogFields(fields)).toBe(fields);
    expect(redactLogFields({})).toEqual({});
  });

  it('keeps an error an error: prototype, message and stack', () => {
    const error = Object.assign(new TypeError('broken'), { password: 'leaked', code: 'E_X' });
    const redacted = redactLogFields({ err: error }).err;
    expect(redacted).toBeInstanceOf(TypeError);
    expect(redacted).not.toBe(error);
    expect(redacted.message).toBe('broken');
    expect(redacted.stack).toBe(error.stack);
    expect(redacted.password).toBe(LOG_CENSOR);
    expect(redacted.code).toBe('E_X');
    expect(error.password).toBe('leaked');
  });

  it('censors headers an object reads through a getter', () => {
    class RawLike {
      get headers() {
        return { authorization: 'Bearer getter-token' };
      }
    }
    const redacted = redactLogFields({ raw: new RawLike() }).raw;
    expect(redacted.headers).toEqual({ authorization: LOG_CENSOR });
  });

  it('leaves a request under `req` to its serializer, and redacts anything else called req', () => {
    const request = { method: 'GET', url: '/x', headers: { authorization: 'Bearer t' } };
    expect(redactLogFields({ req: request }).req).toBe(request);
    const handWritten = { headers: { authorization: 'Bearer t' } };
    expect(redactLogFields({ req: handWritten }).req).toEqual({
      headers: { authorization: LOG_CENSOR },
    });
  });
});

describe.each(databaseTargets)('access log on $name', (target) => {
  it('writes one line for a request its client abandons, and the bearer token of none', async () => {
    const t = await createLoggedTestApp(target, 'info');
    const { lines } = t;
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const entries = () =>
        lines.map((line) => JSON.parse(line) as { msg: string; reqId?: unknown; req?: object });

      // A sign-in whose body never arrives in full: the client goes away.
      const arrived = new Promise((resolve) => t.app.server.once('request', resolve));
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n' +
          'authorization: Bearer abandoned-token\r\ncontent-length: 100\r\n\r\n{"telephone":',
      );
      await arrived;
      socket.destroy();
      await expect
        .poll(() => entries().filter((entry) => entry.msg === 'request aborted').length, {
          timeout: 5000,
        })
        .toBe(1);

      const aborted = entries().find((entry) => entry.msg === 'request aborted')!;
      expect(aborted.req).toMatchObject({ method: 'POST', url: '/api/auth/login' });
      expect(typeof aborted.reqId).toBe('string');
      expect(entries().filter((entry) => entry.msg === 'request completed')).toEqual([]);
      expect(entries().filter((entry) => entry.msg === 'incoming request')).toEqual([]);
      expect(lines.join('')).not.toContain('abandoned-token');
    } finally {
      await t.close();
    }
  });
});
