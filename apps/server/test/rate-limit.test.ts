import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import { MemoryRateLimiter, RATE_LIMITS, unlimitedRateLimiter } from '../src/lib/rate-limiter.ts';
import {
  databaseTargets,
  PASSWORD,
  registerAccount,
  uniqueTelephone,
  useTestApp,
  validApplication,
} from './helpers.ts';

describe('MemoryRateLimiter', () => {
  let clock = 0;
  let limiter: MemoryRateLimiter;
  const rule = { name: 'test', limit: 3, windowSeconds: 60 };
  const make = (options: { maxBuckets?: number } = {}) => {
    clock = 1_000_000;
    limiter = new MemoryRateLimiter({ now: () => clock, ...options });
    return limiter;
  };
  afterEach(async () => {
    await limiter.close();
  });

  it('allows `limit` calls per window, then refuses with the seconds left', async () => {
    make();
    for (let i = 0; i < 3; i += 1)
      expect(await limiter.consume('k', rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    clock += 15_500;
    expect(await limiter.consume('k', rule)).toEqual({ allowed: false, retryAfterSeconds: 45 });
  });

  it('starts a new window once the old one has ended', async () => {
    make();
    for (let i = 0; i < 4; i += 1) await limiter.consume('k', rule);
    clock += 60_000;
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
  });

  it('keeps keys and rules apart', async () => {
    make();
    for (let i = 0; i < 3; i += 1) await limiter.consume('a', rule);
    expect((await limiter.consume('a', rule)).allowed).toBe(false);
    expect((await limiter.consume('b', rule)).allowed).toBe(true);
    expect((await limiter.consume('a', { ...rule, name: 'other' })).allowed).toBe(true);
  });

  it('sweeps expired buckets', async () => {
    make();
    await limiter.consume('a', rule);
    await limiter.consume('b', { ...rule, windowSeconds: 600 });
    clock += 61_000;
    limiter.sweep();
    expect(limiter.size).toBe(1);
  });

  it('never holds more than maxBuckets', async () => {
    make({ maxBuckets: 100 });
    for (let i = 0; i < 1000; i += 1) await limiter.consume(`ip-${i}`, rule);
    expect(limiter.size).toBeLessThanOrEqual(100);
  });

  it('the unlimited limiter allows everything (RATE_LIMIT=off)', async () => {
    make();
    for (let i = 0; i < 1000; i += 1)
      expect((await unlimitedRateLimiter.consume('k', rule)).allowed).toBe(true);
  });
});

describe.each(databaseTargets)('throttling on $name', (target) => {
  const t = useTestApp(target, { config: { rateLimit: true } });

  const login = (telephone: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { telephone, password },
      remoteAddress,
    });

  function expectTooMany(response: Awaited<ReturnType<typeof login>>, windowSeconds: number) {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      message: messages.tooManyRequests,
      code: 'TOO_MANY_REQUESTS',
    });
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  }

  it(`login: ${RATE_LIMITS.loginPerTelephone.limit} attempts per telephone, in any spelling, then 429 even for the right password`, async () => {
    const account = await registerAccount(t.app, {}, '10.0.0.1');
    const { limit, windowSeconds } = RATE_LIMITS.loginPerTelephone;
    for (let i = 0; i < limit; i += 1) {
      const spelling = i % 2 === 0 ? account.telephone : account.telephone.slice(1);
      expect((await login(spelling, 'Wrong2024x', `10.0.1.${i}`)).statusCode).toBe(401);
    }
    expectTooMany(await login(account.telephone, PASSWORD, '10.0.2.1'), windowSeconds);
    // Another number is not affected.
    const other = await registerAccount(t.app, {}, '10.0.0.2');
    expect((await login(other.telephone, PASSWORD, '10.0.2.2')).statusCode).toBe(200);
  });

  it(`login: ${RATE_LIMITS.loginPerIp.limit} attempts per address, then 429; other addresses go on`, async () => {
    const { limit, windowSeconds } = RATE_LIMITS.loginPerIp;
    for (let i = 0; i < limit; i += 1) {
      expect((await login(uniqueTelephone(), PASSWORD, '10.1.0.1')).statusCode).toBe(401);
    }
    expectTooMany(await login(uniqueTelephone(), PASSWORD, '10.1.0.1'), windowSeconds);
    expect((await login(uniqueTelephone(), PASSWORD, '10.1.0.2')).statusCode).toBe(401);
  });

  it(`register: ${RATE_LIMITS.registerPerIp.limit} per address an hour, then 429`, async () => {
    const { limit, windowSeconds } = RATE_LIMITS.registerPerIp;
    for (let i = 0; i < limit; i += 1) await registerAccount(t.app, {}, '10.2.0.1');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'One More',
        email: 'more@example.com',
        telephone: uniqueTelephone(),
        password: PASSWORD,
      },
      remoteAddress: '10.2.0.1',
    });
    expectTooMany(refused, windowSeconds);
    await registerAccount(t.app, {}, '10.2.0.2');
  });

  it(`teacher applications: ${RATE_LIMITS.teacherApplicationPerIp.limit} per address an hour, then 429`, async () => {
    const { limit, windowSeconds } = RATE_LIMITS.teacherApplicationPerIp;
    const apply = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/applications/teachers',
        payload: validApplication(),
        remoteAddress,
      });
    for (let i = 0; i < limit; i += 1) expect((await apply('10.3.0.1')).statusCode).toBe(201);
    expectTooMany(await apply('10.3.0.1'), windowSeconds);
    expect((await apply('10.3.0.2')).statusCode).toBe(201);
  });
});

describe.each(databaseTargets)('RATE_LIMIT=off on $name', (target) => {
  const t = useTestApp(target, { config: { rateLimit: false } });

  it('never answers 429', async () => {
    const account = await registerAccount(t.app);
    for (let i = 0; i < RATE_LIMITS.loginPerTelephone.limit + 5; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: account.telephone, password: 'Wrong2024x' },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
