import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import { loadConfig } from '../src/config.ts';
import {
  FREE_SIGN_IN_FAILURES,
  signInFailureDelayMs,
} from '../src/features/auth/sign-in-throttle.ts';
import {
  addressKey,
  MemoryRateLimiter,
  RATE_LIMITS,
  unlimitedRateLimiter,
} from '../src/lib/rate-limiter.ts';
import {
  createTestApp,
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
    for (let i = 1; i <= 3; i += 1)
      expect(await limiter.consume('k', rule)).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
        count: i,
      });
    clock += 15_500;
    expect(await limiter.consume('k', rule)).toEqual({
      allowed: false,
      retryAfterSeconds: 45,
      count: 4,
    });
  });

  it('refund gives back one call, never below zero and never to an ended window', async () => {
    make();
    for (let i = 0; i < 5; i += 1) await limiter.consume('k', rule);
    await limiter.refund('k', rule);
    expect(await limiter.consume('k', rule)).toMatchObject({ allowed: true, count: 3 });
    expect((await limiter.consume('k', rule)).allowed).toBe(false);
    for (let i = 0; i < 5; i += 1) await limiter.refund('k', rule);
    expect(await limiter.consume('k', rule)).toMatchObject({ allowed: true, count: 1 });
    clock += 60_000;
    await limiter.refund('k', rule);
    expect(limiter.size).toBe(1);
    expect(await limiter.consume('k', rule)).toMatchObject({ allowed: true, count: 1 });
    await limiter.refund('never-seen', rule);
    expect(limiter.size).toBe(1);
  });

  it('reset forgets a key under one rule only', async () => {
    make();
    for (let i = 0; i < 3; i += 1) {
      await limiter.consume('k', rule);
      await limiter.consume('k', { ...rule, name: 'other' });
    }
    await limiter.reset('k', rule);
    expect(await limiter.consume('k', rule)).toMatchObject({ allowed: true, count: 1 });
    expect((await limiter.consume('k', { ...rule, name: 'other' })).allowed).toBe(false);
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

describe('addressKey', () => {
  it('keeps IPv4, maps IPv4-mapped IPv6 to IPv4, and takes the /64 of IPv6', () => {
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::10.0.0.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).not.toBe(addressKey('2001:db8:1:3:3:4:5:6'));
  });
});

describe.each(databaseTargets)('throttling on $name', (target) => {
  // A small first wait keeps the suite fast; the delay test measures the progression from it.
  const t = useTestApp(target, { config: { rateLimit: true, loginFailureDelayMs: 20 } });

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

  it(`login: ${RATE_LIMITS.loginFailuresPerPair.limit} failures of one telephone from one address, in any spelling, then 429 there even for the right password`, async () => {
    const account = await registerAccount(t.app, {}, '10.0.0.1');
    const { limit, windowSeconds } = RATE_LIMITS.loginFailuresPerPair;
    for (let i = 0; i < limit; i += 1) {
      const spelling = i % 2 === 0 ? account.telephone : account.telephone.slice(1);
      expect((await login(spelling, 'Wrong2024x', '10.0.1.1')).statusCode).toBe(401);
    }
    expectTooMany(await login(account.telephone, 'Wrong2024x', '10.0.1.1'), windowSeconds);
    expectTooMany(await login(account.telephone, PASSWORD, '10.0.1.1'), windowSeconds);
    // Another number from the same address is not affected.
    const other = await registerAccount(t.app, {}, '10.0.0.2');
    expect((await login(other.telephone, PASSWORD, '10.0.1.1')).statusCode).toBe(200);
  });

  it("login: the owner signs in from another address while a guesser's address is locked out", async () => {
    const account = await registerAccount(t.app, {}, '10.0.3.1');
    const { limit } = RATE_LIMITS.loginFailuresPerPair;
    for (let i = 0; i < limit; i += 1)
      expect((await login(account.telephone, `Guess${i}2024`, '10.0.3.66')).statusCode).toBe(401);
    expect((await login(account.telephone, PASSWORD, '10.0.3.66')).statusCode).toBe(429);
    const owner = await login(account.telephone, PASSWORD, '10.0.3.2');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user._id).toBe(account.user._id);
    // The owner's own mistakes from their address start from nothing.
    expect((await login(account.telephone, 'Typo2024x', '10.0.3.2')).statusCode).toBe(401);
    expect((await login(account.telephone, PASSWORD, '10.0.3.2')).statusCode).toBe(200);
  });

  it('login: successes do not count: 25 sign-ins in a row from one address all succeed', async () => {
    const account = await registerAccount(t.app, {}, '10.0.4.1');
    for (let i = 0; i < 25; i += 1)
      expect((await login(account.telephone, PASSWORD, '10.0.4.2')).statusCode, `${i + 1}`).toBe(
        200,
      );
  });

  it('login: a success forgives the earlier failures of its own telephone and address', async () => {
    const account = await registerAccount(t.app, {}, '10.0.5.1');
    const { limit } = RATE_LIMITS.loginFailuresPerPair;
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < limit - 1; i += 1)
        expect((await login(account.telephone, 'Wrong2024x', '10.0.5.2')).statusCode).toBe(401);
      expect((await login(account.telephone, PASSWORD, '10.0.5.2')).statusCode).toBe(200);
    }
  });

  it('login: an unknown telephone and a wrong password count alike and answer alike', async () => {
    const account = await registerAccount(t.app, {}, '10.0.6.1');
    const unknown = uniqueTelephone();
    const { limit } = RATE_LIMITS.loginFailuresPerPair;
    const bodies = new Set<string>();
    for (let i = 0; i < limit; i += 1) {
      const known = await login(account.telephone, 'Wrong2024x', '10.0.6.2');
      const stranger = await login(unknown, 'Wrong2024x', '10.0.6.2');
      expect([known.statusCode, stranger.statusCode]).toEqual([401, 401]);
      bodies.add(known.body).add(stranger.body);
    }
    expect(bodies.size).toBe(1);
    expect((await login(account.telephone, 'Wrong2024x', '10.0.6.2')).statusCode).toBe(429);
    expect((await login(unknown, 'Wrong2024x', '10.0.6.2')).statusCode).toBe(429);
  });

  it(`login: ${RATE_LIMITS.loginFailuresPerIp.limit} failures per address over any numbers, then 429; successes are not counted; other addresses go on`, async () => {
    const account = await registerAccount(t.app, {}, '10.1.0.9');
    const { limit, windowSeconds } = RATE_LIMITS.loginFailuresPerIp;
    for (let i = 0; i < limit - 1; i += 1) {
      expect((await login(uniqueTelephone(), PASSWORD, '10.1.0.1')).statusCode).toBe(401);
    }
    for (let i = 0; i < 5; i += 1)
      expect((await login(account.telephone, PASSWORD, '10.1.0.1')).statusCode).toBe(200);
    expect((await login(uniqueTelephone(), PASSWORD, '10.1.0.1')).statusCode).toBe(401);
    expectTooMany(await login(uniqueTelephone(), PASSWORD, '10.1.0.1'), windowSeconds);
    expectTooMany(await login(account.telephone, PASSWORD, '10.1.0.1'), windowSeconds);
    expect((await login(uniqueTelephone(), PASSWORD, '10.1.0.2')).statusCode).toBe(401);
  });

  it(`login: after ${FREE_SIGN_IN_FAILURES} failures of a pair, each further one is answered after a growing delay`, async () => {
    const base = t.config.loginFailureDelayMs;
    const account = await registerAccount(t.app, {}, '10.0.7.1');
    const { limit } = RATE_LIMITS.loginFailuresPerPair;
    for (let failure = 1; failure <= limit; failure += 1) {
      const started = performance.now();
      expect((await login(account.telephone, 'Wrong2024x', '10.0.7.2')).statusCode).toBe(401);
      const took = performance.now() - started;
      const expected = signInFailureDelayMs(failure, base);
      // Timers may fire a millisecond early by the performance clock.
      expect(took, `failure ${failure}`).toBeGreaterThanOrEqual(expected - 2);
    }
    expect(
      Array.from({ length: limit }, (_, i) => signInFailureDelayMs(i + 1, base) / base),
    ).toEqual([0, 0, 0, 1, 2, 4, 8, 8, 8, 8]);
    // The refusal past the limit is not delayed: its Retry-After says how long to wait.
    const started = performance.now();
    expect((await login(account.telephone, 'Wrong2024x', '10.0.7.2')).statusCode).toBe(429);
    expect(performance.now() - started).toBeLessThan(8 * base);
  });

  it('login: a delayed answer holds nothing up: other requests finish meanwhile', async () => {
    // An app of its own with a longer first wait, so the order below does not depend on the machine's speed.
    const slow = await createTestApp(target, {
      config: { rateLimit: true, loginFailureDelayMs: 400 },
    });
    try {
      const account = await registerAccount(slow.app, {}, '10.0.8.1');
      const other = await registerAccount(slow.app, {}, '10.0.8.2');
      const attempt = (telephone: string, password: string) =>
        slow.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { telephone, password },
          remoteAddress: '10.0.8.3',
        });
      for (let i = 0; i < FREE_SIGN_IN_FAILURES; i += 1)
        expect((await attempt(account.telephone, 'Wrong2024x')).statusCode).toBe(401);
      // The next failure waits 400 ms; a sign-in and a read started after it end first.
      const order: string[] = [];
      const note = (name: string) => (response: { statusCode: number }) =>
        order.push(`${name} ${response.statusCode}`);
      await Promise.all([
        attempt(account.telephone, 'Wrong2024x').then(note('delayed')),
        attempt(other.telephone, PASSWORD).then(note('sign-in')),
        slow.app.inject({ url: '/api/health' }).then(note('health')),
      ]);
      expect(order.at(-1)).toBe('delayed 401');
      expect(order.slice(0, 2).sort()).toEqual(['health 200', 'sign-in 200']);
    } finally {
      await slow.close();
    }
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

  it('per-address limits count an IPv6 address by its /64: walking the prefix does not pass them', async () => {
    const { limit, windowSeconds } = RATE_LIMITS.teacherApplicationPerIp;
    const apply = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/applications/teachers',
        payload: validApplication(),
        remoteAddress,
      });
    for (let i = 1; i <= limit; i += 1)
      expect((await apply(`2001:db8:77:1::${i.toString(16)}`)).statusCode).toBe(201);
    expectTooMany(await apply('2001:db8:77:1:ffff:1:2:3'), windowSeconds);
    expect((await apply('2001:db8:77:2::1')).statusCode).toBe(201);
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

  it('never answers 429, and never waits (the configured first wait is the default 1 s)', async () => {
    expect(t.config.loginFailureDelayMs).toBe(1000);
    const account = await registerAccount(t.app);
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerPair.limit + 5; i += 1) {
      // Each answer under the first wait's 1 s: a wait would hold that one answer for it. (The
      // whole loop's time also holds 15 password checks, which a loaded machine stretches.)
      const started = performance.now();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: account.telephone, password: 'Wrong2024x' },
      });
      expect(response.statusCode).toBe(401);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it(`routes under @fastify/rate-limit are not limited either: ${RATE_LIMITS.registerPerIp.limit + 5} sign-ups from one address all succeed`, async () => {
    for (let i = 0; i < RATE_LIMITS.registerPerIp.limit + 5; i += 1)
      await registerAccount(t.app, {}, '10.9.0.1');
  });
});

describe('LOGIN_FAILURE_DELAY_MS', () => {
  it('defaults to 1 s, takes 0 (no waits) and refuses a bad value, naming the variable', () => {
    expect(loadConfig({}).loginFailureDelayMs).toBe(1000);
    expect(loadConfig({ LOGIN_FAILURE_DELAY_MS: '0' }).loginFailureDelayMs).toBe(0);
    for (const bad of ['-1', 'soon', '1.5', '600000'])
      expect(() => loadConfig({ LOGIN_FAILURE_DELAY_MS: bad }), bad).toThrow(
        /LOGIN_FAILURE_DELAY_MS/,
      );
  });
});
