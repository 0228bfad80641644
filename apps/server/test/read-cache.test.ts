import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Course } from '@urok/contract';
import { ALL_TABLES, WriteLog } from '../src/db/write-tracking.ts';
import { ReadCache, type TableName } from '../src/lib/read-cache.ts';
import {
  bearer,
  createTestApp,
  databaseTargets,
  registerAccount,
  useTestApp,
  type Account,
  type TestApp,
} from './helpers.ts';
import {
  createCourse,
  enroll,
  multipart,
  registerTeacher,
  uploadHomework,
} from './course-fixtures.ts';

// ---------------------------------------------------------------- helpers

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A load that counts its calls and answers `${label}-${n}`. */
function counter(label = 'v') {
  let calls = 0;
  const load = async () => {
    calls += 1;
    return `${label}-${calls}`;
  };
  return {
    load,
    get calls() {
      return calls;
    },
  };
}

const written = (...tables: TableName[]) => new Set<string>(tables);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function makeCache(options: { maxBytes?: number; ttlMs?: number; log?: WriteLog } = {}) {
  const log = options.log ?? new WriteLog();
  const cache = new ReadCache({
    maxBytes: options.maxBytes ?? 1024 * 1024,
    writes: log,
    ttlMs: options.ttlMs,
  });
  return { log, cache };
}

// ---------------------------------------------------------------- ReadCache itself

