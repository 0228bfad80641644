import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { RATE_LIMITS } from '../src/lib/rate-limiter.ts';
import { databaseTargets, PASSWORD, uniqueTelephone, useTestApp } from './helpers.ts';

// Per-address limits behind a reverse proxy (TRUST_PROXY): the address a
// limit counts is the one the trusted proxy saw, whatever the client wrote
// at the left of X-Forwarded-For. The HSTS side is in security-headers.test.ts.

/** TRUST_PROXY as the server reads it from the environment. */
const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe.each(databaseTargets)('per-address limits behind a proxy on $name', (target) => {
  const hops = useTestApp(target, { config: { rateLimit: true, trustProxy: trustProxy('1') } });
  const listed = useTestApp(target, {
    config: { rateLimit: true, trustProxy: trustProxy('127.0.0.1,10.0.0.0/8') },
  });

  const register = (t: typeof hops, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'Taras Bondar',
        email: 'taras@example.com',
        telephone: uniqueTelephone(),
        password: PASSWORD,
      },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('TRUST_PROXY=1: the address the proxy saw counts, not a forged left-most X-Forwarded-For entry', async () => {
    const { limit } = RATE_LIMITS.registerPerIp;
    // The proxy (127.0.0.1) appends the client it saw (203.0.113.7) to whatever the client sent.
    for (let i = 0; i < limit; i += 1) {
      const response = await register(hops, '127.0.0.1', `198.51.100.${i}, 203.0.113.7`);
      expect(response.statusCode).toBe(201);
    }
    const forged = await register(hops, '127.0.0.1', '198.51.100.250, 203.0.113.7');
    expect(forged.statusCode).toBe(429);
    // Another client behind the same proxy has a limit of its own.
    expect((await register(hops, '127.0.0.1', '198.51.100.250, 203.0.113.8')).statusCode).toBe(201);
  });

  it("TRUST_PROXY=<addresses>: only a listed proxy's X-Forwarded-For counts", async () => {
    const { limit } = RATE_LIMITS.registerPerIp;
    // Through two listed proxies (10.0.0.5 forwards to 127.0.0.1): the client is 203.0.113.30.
    for (let i = 0; i < limit; i += 1) {
      const response = await register(
        listed,
        '127.0.0.1',
        `198.51.100.${i}, 203.0.113.30, 10.0.0.5`,
      );
      expect(response.statusCode).toBe(201);
    }
    expect(
      (await register(listed, '127.0.0.1', '198.51.100.1, 203.0.113.30, 10.0.0.5')).statusCode,
    ).toBe(429);
    // A client that is not a listed proxy names no address but its own, whatever it sends.
    for (let i = 0; i < limit; i += 1) {
      expect((await register(listed, '203.0.113.40', `198.51.100.${i}`)).statusCode).toBe(201);
    }
    expect((await register(listed, '203.0.113.40', '198.51.100.251')).statusCode).toBe(429);
  });
});
