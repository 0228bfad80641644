import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import { RATE_LIMITS } from '../src/lib/rate-limiter.ts';
import { RedisRateLimiter, RedisUnavailableError } from '../src/lib/redis-rate-limiter.ts';
import { setOperator } from '../src/features/admin/admin.service.ts';
import { cliActor } from '../src/lib/audit.ts';
import { bearer, databaseTargets, registerAccount, useTestApp } from './helpers.ts';
import { COURSE_FIELDS, createCourse, multipart, registerTeacher } from './course-fixtures.ts';
import {
  countKeys,
  deleteKeys,
  isRedisReachable,
  TEST_REDIS_URL,
  uniqueKeyPrefix,
} from './redis-helpers.ts';

describe.each(databaseTargets)('throttling coverage on $name', (target) => {
  const t = useTestApp(target, { config: { rateLimit: true } });

  it('catalog reads are not throttled: 300 GETs of /api/courses from one address all answer 200', async () => {
    for (let i = 0; i < 300; i += 1) {
      const response = await t.app.inject({
        url: i % 2 ? '/api/courses' : '/api/courses?q=math',
        remoteAddress: '10.7.0.1',
      });
      expect(response.statusCode, `request ${i + 1}`).toBe(200);
    }
  });

  it(`course writes (each with a cover of up to 5 MB): ${RATE_LIMITS.courseWritePerUser.limit} per teacher, then 429`, async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const other = await registerTeacher(t.app, t.db);
    for (let i = 0; i < RATE_LIMITS.courseWritePerUser.limit; i += 1)
      await createCourse(t.app, teacher);
    const body = multipart(Object.entries(COURSE_FIELDS).map(([name, value]) => ({ name, value })));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(teacher.token) },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: messages.tooManyRequests,
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await createCourse(t.app, other);
  });
});

describe.each(databaseTargets)('operator console throttling on $name', (target) => {
  const t = useTestApp(target, { config: { rateLimit: true } });

  it(`console changes: ${RATE_LIMITS.adminWritePerUser.limit} per operator, then 429; its reads are not throttled`, async () => {
    const operator = await registerAccount(t.app, {}, '10.7.1.1');
    const other = await registerAccount(t.app, {}, '10.7.1.2');
    for (const account of [operator, other])
      await setOperator(t.db, account.user._id, true, cliActor('test'));
    const teacher = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, teacher);
    const hide = (account: typeof operator, hidden: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/courses/${course._id}/visibility`,
        payload: { hidden },
        headers: bearer(account.token),
      });
    for (let i = 0; i < RATE_LIMITS.adminWritePerUser.limit; i += 1)
      expect((await hide(operator, i % 2 === 0)).statusCode, `change ${i + 1}`).toBe(200);
    const refused = await hide(operator, true);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before it acted: the course and the audit log are as they were.
    expect((await hide(other, false)).statusCode).toBe(200);
    for (let i = 0; i < 150; i += 1) {
      const read = await t.app.inject({ url: '/api/admin/audit', headers: bearer(operator.token) });
      expect(read.statusCode, `read ${i + 1}`).toBe(200);
    }
  });
});

const redisReachable = await isRedisReachable();
if (!redisReachable)
  console.warn(
    `Redis at ${TEST_REDIS_URL} is not reachable: the RedisRateLimiter suite is skipped.`,
  );

describe.skipIf(!redisReachable)('RedisRateLimiter', () => {
  const prefix = uniqueKeyPrefix();
  let limiter: RedisRateLimiter;
  let second: RedisRateLimiter;
  beforeAll(async () => {
    limiter = await RedisRateLimiter.connect(TEST_REDIS_URL, { keyPrefix: prefix });
    second = await RedisRateLimiter.connect(TEST_REDIS_URL, { keyPrefix: prefix });
  });
  afterAll(async () => {
    await limiter?.close();
    await second?.close();
    await deleteKeys(prefix);
  });
  const rule = { name: 'test', limit: 3, windowSeconds: 60 };

  it('allows `limit` calls per window across clients, then refuses with the seconds left', async () => {
    expect(await limiter.consume('k', rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect((await second.consume('k', rule)).allowed).toBe(true);
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    const refused = await second.consume('k', rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('counts concurrent calls exactly (INCR and PEXPIRE in one script)', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? limiter : second).consume('burst', { ...rule, limit: 25 }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
  });

  it('keeps keys and rules apart, under the configured prefix, each with an expiry', async () => {
    for (let i = 0; i < 3; i += 1) await limiter.consume('a', rule);
    expect((await limiter.consume('a', rule)).allowed).toBe(false);
    expect((await limiter.consume('b', rule)).allowed).toBe(true);
    expect((await limiter.consume('a', { ...rule, name: 'other' })).allowed).toBe(true);
    expect(await countKeys(prefix)).toBeGreaterThanOrEqual(4);
  });

  it('a window ends', async () => {
    const short = { name: 'short', limit: 1, windowSeconds: 0.2 };
    expect((await limiter.consume('w', short)).allowed).toBe(true);
    expect((await limiter.consume('w', short)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await limiter.consume('w', short)).allowed).toBe(true);
  });

  it('a Redis that cannot be reached fails fast with a clear message', async () => {
    const started = Date.now();
    await expect(
      RedisRateLimiter.connect('redis://127.0.0.1:1', { keyPrefix: prefix, timeoutMs: 1500 }),
    ).rejects.toThrow(RedisUnavailableError);
    await expect(
      RedisRateLimiter.connect('redis://127.0.0.1:1', { keyPrefix: prefix, timeoutMs: 1500 }),
    ).rejects.toThrow(/Cannot reach Redis at redis:\/\/127\.0\.0\.1:1.*REDIS_URL/);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('Redis lost after start-up: requests are allowed and the failure is reported', async () => {
    const errors: unknown[] = [];
    const lost = await RedisRateLimiter.connect(TEST_REDIS_URL, {
      keyPrefix: prefix,
      onError: (error) => errors.push(error),
    });
    await lost.close();
    expect(await lost.consume('k', rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(errors).toHaveLength(1);
  });
});