describe('ReadCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a second get from memory: the same value, load not called again', async () => {
    const { cache } = makeCache();
    const value = { answer: 42 };
    let calls = 0;
    const load = async () => {
      calls += 1;
      return value;
    };
    expect(cache.enabled).toBe(true);
    expect(await cache.get('k', ['courses'], load)).toBe(value);
    expect(await cache.get('k', ['courses'], load)).toBe(value);
    expect(await cache.get('k', ['courses'], load)).toBe(value);
    expect(calls).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('keeps different keys apart', async () => {
    const { cache } = makeCache();
    const a = counter('a');
    const b = counter('b');
    expect(await cache.get('a', ['courses'], a.load)).toBe('a-1');
    expect(await cache.get('b', ['courses'], b.load)).toBe('b-1');
    expect(await cache.get('a', ['courses'], a.load)).toBe('a-1');
    expect(cache.size).toBe(2);
  });

  it('drops a value when one of its tables is written, not when another table is', async () => {
    const { log, cache } = makeCache();
    const loads = counter();
    expect(await cache.get('k', ['courses', 'users'], loads.load)).toBe('v-1');

    log.notify(written('homework'));
    log.notify(written('sessions', 'pledges'));
    expect(await cache.get('k', ['courses', 'users'], loads.load)).toBe('v-1');

    log.notify(written('users'));
    expect(await cache.get('k', ['courses', 'users'], loads.load)).toBe('v-2');
    expect(await cache.get('k', ['courses', 'users'], loads.load)).toBe('v-2');

    log.notify(written('enrollments', 'courses'));
    expect(await cache.get('k', ['courses', 'users'], loads.load)).toBe('v-3');
    expect(loads.calls).toBe(3);
  });

  it('drops only the values that read the written table', async () => {
    const { log, cache } = makeCache();
    const catalog = counter('catalog');
    const session = counter('session');
    await cache.get('catalog', ['courses', 'users'], catalog.load);
    await cache.get('session', ['sessions', 'users'], session.load);
    log.notify(written('courses'));
    expect(await cache.get('catalog', ['courses', 'users'], catalog.load)).toBe('catalog-2');
    expect(await cache.get('session', ['sessions', 'users'], session.load)).toBe('session-1');
    log.notify(written('sessions'));
    expect(await cache.get('catalog', ['courses', 'users'], catalog.load)).toBe('catalog-2');
    expect(await cache.get('session', ['sessions', 'users'], session.load)).toBe('session-2');
  });

  it('drops everything on ALL_TABLES, and an empty write set drops nothing', async () => {
    const { log, cache } = makeCache();
    const a = counter('a');
    const b = counter('b');
    await cache.get('a', ['courses'], a.load);
    await cache.get('b', ['pledges'], b.load);
    log.notify(new Set());
    expect(await cache.get('a', ['courses'], a.load)).toBe('a-1');
    log.notify(ALL_TABLES);
    expect(cache.size).toBe(0);
    expect(await cache.get('a', ['courses'], a.load)).toBe('a-2');
    expect(await cache.get('b', ['pledges'], b.load)).toBe('b-2');
    // Values loaded after the ALL_TABLES write are kept again.
    expect(await cache.get('a', ['courses'], a.load)).toBe('a-2');
  });

  it('returns a load that overlapped a write to its table, but does not keep it', async () => {
    const { log, cache } = makeCache();
    let calls = 0;
    const load = async () => {
      calls += 1;
      const mine = calls;
      await Promise.resolve();
      if (mine === 1) log.notify(written('courses'));
      return `v-${mine}`;
    };
    expect(await cache.get('k', ['courses'], load)).toBe('v-1');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', ['courses'], load)).toBe('v-2');
    expect(await cache.get('k', ['courses'], load)).toBe('v-2');
    expect(calls).toBe(2);
  });

  it('keeps a load that overlapped a write to an unrelated table', async () => {
    const { log, cache } = makeCache();
    let calls = 0;
    const load = async () => {
      calls += 1;
      await Promise.resolve();
      log.notify(written('pledges'));
      return `v-${calls}`;
    };
    expect(await cache.get('k', ['courses'], load)).toBe('v-1');
    expect(await cache.get('k', ['courses'], load)).toBe('v-1');
    expect(calls).toBe(1);
  });

  it('does not keep a load overlapping ALL_TABLES', async () => {
    const { log, cache } = makeCache();
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) log.notify(ALL_TABLES);
      return `v-${calls}`;
    };
    expect(await cache.get('k', ['courses'], load)).toBe('v-1');
    expect(await cache.get('k', ['courses'], load)).toBe('v-2');
    expect(await cache.get('k', ['courses'], load)).toBe('v-2');
  });

  it('shares one load among concurrent gets of a key', async () => {
    const { cache } = makeCache();
    const gate = deferred<string>();
    let calls = 0;
    const load = () => {
      calls += 1;
      return gate.promise;
    };
    const readers = Array.from({ length: 5 }, () => cache.get('k', ['courses'], load));
    expect(calls).toBe(1);
    gate.resolve('shared');
    expect(await Promise.all(readers)).toEqual(Array(5).fill('shared'));
    expect(calls).toBe(1);
    expect(await cache.get('k', ['courses'], load)).toBe('shared');
    expect(calls).toBe(1);
  });

  it('passes a failed load to every waiter, keeps nothing, and loads again next time', async () => {
    const { cache } = makeCache();
    const gate = deferred<string>();
    let calls = 0;
    const load = () => {
      calls += 1;
      return calls === 1 ? gate.promise : Promise.resolve('ok');
    };
    const first = cache.get('k', ['courses'], load);
    const second = cache.get('k', ['courses'], load);
    gate.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', ['courses'], load)).toBe('ok');
    expect(calls).toBe(2);
  });

  it('does not share a flight begun before a write to its tables with a get made after it', async () => {
    const { log, cache } = makeCache();
    const early = deferred<string>();
    const late = deferred<string>();
    const gates = [early, late];
    let calls = 0;
    const load = () => gates[calls++]!.promise;

    const before = cache.get('k', ['courses'], load);
    log.notify(written('courses'));
    const after = cache.get('k', ['courses'], load);
    expect(calls).toBe(2);

    // The later load finishes first, then the stale one: only the later one may be kept.
    late.resolve('fresh');
    expect(await after).toBe('fresh');
    early.resolve('stale');
    expect(await before).toBe('stale');
    expect(await cache.get('k', ['courses'], load)).toBe('fresh');
    expect(calls).toBe(2);
  });

  it('does not keep the stale flight when it finishes after a newer one was stored', async () => {
    const { log, cache } = makeCache();
    const early = deferred<string>();
    const late = deferred<string>();
    const gates = [early, late];
    let calls = 0;
    const load = () => gates[calls++]!.promise;

    const before = cache.get('k', ['courses'], load);
    log.notify(written('courses'));
    const after = cache.get('k', ['courses'], load);
    early.resolve('stale');
    expect(await before).toBe('stale');
    late.resolve('fresh');
    expect(await after).toBe('fresh');
    expect(await cache.get('k', ['courses'], load)).toBe('fresh');
    expect(calls).toBe(2);
  });

  it('still shares a flight when only an unrelated table was written meanwhile', async () => {
    const { log, cache } = makeCache();
    const gate = deferred<string>();
    let calls = 0;
    const load = () => {
      calls += 1;
      return gate.promise;
    };
    const first = cache.get('k', ['courses'], load);
    log.notify(written('homework'));
    const second = cache.get('k', ['courses'], load);
    expect(calls).toBe(1);
    gate.resolve('v');
    expect(await first).toBe('v');
    expect(await second).toBe('v');
  });

  it('does not store a value that keep() refuses, and does store one it accepts', async () => {
    const { cache } = makeCache();
    let calls = 0;
    const load = async () => {
      calls += 1;
      return calls < 3 ? undefined : { id: 'u1' };
    };
    const keep = (value: { id: string } | undefined) => value !== undefined;
    expect(await cache.get('session:x', ['sessions'], load, keep)).toBeUndefined();
    expect(await cache.get('session:x', ['sessions'], load, keep)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(await cache.get('session:x', ['sessions'], load, keep)).toEqual({ id: 'u1' });
    expect(await cache.get('session:x', ['sessions'], load, keep)).toEqual({ id: 'u1' });
    expect(calls).toBe(3);
  });

  it('evicts the least recently used values when over its byte budget', async () => {
    // Each Buffer counts 64 + 936 = 1000 bytes: eight fit in 8000.
    const { cache } = makeCache({ maxBytes: 8000 });
    const loads = new Map<string, number>();
    const get = (key: string) =>
      cache.get(key, ['courses'], async () => {
        loads.set(key, (loads.get(key) ?? 0) + 1);
        return Buffer.alloc(936, key);
      });
    for (let i = 0; i < 8; i += 1) await get(`k${i}`);
    expect(cache.size).toBe(8);
    // Use k0: now k1 is the least recently used.
    await get('k0');
    expect(loads.get('k0')).toBe(1);
    await get('k8');
    expect(cache.size).toBe(8);
    await get('k0');
    expect(loads.get('k0')).toBe(1);
    await get('k2');
    expect(loads.get('k2')).toBe(1);
    // k1 was evicted: loaded again (which evicts the then least recent, k3).
    await get('k1');
    expect(loads.get('k1')).toBe(2);
    await get('k3');
    expect(loads.get('k3')).toBe(2);
  });

  it('does not keep a value over an eighth of its budget', async () => {
    const { cache } = makeCache({ maxBytes: 8000 });
    let calls = 0;
    const big = async () => {
      calls += 1;
      return Buffer.alloc(1000 - 64 + 1); // 1001 counted bytes > 8000 / 8
    };
    await cache.get('big', ['courses'], big);
    await cache.get('big', ['courses'], big);
    expect(calls).toBe(2);
    expect(cache.size).toBe(0);
    let smallCalls = 0;
    const small = async () => {
      smallCalls += 1;
      return Buffer.alloc(1000 - 64); // exactly an eighth
    };
    await cache.get('small', ['courses'], small);
    await cache.get('small', ['courses'], small);
    expect(smallCalls).toBe(1);
  });

  it('reloading a stale key does not count its bytes twice', async () => {
    // Two 1000-byte entries fit in 2000 only if the replaced one is uncounted.
    const { log, cache } = makeCache({ maxBytes: 8000 });
    const loads = new Map<string, number>();
    const get = (key: string, table: TableName) =>
      cache.get(key, [table], async () => {
        loads.set(key, (loads.get(key) ?? 0) + 1);
        return Buffer.alloc(936);
      });
    for (let i = 0; i < 8; i += 1) await get(`k${i}`, i === 7 ? 'pledges' : 'courses');
    // Reload k7 ten times: it replaces itself, the other seven must stay.
    for (let round = 0; round < 10; round += 1) {
      log.notify(written('pledges'));
      await get('k7', 'pledges');
    }
    expect(loads.get('k7')).toBe(11);
    for (let i = 0; i < 7; i += 1) await get(`k${i}`, 'courses');
    for (let i = 0; i < 7; i += 1) expect(loads.get(`k${i}`)).toBe(1);
  });

  it('calls load every time with maxBytes 0 or without a write log', async () => {
    for (const cache of [
      new ReadCache({ maxBytes: 0, writes: new WriteLog() }),
      new ReadCache({ maxBytes: 1024 * 1024, writes: undefined }),
    ]) {
      expect(cache.enabled).toBe(false);
      const loads = counter();
      expect(await cache.get('k', ['courses'], loads.load)).toBe('v-1');
      expect(await cache.get('k', ['courses'], loads.load)).toBe('v-2');
      expect(await cache.get('k', ['courses'], loads.load)).toBe('v-3');
      expect(cache.size).toBe(0);
    }
  });

  it('expires values after ttlMs (fake clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const { cache } = makeCache({ ttlMs: 1000 });
    const loads = counter();
    expect(await cache.get('k', ['courses'], loads.load)).toBe('v-1');
    vi.setSystemTime(1_000_999);
    expect(await cache.get('k', ['courses'], loads.load)).toBe('v-1');
    vi.setSystemTime(1_001_000);
    expect(await cache.get('k', ['courses'], loads.load)).toBe('v-2');
    vi.setSystemTime(1_001_500);
    expect(await cache.get('k', ['courses'], loads.load)).toBe('v-2');
    expect(loads.calls).toBe(2);
  });

  it('expires values after ttlMs (real clock)', async () => {
    const { cache } = makeCache({ ttlMs: 30 });
    const loads = counter();
    expect(await cache.get('k', ['courses'], loads.load)).toBe('v-1');
    expect(await cache.get('k', ['courses'], loads.load)).toBe('v-1');
    await sleep(60);
    expect(await cache.get('k', ['courses'], loads.load)).toBe('v-2');
  });

  it('drops everything when externalVersion changed, looking at most every 100 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(5_000_000);
    let version = 7;
    let reads = 0;
    const log = new WriteLog(() => {
      reads += 1;
      return version;
    });
    const { cache } = makeCache({ log });
    const a = counter('a');
    const b = counter('b');
    expect(await cache.get('a', ['courses'], a.load)).toBe('a-1');
    expect(await cache.get('b', ['sessions'], b.load)).toBe('b-1');
    const readsAfterWarmUp = reads;

    // Another process commits: not looked for within 100 ms of the last look.
    version = 8;
    vi.setSystemTime(5_000_050);
    expect(await cache.get('a', ['courses'], a.load)).toBe('a-1');
    vi.setSystemTime(5_000_099);
    expect(await cache.get('a', ['courses'], a.load)).toBe('a-1');
    expect(reads).toBe(readsAfterWarmUp);

    vi.setSystemTime(5_000_100);
    expect(await cache.get('a', ['courses'], a.load)).toBe('a-2');
    expect(reads).toBe(readsAfterWarmUp + 1);
    expect(await cache.get('b', ['sessions'], b.load)).toBe('b-2');

    // Unchanged version: values stay, however often it is looked at.
    vi.setSystemTime(5_000_300);
    expect(await cache.get('a', ['courses'], a.load)).toBe('a-2');
    vi.setSystemTime(5_000_500);
    expect(await cache.get('a', ['courses'], a.load)).toBe('a-2');
    expect(a.calls).toBe(2);
  });

  it('does not keep a load during which the external version changed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(9_000_000);
    let version = 1;
    const log = new WriteLog(() => version);
    const { cache } = makeCache({ log });
    const gate = deferred<string>();
    let calls = 0;
    const load = () => {
      calls += 1;
      return calls === 1 ? gate.promise : Promise.resolve(`v-${calls}`);
    };
    const first = cache.get('k', ['courses'], load);
    version = 2;
    vi.setSystemTime(9_000_200);
    // Sees the new version: everything is stale, the flight included.
    const second = cache.get('k', ['courses'], load);
    expect(calls).toBe(2);
    gate.resolve('v-1');
    expect(await first).toBe('v-1');
    expect(await second).toBe('v-2');
    expect(await cache.get('k', ['courses'], load)).toBe('v-2');
  });

  it('tells every cache on one write log of its writes', async () => {
    const log = new WriteLog();
    const caches = [new ReadCache({ maxBytes: 1 << 20, writes: log }), makeCache({ log }).cache];
    const loads = caches.map(() => counter());
    for (const [i, cache] of caches.entries()) await cache.get('k', ['users'], loads[i]!.load);
    log.notify(written('users'));
    for (const [i, cache] of caches.entries())
      expect(await cache.get('k', ['users'], loads[i]!.load)).toBe('v-2');
  });
});

