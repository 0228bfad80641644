import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import { RATE_LIMITS } from '../src/lib/rate-limiter.ts';
import { addAssignment } from './assignment-fixtures.ts';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import {
  closeRedis,
  connectRedis,
  RedisRateLimiter,
  RedisUnavailableError,
} from '../src/lib/redis-rate-limiter.ts';
import { buildApp } from '../src/app.ts';
import { setOperator } from '../src/features/admin/admin.service.ts';
import { cliActor } from '../src/lib/audit.ts';
import {
  bearer,
  createTestApp,
  databaseTargets,
  PASSWORD,
  registerAccount,
  uniqueTelephone,
  useTestApp,
  type Account,
} from './helpers.ts';
import {
  COURSE_FIELDS,
  createCourse,
  enroll,
  multipart,
  registerTeacher,
  uploadHomework,
} from './course-fixtures.ts';
import {
  addLesson,
  addSection,
  attachFile,
  fileForm,
  getOutlineAs,
  paragraphDoc,
  sampleMp4,
} from './content-fixtures.ts';
import {
  countKeys,
  deleteKeys,
  isRedisReachable,
  TEST_REDIS_URL,
  uniqueKeyPrefix,
} from './redis-helpers.ts';

/**
 * A store for @fastify/rate-limit whose every window is spent: a throttled
 * route refuses at once, naming its rule (the key's first part) in `refused`.
 */
function spentStore(refused: string[]): FastifyRateLimitStoreCtor {
  return class SpentStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      _timeWindow: number,
      max: number,
    ): void {
      refused.push(key.slice(0, key.indexOf(':')));
      callback(null, { current: max + 1, ttl: 60_000 });
    }
    child(): SpentStore {
      return this;
    }
  };
}

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

  it(`enrolling and leaving: ${RATE_LIMITS.enrollmentPerUser.limit} per account together, then 429; other accounts go on`, async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, teacher);
    const student = await registerAccount(t.app, {}, '10.7.2.1');
    const other = await registerAccount(t.app, {}, '10.7.2.2');
    const call = (who: Account, method: 'POST' | 'DELETE') =>
      t.app.inject({
        method,
        url: `/api/courses/${course._id}/enroll`,
        headers: bearer(who.token),
      });
    const { limit, windowSeconds } = RATE_LIMITS.enrollmentPerUser;
    for (let i = 0; i < limit; i += 1)
      expect((await call(student, i % 2 ? 'DELETE' : 'POST')).statusCode, `call ${i + 1}`).toBe(
        i % 2 ? 204 : 200,
      );
    for (const method of ['POST', 'DELETE'] as const) {
      const refused = await call(student, method);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: messages.tooManyRequests,
        code: 'TOO_MANY_REQUESTS',
      });
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
    }
    expect((await call(other, 'POST')).statusCode).toBe(200);
    // An anonymous caller is refused by the sign-in check, never counted.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/courses/${course._id}/enroll` })).statusCode,
    ).toBe(401);
  });

  it(`telephone changes in the profile (each checks the password; a taken number says 409): ${RATE_LIMITS.telephoneChangePerUser.limit} per user, then 429`, async () => {
    const account = await registerAccount(t.app, {}, '10.7.1.1');
    const holder = await registerAccount(t.app, {}, '10.7.1.2');
    const other = await registerAccount(t.app, {}, '10.7.1.3');
    const save = (who: Account, telephone: string, currentPassword?: string, username = 'Ira') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/updateUser',
        headers: bearer(who.token),
        payload: { username, telephone, email: 'ira@example.com', currentPassword },
      });
    const { limit, windowSeconds } = RATE_LIMITS.telephoneChangePerUser;
    let telephone = account.telephone;
    for (let i = 0; i < limit; i += 1) {
      if (i % 3 === 0) {
        expect((await save(account, holder.telephone, PASSWORD)).statusCode, `probe ${i}`).toBe(
          409,
        );
      } else if (i % 3 === 1) {
        expect((await save(account, uniqueTelephone(), 'Guess12345')).statusCode).toBe(401);
      } else {
        telephone = uniqueTelephone();
        expect((await save(account, telephone, PASSWORD)).statusCode).toBe(200);
      }
    }
    const refused = await save(account, uniqueTelephone(), PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: messages.tooManyRequests,
      code: 'TOO_MANY_REQUESTS',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    // The other fields stay editable, and other users are not affected.
    expect((await save(account, telephone, undefined, 'Iryna')).statusCode).toBe(200);
    expect((await save(other, uniqueTelephone(), PASSWORD)).statusCode).toBe(200);
  });
});

describe.each(databaseTargets)('course-content writes are throttled on $name', (target) => {
  it('every content write answers 429 once its limit is spent, before it reads or changes anything', async () => {
    const t = await createTestApp(target);
    const refused: string[] = [];
    const spent = spentStore(refused);
    try {
      const author = await registerTeacher(t.app, t.db);
      const student = await registerAccount(t.app);
      const course = await createCourse(t.app, author);
      await enroll(t.app, student, course._id);
      const sectionId = (await getOutlineAs(t.app, author, course._id)).sections[0]._id as string;
      const empty = await addSection(t.app, author, course._id, 'Порожня');
      const lesson = await addLesson(t.app, author, course._id, { sectionId, published: true });
      const file = await attachFile(t.app, author, lesson._id, Buffer.from('Нотатки\n'), 'n.txt');
      const limited = await buildApp({
        config: { ...t.config, rateLimit: true },
        db: t.db,
        dialect: target.name,
        rateLimitStore: spent,
      });
      const outline = {
        sections: [
          { _id: sectionId, items: [{ kind: 'lesson', _id: lesson._id }] },
          { _id: empty._id, items: [] },
        ],
      };
      const writes: [string, string, object, string][] = [
        ['PUT', `/api/courses/${course._id}/outline`, { payload: outline }, 'content-write-user'],
        [
          'POST',
          `/api/courses/${course._id}/sections`,
          { payload: { title: 'Т' } },
          'content-write-user',
        ],
        ['PUT', `/api/sections/${sectionId}`, { payload: { title: 'Т' } }, 'content-write-user'],
        ['DELETE', `/api/sections/${empty._id}`, {}, 'content-write-user'],
        [
          'POST',
          `/api/courses/${course._id}/lessons`,
          { payload: { sectionId, title: 'Т', body: paragraphDoc('x') } },
          'content-write-user',
        ],
        ['PUT', `/api/lessons/${lesson._id}`, { payload: { title: 'Т' } }, 'content-write-user'],
        ['DELETE', `/api/lessons/${lesson._id}`, {}, 'content-write-user'],
        [
          'POST',
          `/api/lessons/${lesson._id}/attachments`,
          fileForm(Buffer.from('%PDF-1.4\n'), 'a.pdf'),
          'content-upload-user',
        ],
        ['DELETE', `/api/attachments/${file._id}`, {}, 'content-write-user'],
        [
          'PUT',
          `/api/lessons/${lesson._id}/video`,
          fileForm(sampleMp4(), 'v.mp4'),
          'content-upload-user',
        ],
        ['DELETE', `/api/lessons/${lesson._id}/video`, {}, 'content-write-user'],
      ];
      try {
        for (const [method, url, body, rule] of writes) {
          refused.length = 0;
          const response = await limited.inject({
            method: method as 'PUT',
            url,
            ...body,
            headers: {
              ...('headers' in body ? (body.headers as object) : {}),
              ...bearer(author.token),
            },
          });
          expect(response.statusCode, `${method} ${url}`).toBe(429);
          expect(response.json().message).toBe(messages.tooManyRequests);
          expect(refused, `${method} ${url}`).toEqual([rule]);
        }
        for (const method of ['PUT', 'DELETE'] as const) {
          refused.length = 0;
          const response = await limited.inject({
            method,
            url: `/api/lessons/${lesson._id}/completion`,
            headers: bearer(student.token),
          });
          expect(response.statusCode).toBe(429);
          expect(refused).toEqual(['lesson-completion-user']);
        }
        // Nothing changed: the lesson, its file and the empty section are all still there.
        const after = await getOutlineAs(t.app, author, course._id);
        expect(after.sections.map((s: { _id: string }) => s._id)).toEqual([sectionId, empty._id]);
        expect(
          (
            await t.app.inject({
              url: `/api/attachments/${file._id}/file`,
              headers: bearer(author.token),
            })
          ).statusCode,
        ).toBe(200);
      } finally {
        await limited.close();
      }
    } finally {
      await t.close();
    }
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
describe.each(databaseTargets)(
  'assignment, grading and comment writes are throttled on $name',
  (target) => {
    it('every assignment write answers 429 once its limit is spent, before it changes anything', async () => {
      const t = await createTestApp(target);
      const refused: string[] = [];
      const spent = spentStore(refused);
      try {
        const author = await registerTeacher(t.app, t.db);
        const course = await createCourse(t.app, author);
        const sectionId = (await getOutlineAs(t.app, author, course._id)).sections[0]._id as string;
        const assignment = await addAssignment(t.app, author, course._id, { sectionId });
        const before = await t.db.selectFrom('assignments').selectAll().orderBy('id').execute();
        const limited = await buildApp({
          config: { ...t.config, rateLimit: true },
          db: t.db,
          dialect: target.name,
          rateLimitStore: spent,
        });
        const writes: [string, string, object][] = [
          [
            'POST',
            `/api/courses/${course._id}/assignments`,
            { payload: { sectionId, title: 'Т', instructions: paragraphDoc('x') } },
          ],
          ['PUT', `/api/assignments/${assignment._id}`, { payload: { title: 'Т' } }],
          ['DELETE', `/api/assignments/${assignment._id}`, {}],
          // A refused body is counted too.
          ['PUT', `/api/assignments/${assignment._id}`, { payload: { maxPoints: 'many' } }],
        ];
        const student = await registerAccount(t.app);
        await enroll(t.app, student, course._id);
        const homework = await uploadHomework(t.app, student, course._id);
        const studentWrites: [Account, string, object, string][] = [
          [
            author,
            `/api/homework/${homework._id}/grade`,
            { method: 'PUT', payload: { grade: '10' } },
            RATE_LIMITS.gradeWritePerUser.name,
          ],
          [
            author,
            `/api/homework/${homework._id}/regrade`,
            { method: 'POST', payload: { grade: '10', reason: 'r' } },
            RATE_LIMITS.gradeWritePerUser.name,
          ],
          [
            student,
            `/api/homework/${homework._id}/comments`,
            { method: 'POST', payload: { body: 'Питання' } },
            RATE_LIMITS.homeworkCommentPerUser.name,
          ],
          [
            author,
            `/api/homework/${homework._id}/comments`,
            { method: 'POST', payload: { body: '' } },
            RATE_LIMITS.homeworkCommentPerUser.name,
          ],
        ];
        try {
          for (const [method, url, body] of writes) {
            refused.length = 0;
            const response = await limited.inject({
              method: method as 'PUT',
              url,
              ...body,
              headers: bearer(author.token),
            });
            expect(response.statusCode, `${method} ${url}`).toBe(429);
            expect(refused, `${method} ${url}`).toEqual([RATE_LIMITS.assignmentWritePerUser.name]);
          }
          expect(await t.db.selectFrom('assignments').selectAll().orderBy('id').execute()).toEqual(
            before,
          );
          for (const [account, url, body, rule] of studentWrites) {
            refused.length = 0;
            const response = await limited.inject({ url, ...body, headers: bearer(account.token) });
            expect(response.statusCode, url).toBe(429);
            expect(refused, url).toEqual([rule]);
          }
          const row = await t.db
            .selectFrom('homework')
            .select('grade')
            .where('id', '=', homework._id)
            .executeTakeFirstOrThrow();
          expect(row.grade).toBeNull();
          expect(await t.db.selectFrom('homework_comments').selectAll().execute()).toEqual([]);
          expect(await t.db.selectFrom('calendar_feeds').selectAll().execute()).toEqual([]);
        } finally {
          await limited.close();
        }
      } finally {
        await t.close();
      }
    });
  },
);

const redisReachable = await isRedisReachable();
if (!redisReachable)
  console.warn(
    `Redis at ${TEST_REDIS_URL} is not reachable: the RedisRateLimiter suite is skipped.`,
  );

describe.skipIf(!redisReachable)('RedisRateLimiter (the sign-in failure counts)', () => {
  const prefix = uniqueKeyPrefix();
  const clients: Redis[] = [];
  let limiter: RedisRateLimiter;
  let second: RedisRateLimiter;
  beforeAll(async () => {
    clients.push(await connectRedis(TEST_REDIS_URL), await connectRedis(TEST_REDIS_URL));
    limiter = new RedisRateLimiter(clients[0]!, { keyPrefix: prefix });
    second = new RedisRateLimiter(clients[1]!, { keyPrefix: prefix });
  });
  afterAll(async () => {
    await Promise.all(clients.map(closeRedis));
    await deleteKeys(prefix);
  });
  const rule = { name: 'test', limit: 3, windowSeconds: 60 };

  it('allows `limit` calls per window across clients, then refuses with the seconds left', async () => {
    expect(await limiter.consume('k', rule)).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
      count: 1,
    });
    expect(await second.consume('k', rule)).toMatchObject({ allowed: true, count: 2 });
    expect((await limiter.consume('k', rule)).allowed).toBe(true);
    const refused = await second.consume('k', rule);
    expect(refused).toMatchObject({ allowed: false, count: 4 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('refund gives back one call across clients, like the in-memory limiter', async () => {
    for (let i = 0; i < 5; i += 1) await limiter.consume('r', rule);
    // Refused calls were not counted: one refund frees exactly one call.
    await second.refund('r', rule);
    expect(await limiter.consume('r', rule)).toMatchObject({ allowed: true, count: 3 });
    expect((await second.consume('r', rule)).allowed).toBe(false);
    for (let i = 0; i < 5; i += 1) await limiter.refund('r', rule);
    expect(await second.consume('r', rule)).toMatchObject({ allowed: true, count: 1 });
    // A refund of a key that is not there (a window that ended) leaves no key behind.
    await limiter.refund('gone', rule);
    expect(await countKeys(`${prefix}${rule.name}:gone`)).toBe(0);
  });

  it('a refund keeps the window: the key still expires', async () => {
    const short = { name: 'short-refund', limit: 1, windowSeconds: 0.3 };
    expect((await limiter.consume('e', short)).allowed).toBe(true);
    await limiter.refund('e', short);
    expect((await limiter.consume('e', short)).allowed).toBe(true);
    expect((await limiter.consume('e', short)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await countKeys(`${prefix}${short.name}:e`)).toBe(0);
  });

  it('reset forgets a key under one rule, for every client', async () => {
    for (let i = 0; i < 3; i += 1) {
      await limiter.consume('z', rule);
      await limiter.consume('z', { ...rule, name: 'other-reset' });
    }
    await second.reset('z', rule);
    expect(await limiter.consume('z', rule)).toMatchObject({ allowed: true, count: 1 });
    expect((await limiter.consume('z', { ...rule, name: 'other-reset' })).allowed).toBe(false);
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
    await expect(connectRedis('redis://127.0.0.1:1', 1500)).rejects.toThrow(RedisUnavailableError);
    await expect(connectRedis('redis://127.0.0.1:1', 1500)).rejects.toThrow(
      /Cannot reach Redis at redis:\/\/127\.0\.0\.1:1.*REDIS_URL/,
    );
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('Redis lost after start-up: requests are allowed and the failure is reported', async () => {
    const errors: unknown[] = [];
    const client = await connectRedis(TEST_REDIS_URL);
    const lost = new RedisRateLimiter(client, {
      keyPrefix: prefix,
      onError: (error) => errors.push(error),
    });
    await closeRedis(client);
    expect(await lost.consume('k', rule)).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
      count: 0,
    });
    await lost.refund('k', rule);
    await lost.reset('k', rule);
    expect(errors).toHaveLength(3);
  });
});