// ---------------------------------------------------------------- through the API

interface CatalogPage {
  courses: Course[];
  nextCursor: string | null;
}

describe.each(databaseTargets)('read cache through the API on $name', (target) => {
  const t = useTestApp(target);

  const catalog = async (query = ''): Promise<CatalogPage> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/courses${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as CatalogPage;
  };
  const inCatalog = async (courseId: string, query = '') =>
    (await catalog(query)).courses.find((course) => course._id === courseId);
  const createdCourses = async (teacher: Account): Promise<Course[]> => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/created-courses',
      headers: bearer(teacher.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json().createdCourses as Course[];
  };
  const enrolledList = (asker: Account, ownerId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/user/${ownerId}/courses`,
      headers: bearer(asker.token),
    });
  const submissions = (asker: Account, courseId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/userswithhw`,
      headers: bearer(asker.token),
    });
  const getUser = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/getUser', headers: bearer(token), payload: {} });

  it('is on with the default configuration', () => {
    expect(t.app.readCache.enabled).toBe(true);
    expect(t.config.readCacheBytes).toBe(32 * 1024 * 1024);
  });

  it('shows a new course in the catalog, the search and created-courses right away', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const first = await createCourse(t.app, teacher, { title: 'Перший курс кешу' });
    const byAuthor = `?authorId=${teacher.user._id}`;
    // Warm every read (twice: the second is a hit).
    for (let i = 0; i < 2; i += 1) {
      expect((await catalog()).courses.map((c) => c._id)).toContain(first._id);
      expect((await catalog(byAuthor)).courses.map((c) => c._id)).toEqual([first._id]);
      expect((await catalog('?q=Другий')).courses).toEqual([]);
      expect((await createdCourses(teacher)).map((c) => c._id)).toEqual([first._id]);
    }
    const second = await createCourse(t.app, teacher, { title: 'Другий курс кешу' });
    expect((await catalog()).courses[0]!._id).toBe(second._id);
    expect((await catalog(byAuthor)).courses.map((c) => c._id)).toEqual([second._id, first._id]);
    expect((await catalog('?q=Другий')).courses.map((c) => c._id)).toEqual([second._id]);
    expect((await createdCourses(teacher)).map((c) => c._id)).toEqual([second._id, first._id]);
  });

  it('shows an edited course in the catalog and created-courses right away', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, teacher, { title: 'Назва до редагування' });
    expect((await inCatalog(course._id))?.title).toBe('Назва до редагування');
    expect((await createdCourses(teacher))[0]!.title).toBe('Назва до редагування');
    const body = multipart([
      { name: 'courseId', value: course._id },
      { name: 'title', value: 'Назва після редагування' },
      { name: 'category', value: 'Нова категорія' },
    ]);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/courses/update',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(teacher.token) },
    });
    expect(update.statusCode).toBe(200);
    expect(await inCatalog(course._id)).toMatchObject({
      title: 'Назва після редагування',
      category: 'Нова категорія',
    });
    expect((await createdCourses(teacher))[0]).toMatchObject({
      _id: course._id,
      title: 'Назва після редагування',
    });
    expect((await catalog('?q=після редагування')).courses.map((c) => c._id)).toEqual([course._id]);
  });

  it("shows a profile rename as the courses' author right away", async () => {
    const teacher = await registerTeacher(t.app, t.db, { username: 'Old Name' });
    const course = await createCourse(t.app, teacher);
    expect((await inCatalog(course._id))?.author.username).toBe('Old Name');
    expect((await createdCourses(teacher))[0]!.author.username).toBe('Old Name');
    expect((await getUser(teacher.token)).json().user.username).toBe('Old Name');
    const rename = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updateUser',
      headers: bearer(teacher.token),
      payload: {
        username: 'New Name',
        telephone: teacher.telephone,
        email: 'new@example.com',
        bio: '',
      },
    });
    expect(rename.statusCode).toBe(200);
    expect((await inCatalog(course._id))?.author).toEqual({
      _id: teacher.user._id,
      username: 'New Name',
    });
    expect((await createdCourses(teacher))[0]!.author.username).toBe('New Name');
    // The cached session carries the user too.
    expect((await getUser(teacher.token)).json().user).toMatchObject({
      username: 'New Name',
      email: 'new@example.com',
    });
  });

  it("shows enrolling and leaving in the catalog's count and the student's list right away", async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, teacher);
    const student = await registerAccount(t.app, { username: 'Cache Student' });
    expect((await inCatalog(course._id))?.enrolledCount).toBe(0);
    const before = await enrolledList(student, student.user._id);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ courses: [] });

    await enroll(t.app, student, course._id);
    expect((await inCatalog(course._id))?.enrolledCount).toBe(1);
    const during = await enrolledList(student, student.user._id);
    expect(during.json().courses.map((c: Course) => c._id)).toEqual([course._id]);
    expect(during.json().courses[0].enrolledCount).toBe(1);

    const leave = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course._id}/enroll`,
      headers: bearer(student.token),
    });
    expect(leave.statusCode).toBe(204);
    expect((await inCatalog(course._id))?.enrolledCount).toBe(0);
    expect((await enrolledList(student, student.user._id)).json()).toEqual({ courses: [] });
  });

  it('refuses another student the enrolled list even after the owner’s list was cached', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, teacher);
    const owner = await registerAccount(t.app, { username: 'List Owner' });
    const other = await registerAccount(t.app, { username: 'Curious Student' });
    await enroll(t.app, owner, course._id);
    for (let i = 0; i < 2; i += 1) {
      const own = await enrolledList(owner, owner.user._id);
      expect(own.statusCode).toBe(200);
      expect(own.json().courses).toHaveLength(1);
    }
    for (let i = 0; i < 2; i += 1) {
      const peek = await enrolledList(other, owner.user._id);
      expect(peek.statusCode).toBe(403);
      expect(peek.body).not.toContain(course._id);
    }
    // Nor does a teacher (even the course's author) see it.
    expect((await enrolledList(teacher, owner.user._id)).statusCode).toBe(403);
    // And the owner still does.
    expect((await enrolledList(owner, owner.user._id)).statusCode).toBe(200);
  });

  it('shows an upload and its grade in userswithhw right away, and refuses another teacher', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, teacher);
    const student = await registerAccount(t.app, { username: 'Homework Student' });
    // Registered first: registering writes users, which would drop the cached view.
    const stranger = await registerTeacher(t.app, t.db, { username: 'Other Teacher' });
    await enroll(t.app, student, course._id);
    const empty = await submissions(teacher, course._id);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ users: [] });

    const homework = await uploadHomework(t.app, student, course._id);
    const listed = await submissions(teacher, course._id);
    expect(listed.statusCode).toBe(200);
    const users = listed.json().users as {
      _id: string;
      homework: { _id: string; grade: string | null }[];
    }[];
    expect(users.map((user) => user._id)).toEqual([student.user._id]);
    expect(users[0]!.homework).toMatchObject([{ _id: homework._id, grade: null }]);

    const grade = await t.app.inject({
      method: 'PUT',
      url: `/api/homework/${homework._id}/grade`,
      headers: bearer(teacher.token),
      payload: { grade: '11', feedback: 'Добре' },
    });
    expect(grade.statusCode).toBe(200);
    const graded = (await submissions(teacher, course._id)).json().users;
    expect(graded[0].homework[0]).toMatchObject({
      _id: homework._id,
      grade: '11',
      feedback: 'Добре',
    });

    // A second submission shows too, newest first.
    const again = await uploadHomework(t.app, student, course._id);
    const two = (await submissions(teacher, course._id)).json().users;
    expect(two[0].homework.map((h: { _id: string }) => h._id)).toEqual([again._id, homework._id]);

    // The author's view is cached; another teacher is still refused, as is the student.
    for (let i = 0; i < 2; i += 1) {
      const peek = await submissions(stranger, course._id);
      expect(peek.statusCode).toBe(403);
      expect(peek.body).not.toContain(homework._id);
    }
    const studentPeek = await submissions(student, course._id);
    expect(studentPeek.statusCode).toBe(403);
    expect((await submissions(teacher, course._id)).statusCode).toBe(200);
  });

  it('drops a student who left from userswithhw right away', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, teacher);
    const student = await registerAccount(t.app);
    await enroll(t.app, student, course._id);
    await uploadHomework(t.app, student, course._id);
    expect((await submissions(teacher, course._id)).json().users).toHaveLength(1);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course._id}/enroll`,
      headers: bearer(student.token),
    });
    expect((await submissions(teacher, course._id)).json().users).toEqual([]);
  });

  it('refuses a token right after logout', async () => {
    const account = await registerAccount(t.app);
    for (let i = 0; i < 3; i += 1) expect((await getUser(account.token)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(account.token),
    });
    expect(logout.statusCode).toBe(204);
    expect((await getUser(account.token)).statusCode).toBe(401);
    expect((await enrolledList(account, account.user._id)).statusCode).toBe(401);
  });

  it("refuses the user's other sessions right after a password change, keeping this one", async () => {
    const account = await registerAccount(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { telephone: account.telephone, password: account.password },
    });
    expect(login.statusCode).toBe(200);
    const otherToken = login.json().token as string;
    expect(otherToken).not.toBe(account.token);
    // Another user's session must survive.
    const bystander = await registerAccount(t.app);
    for (const token of [account.token, otherToken, bystander.token])
      expect((await getUser(token)).statusCode).toBe(200);

    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(account.token),
      payload: { currentPassword: account.password, newPassword: 'Changed2025' },
    });
    expect(change.statusCode).toBe(200);
    expect((await getUser(otherToken)).statusCode).toBe(401);
    expect((await getUser(account.token)).statusCode).toBe(200);
    expect((await getUser(bystander.token)).statusCode).toBe(200);
  });

  it('does not cache an unknown token into being valid, nor a valid one into being unknown', async () => {
    const bogus = 'a'.repeat(43);
    expect((await getUser(bogus)).statusCode).toBe(401);
    expect((await getUser(bogus)).statusCode).toBe(401);
    const account = await registerAccount(t.app);
    expect((await getUser(account.token)).statusCode).toBe(200);
  });

  it('never misses a write that finished before the read began, under concurrent load', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const byAuthor = `?authorId=${teacher.user._id}&limit=50`;
    for (let i = 0; i < 8; i += 1)
      await createCourse(t.app, teacher, { title: `Фоновий курс ${i}` });
    await catalog(byAuthor);
    for (let round = 0; round < 4; round += 1) {
      let writing = true;
      // Readers keep reading all the while the course is being created.
      const reader = async () => {
        // setImmediate: a hit answers without I/O, and the create must get its turns too.
        for (let reads = 0; writing && reads < 500; reads += 1) {
          await catalog(byAuthor);
          await new Promise(setImmediate);
        }
      };
      const readers = [reader(), reader(), reader()];
      const course = await createCourse(t.app, teacher, { title: `Паралельний ${round}` });
      writing = false;
      await Promise.all(readers);
      // The create has answered: every read from now on sees it.
      for (let i = 0; i < 3; i += 1) {
        const ids = (await catalog(byAuthor)).courses.map((c) => c._id);
        expect(ids[0]).toBe(course._id);
        expect(ids).toHaveLength(9 + round);
      }
    }
  });

  it("does not keep a real load that overlapped a real write through the API (the app's own write log)", async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const key = `test-overlap:${teacher.user._id}`;
    const titles = async () =>
      (
        await t.db
          .selectFrom('courses')
          .select('title')
          .where('author_id', '=', teacher.user._id)
          .orderBy('title')
          .execute()
      ).map((row) => row.title);
    let loads = 0;
    const overlapping = await t.app.readCache.get(key, ['courses'], async () => {
      loads += 1;
      const before = await titles();
      // A write that finishes while this load is still running.
      await createCourse(t.app, teacher, { title: 'Курс під час читання' });
      return before;
    });
    expect(overlapping).toEqual([]);
    const plain = async () => {
      loads += 1;
      return titles();
    };
    // Not kept: loaded again, now with the course.
    expect(await t.app.readCache.get(key, ['courses'], plain)).toEqual(['Курс під час читання']);
    expect(loads).toBe(2);
    // That one is kept.
    expect(await t.app.readCache.get(key, ['courses'], plain)).toEqual(['Курс під час читання']);
    expect(loads).toBe(2);
    // A write through a transaction (the password change) drops what read its tables.
    const sessionsKey = `test-sessions:${teacher.user._id}`;
    const countSessions = async () => {
      loads += 1;
      const rows = await t.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('user_id', '=', teacher.user._id)
        .execute();
      return rows.length;
    };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { telephone: teacher.telephone, password: teacher.password },
    });
    expect(login.statusCode).toBe(200);
    expect(await t.app.readCache.get(sessionsKey, ['sessions'], countSessions)).toBe(2);
    expect(await t.app.readCache.get(sessionsKey, ['sessions'], countSessions)).toBe(2);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(teacher.token),
      payload: { currentPassword: teacher.password, newPassword: 'Another2025' },
    });
    expect(change.statusCode).toBe(200);
    expect(await t.app.readCache.get(sessionsKey, ['sessions'], countSessions)).toBe(1);
  });

  it('answers gzip and br to clients that accept them, the same JSON once decompressed', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    for (let i = 0; i < 6; i += 1) await createCourse(t.app, teacher, { title: `Стиснення ${i}` });
    const url = `/api/courses?authorId=${teacher.user._id}`;
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.rawPayload.byteLength).toBeGreaterThan(1024);
    expect(plain.json().courses).toHaveLength(6);

    for (let pass = 0; pass < 2; pass += 1) {
      const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.statusCode).toBe(200);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
      expect(gz.headers['content-type']).toMatch(/^application\/json/);
      expect(gz.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength);
      expect(zlib.gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
      if (gz.headers['content-length'] !== undefined)
        expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.byteLength);

      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    }

    const preferGzip = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br;q=0.1, gzip;q=0.9' },
    });
    expect(preferGzip.headers['content-encoding']).toBe('gzip');
    for (const accept of ['identity', 'deflate', 'compress', 'br;q=0, gzip;q=0']) {
      const none = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': accept },
      });
      expect(none.headers['content-encoding'], accept).toBeUndefined();
      expect(none.rawPayload.equals(plain.rawPayload), accept).toBe(true);
    }

    // A cached compressed answer changes with the data too.
    await createCourse(t.app, teacher, { title: 'Стиснення нове' });
    const fresh = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    });
    const body = JSON.parse(zlib.gunzipSync(fresh.rawPayload).toString()) as CatalogPage;
    expect(body.courses).toHaveLength(7);
    expect(body.courses[0]!.title).toBe('Стиснення нове');
  });

  it('sends a small answer uncompressed whatever the client accepts', async () => {
    const url = '/api/courses?authorId=nobody-has-this-id';
    for (const accept of ['gzip', 'br', 'gzip, deflate, br']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding'], accept).toBeUndefined();
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.json()).toEqual({ courses: [], nextCursor: null });
    }
  });

  it('keeps the catalog answer valid JSON with an error status for a bad query', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/courses?limit=0' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
  });

  it('answers a kept page before validation only for exactly its URL, with every header, HEAD included', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    await createCourse(t.app, teacher, { title: 'Перший курс сторінки' });
    await createCourse(t.app, teacher, { title: 'Другий курс сторінки' });
    const one = await t.app.inject({ method: 'GET', url: '/api/courses?limit=1' });
    expect(one.statusCode).toBe(200);
    // Kept now: the same URL again comes from the cache, with the security headers and its own request id.
    const again = await t.app.inject({ method: 'GET', url: '/api/courses?limit=1' });
    expect(again.body).toBe(one.body);
    expect(again.headers['content-security-policy']).toBe(one.headers['content-security-policy']);
    expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers['x-request-id']).not.toBe(one.headers['x-request-id']);
    // Another URL is another answer, and an invalid one is still refused each time.
    const two = (await t.app.inject({ method: 'GET', url: '/api/courses?limit=2' })).json();
    expect(two.courses).toHaveLength(2);
    for (let i = 0; i < 2; i += 1) {
      const bad = await t.app.inject({ method: 'GET', url: '/api/courses?limit=1&cursor=%00' });
      expect(bad.statusCode).toBe(400);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/api/courses?limit=1' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

describe.each(databaseTargets)('read cache turned off on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { config: { readCacheBytes: 0 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still answers the catalog and the lists correctly', async () => {
    expect(t.app.readCache.enabled).toBe(false);
    expect(t.app.readCache.size).toBe(0);
    const empty = await t.app.inject({ method: 'GET', url: '/api/courses' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ courses: [], nextCursor: null });

    const teacher = await registerTeacher(t.app, t.db, { username: 'Uncached Teacher' });
    const student = await registerAccount(t.app);
    const course = await createCourse(t.app, teacher, { title: 'Без кешу' });
    const first = await t.app.inject({ method: 'GET', url: '/api/courses' });
    expect(first.json().courses.map((c: Course) => c._id)).toEqual([course._id]);
    await enroll(t.app, student, course._id);
    const second = await t.app.inject({ method: 'GET', url: '/api/courses' });
    expect(second.json().courses[0]).toMatchObject({
      _id: course._id,
      enrolledCount: 1,
      author: { username: 'Uncached Teacher' },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/user/${student.user._id}/courses`,
      headers: bearer(student.token),
    });
    expect(list.json().courses.map((c: Course) => c._id)).toEqual([course._id]);

    // Compression does not depend on the cache.
    for (let i = 0; i < 5; i += 1) await createCourse(t.app, teacher, { title: `Без кешу ${i}` });
    const plain = await t.app.inject({ method: 'GET', url: '/api/courses' });
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/courses',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(student.token),
    });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/getUser',
      headers: bearer(student.token),
      payload: {},
    });
    expect(after.statusCode).toBe(401);
    expect(t.app.readCache.size).toBe(0);
  });
});

describe('read cache and another connection to the SQLite file', () => {
  const sqlite = databaseTargets.find((target) => target.name === 'sqlite')!;
  const t = useTestApp(sqlite);

  it("sees another connection's commit within the external check's period", async () => {
    const teacher = await registerTeacher(t.app, t.db, { username: 'Local Teacher' });
    const course = await createCourse(t.app, teacher, { title: 'Назва до зовнішньої зміни' });
    const byAuthor = `/api/courses?authorId=${teacher.user._id}`;
    const read = async () => {
      const response = await t.app.inject({ method: 'GET', url: byAuthor });
      expect(response.statusCode).toBe(200);
      return (response.json() as CatalogPage).courses;
    };
    expect((await read())[0]!.title).toBe('Назва до зовнішньої зміни');
    expect((await read())[0]!.title).toBe('Назва до зовнішньої зміни');

    const other = new Database(path.join(t.config.dataDir, 'urok.db'));
    try {
      other.pragma('busy_timeout = 5000');
      const changed = other
        .prepare('update courses set title = ? where id = ?')
        .run('Назва із зовнішньої зміни', course._id);
      expect(changed.changes).toBe(1);
      other
        .prepare('update users set username = ? where id = ?')
        .run('Renamed Elsewhere', teacher.user._id);
    } finally {
      other.close();
    }
    await sleep(150);
    const after = await read();
    expect(after[0]!.title).toBe('Назва із зовнішньої зміни');
    expect(after[0]!.author.username).toBe('Renamed Elsewhere');
    // The session, cached too, sees the rename.
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/auth/getUser',
      headers: bearer(teacher.token),
      payload: {},
    });
    expect(user.json().user.username).toBe('Renamed Elsewhere');
  });

  it("refuses a token another connection's logout deleted, within the check's period", async () => {
    const account = await registerAccount(t.app);
    const getUser = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/getUser',
        headers: bearer(account.token),
        payload: {},
      });
    expect((await getUser()).statusCode).toBe(200);
    const other = new Database(path.join(t.config.dataDir, 'urok.db'));
    try {
      other.pragma('busy_timeout = 5000');
      expect(
        other.prepare('delete from sessions where user_id = ?').run(account.user._id).changes,
      ).toBe(1);
    } finally {
      other.close();
    }
    await sleep(150);
    expect((await getUser()).statusCode).toBe(401);
  });
});
