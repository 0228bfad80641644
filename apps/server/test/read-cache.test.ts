import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@urok/contract';
import { Migrator, sql } from 'kysely';
import { compactVersionLog, readCacheVersions, readVersions } from '../src/db/cache-versions.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { collectQueryWords } from '../src/db/query-tables.ts';
import {
  ReadCache,
  authorScope,
  courseScope,
  readAfterOwnWrite,
  CacheUse,
  cacheUseOf,
  rosterScope,
  sessionsScope,
  submittedScope,
  userScope,
} from '../src/lib/read-cache.ts';
import {
  bearer,
  createTestApp,
  databaseTargets,
  registerAccount,
  useTestApp,
  type Account,
  type TestApp,
  type TestDatabase,
} from './helpers.ts';
import {
  createCourse,
  enroll,
  multipart,
  registerTeacher,
  uploadHomework,
} from './course-fixtures.ts';

// ---------------------------------------------------------------- ReadCache itself

/** An account's row, to write straight to the database (no API: these tests are about the cache). */
function userRow(id: string, telephone: string) {
  const now = new Date().toISOString();
  return {
    id,
    username: id,
    telephone,
    email: `${id}@example.com`,
    bio: '',
    is_admin: 0,
    password_hash: 'x',
    created_at: now,
    updated_at: now,
  };
}

function insertUser(db: TestDatabase['db'], id: string, telephone: string) {
  return db.insertInto('users').values(userRow(id, telephone)).execute();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseTargets)('ReadCache on $name', (target) => {
  let database: TestDatabase;
  let other: TestDatabase['db'];
  beforeAll(async () => {
    database = await target.open();
    other = database.connectAgain();
    await insertUser(database.db, 'reader', '+380500000001');
  });
  afterAll(async () => {
    await database.close();
  });

  let keys = 0;
  /** A key no other test of the file uses. */
  const key = () => `k${(keys += 1)}`;
  const cache = (maxBytes = 1024 * 1024) => new ReadCache({ maxBytes, db: database.db });
  /** A load that reads `table` and counts its calls. */
  const loader = (table: 'users' | 'media_signing_key') => {
    let calls = 0;
    return {
      load: async () => {
        calls += 1;
        await database.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .execute();
        return `${table}-${calls}`;
      },
      get calls() {
        return calls;
      },
    };
  };
  /** What the loads read: any write to users. */
  const USERS = { before: ['users'] };
  /** A write by another connection, as another process makes: a row of users changes. */
  const writeUsers = () => sql`update users set bio = bio where id = 'reader'`.execute(other);
  const writeSigningKey = () =>
    sql`update media_signing_key set secret = secret where id = 1`.execute(other);

  it('answers a second get from memory until a table its SQL read is written', async () => {
    const c = cache();
    const k = key();
    const users = loader('users');
    expect(await c.get(k, USERS, users.load)).toBe('users-1');
    expect(await c.get(k, USERS, users.load)).toBe('users-1');
    expect(users.calls).toBe(1);
    // Another table written: still kept.
    await writeSigningKey();
    expect(await c.get(k, USERS, users.load)).toBe('users-1');
    // Its own table written: loaded again.
    await writeUsers();
    expect(await c.get(k, USERS, users.load)).toBe('users-2');
    expect(c.stats).toEqual({ hits: 2, misses: 2 });
  });

  it('sees a write by another connection, in a transaction, only once it commits', async () => {
    const c = cache();
    const k = key();
    const users = loader('users');
    await c.get(k, USERS, users.load);
    await other.transaction().execute(async (trx) => {
      await sql`update users set bio = bio where id = 'reader'`.execute(trx);
      // Not committed yet: the kept value stands (it is still the truth).
      expect(await c.get(k, USERS, users.load)).toBe('users-1');
    });
    expect(await c.get(k, USERS, users.load)).toBe('users-2');
  });

  it('keeps nothing fresh through a rolled-back write, and drops nothing for it', async () => {
    const c = cache();
    const k = key();
    const users = loader('users');
    await c.get(k, USERS, users.load);
    await expect(
      other.transaction().execute(async (trx) => {
        await sql`update users set bio = bio where id = 'reader'`.execute(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await c.get(k, USERS, users.load)).toBe('users-1');
  });

  it('reloads a value whose load overlapped a write to what it read', async () => {
    const c = cache();
    const k = key();
    let calls = 0;
    const value = await c.get(k, USERS, async () => {
      calls += 1;
      await database.db.selectFrom('users').select('id').limit(1).execute();
      await writeUsers();
      return calls;
    });
    expect(value).toBe(1);
    expect(await c.get(k, USERS, async () => ((calls += 1), calls))).toBe(2);
  });

  it('shares one load among concurrent gets of a key, and a failed one with every waiter', async () => {
    const c = cache();
    const k = key();
    const users = loader('users');
    expect(await Promise.all([c.get(k, USERS, users.load), c.get(k, USERS, users.load)])).toEqual([
      'users-1',
      'users-1',
    ]);
    expect(users.calls).toBe(1);
    const failing = key();
    let fails = 0;
    const fail = async (): Promise<string> => {
      fails += 1;
      throw new Error('boom');
    };
    const both = await Promise.allSettled([
      c.get(failing, USERS, fail),
      c.get(failing, USERS, fail),
    ]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(fails).toBe(1);
    expect(await c.get(failing, USERS, users.load)).toBe('users-2');
  });

  it('shares one versions read among the requests that arrive before it starts, and reuses it only for those that began before it started', async () => {
    const c = cache();
    const since = c.mark();
    const [a, b] = await Promise.all([
      c.versions(['users'], since),
      c.versions(['pledges'], since),
    ]);
    expect(c.mark()).toBe(since + 1); // one read for both
    expect([...a.keys(), ...b.keys()]).toEqual(['users', 'pledges']);
    // A request that began before that read started is answered from it, with no read or wait.
    const again = c.versions(['users', 'pledges'], since);
    expect(again).toBeInstanceOf(Map);
    // One that began after it has a read of its own, which sees a write committed meanwhile.
    await writeUsers();
    const later = c.versions(['users'], c.mark());
    expect(later).toBeInstanceOf(Promise);
    expect((await later).get('users')).toBeGreaterThan(a.get('users')!);
    expect(c.mark()).toBe(since + 2);
  });

  it('on SQLite, queries no versions while nothing was committed since the last read, by any connection', async () => {
    const c = cache();
    /** The tables a versions read queried (the SQL recorder of the structural test). */
    const queried = async (since: number) => {
      const { value, words } = await collectQueryWords(async () => c.versions(['users'], since));
      return { versions: value, queried: words.has('cache_versions') };
    };
    const first = await queried(c.mark());
    expect(first.queried).toBe(true);
    // A request that began after that read: on SQLite the change mark says nothing was committed
    // since, so the versions it read stand (the read still waits its turn, with no query).
    // PostgreSQL queries again.
    const same = await queried(c.mark());
    expect(same.queried).toBe(database.dialect === 'postgres');
    expect(same.versions.get('users')).toBe(first.versions.get('users'));
    // A commit by another connection (another process) moves the mark: the next read queries.
    await writeUsers();
    const after = await queried(c.mark());
    expect(after.queried).toBe(true);
    expect(after.versions.get('users')).toBe(first.versions.get('users')! + 1);
    // So does a commit by this connection.
    await sql`update users set bio = bio where id = 'reader'`.execute(database.db);
    const own = await queried(c.mark());
    expect(own.queried).toBe(true);
    expect(own.versions.get('users')).toBe(first.versions.get('users')! + 2);
    // Inside a transaction there is no mark (its snapshot may be older than another's commit):
    // the read queries, after the transaction.
    let inside: Promise<{ queried: boolean }> | undefined;
    await database.db.transaction().execute(async () => {
      inside = queried(c.mark());
      // The read starts on the event loop's next turn, with the transaction still open.
      await new Promise((resolve) => setImmediate(resolve));
    });
    expect((await inside!).queried).toBe(true);
  });

  it('answers every name asked for when remembering more names makes it forget some', async () => {
    const c = new ReadCache({ maxBytes: 1024 * 1024, db: database.db, rememberedNames: 3 });
    const since = c.mark();
    await c.versions(['users', 'course:a'], since);
    // Known since `since`, then forgotten while the other names are read.
    const [both, others] = await Promise.all([
      c.versions(['users', 'course:a', 'user:b'], since),
      c.versions(['user:c', 'user:d'], since),
    ]);
    expect([...both.keys()].sort()).toEqual(['course:a', 'user:b', 'users']);
    expect([...others.keys()].sort()).toEqual(['user:c', 'user:d']);
  });

  it("reads again after a request's own write what it read before it", async () => {
    const c = cache();
    const request = {};
    const before = (await c.versions(['users'], cacheUseOf(request, c).since)).get('users')!;
    await writeUsers();
    // The read since the request began still stands for it: the version from before the write.
    const stale = c.versions(['users'], cacheUseOf(request, c).since);
    expect(stale).toBeInstanceOf(Map);
    expect((stale as Map<string, number>).get('users')).toBe(before);
    // Once it says it wrote, its next check reads again and sees the write.
    readAfterOwnWrite(request, c);
    const after = c.versions(['users'], cacheUseOf(request, c).since);
    expect(after).toBeInstanceOf(Promise);
    expect((await after).get('users')).toBe(before + 1);
  });

  it('answers a request that began after a write from a read that started after it', async () => {
    const c = cache();
    const k = key();
    const users = loader('users');
    const first = new CacheUse(c.mark());
    expect(await c.get(k, USERS, users.load, undefined, first)).toBe('users-1');
    await writeUsers();
    // Still the first request: what it read since it began stands for it.
    expect(await c.get(k, USERS, users.load, undefined, first)).toBe('users-1');
    // A request that began after the write reads again and loads again.
    expect(await c.get(k, USERS, users.load, undefined, new CacheUse(c.mark()))).toBe('users-2');
  });

  it('checks a kept value once for the requests of one read, and again for a request that began after it', async () => {
    const c = cache();
    const k = key();
    const users = loader('users');
    await c.get(k, USERS, users.load);
    // Three requests that arrive together wait on one versions read; the first to find the value
    // fresh after it answers for the others, with no read of their own.
    const batch = [0, 1, 2].map(() => new CacheUse(c.mark()));
    const read = c.mark();
    expect(await Promise.all(batch.map((use) => c.peek(k, use)))).toEqual([
      'users-1',
      'users-1',
      'users-1',
    ]);
    expect(c.mark()).toBe(read + 1);
    // So does get(), the session's path: nothing read, nothing loaded.
    expect(await c.get(k, USERS, users.load, undefined, batch[0])).toBe('users-1');
    expect(c.mark()).toBe(read + 1);
    await writeUsers();
    // A request that began before the write takes the value as that read found it.
    expect(await c.peek(k, new CacheUse(read))).toBe('users-1');
    expect(c.mark()).toBe(read + 1);
    // One that began after it has a read of its own, which finds the value stale.
    expect(await c.peek(k, new CacheUse(c.mark()))).toBeUndefined();
    expect(c.mark()).toBe(read + 2);
    expect(await c.get(k, USERS, users.load, undefined, new CacheUse(c.mark()))).toBe('users-2');
    expect(users.calls).toBe(2);
  });

  it('does not keep what keep() refuses, nor a value over a quarter of its budget', async () => {
    const c = cache(8 * 1024);
    const k = key();
    const users = loader('users');
    await c.get(k, USERS, users.load, () => false);
    await c.get(k, USERS, users.load, () => false);
    expect(users.calls).toBe(2);
    const big = key();
    let loads = 0;
    const load = async () => ((loads += 1), 'x'.repeat(2000));
    await c.get(big, USERS, load);
    await c.get(big, USERS, load);
    expect(loads).toBe(2);
  });

  it('evicts the least recently used values when over its byte budget', async () => {
    const c = cache(10 * 1024);
    const loads = new Map<string, number>();
    const load = (name: string) => async () => {
      loads.set(name, (loads.get(name) ?? 0) + 1);
      return 'x'.repeat(450); // about 1 KB each
    };
    for (let i = 0; i < 9; i += 1) await c.get(`lru${i}`, USERS, load(`lru${i}`));
    await c.get('lru0', USERS, load('lru0')); // used again: now the newest
    await c.get('lru9', USERS, load('lru9'));
    await c.get('lru10', USERS, load('lru10'));
    expect(c.size).toBeLessThan(11);
    await c.get('lru0', USERS, load('lru0'));
    expect(loads.get('lru0')).toBe(1);
    await c.get('lru1', USERS, load('lru1'));
    expect(loads.get('lru1')).toBe(2);
  });

  it('calls load every time with maxBytes 0', async () => {
    const c = cache(0);
    const users = loader('users');
    await c.get('off', USERS, users.load);
    await c.get('off', USERS, users.load);
    expect(users.calls).toBe(2);
    expect(await c.peek('off')).toBeUndefined();
  });

  it("keeps an answer under a person's version: another person's writes leave it", async () => {
    const c = cache();
    const k = key();
    let loads = 0;
    const load = async () => ((loads += 1), loads);
    // As a session is kept: under the person's account and sessions (migration 0028).
    const mine = { before: [userScope('reader'), sessionsScope('reader')] };
    const now = new Date(Date.now() + 3_600_000).toISOString();
    const session = (token: string, user: string) =>
      other
        .insertInto('sessions')
        .values({ token_hash: token, user_id: user, created_at: now, expires_at: now })
        .execute();
    expect(await c.get(k, mine, load)).toBe(1);
    await insertUser(other, 'someone-else', '+380500000002');
    await session(`t-${k}-other`, 'someone-else');
    // Another person's account and session: the users and sessions tables changed, not 'reader'.
    expect(await c.get(k, mine, load)).toBe(1);
    await session(`t-${k}-mine`, 'reader');
    expect(await c.get(k, mine, load)).toBe(2);
    // A delete raises the scope of the row it removes.
    await other.deleteFrom('sessions').where('token_hash', '=', `t-${k}-mine`).execute();
    expect(await c.get(k, mine, load)).toBe(3);
    await other.deleteFrom('sessions').where('user_id', '=', 'someone-else').execute();
    await other.deleteFrom('users').where('id', '=', 'someone-else').execute();
    expect(await c.get(k, mine, load)).toBe(3);
  });

  it("raises a course's roster, not the course, for an enrolment and its count, and the course for an edit", async () => {
    const c = cache();
    const id = `course-${key()}`;
    const now = new Date().toISOString();
    await other
      .insertInto('courses')
      .values({
        id,
        author_id: 'reader',
        title: 'Курс',
        description: '',
        category: '',
        homework_task: '',
        homework_due_at: null,
        cover_key: null,
        search_text: 'курс',
        enrolled_count: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    let loads = 0;
    const load = async () => ((loads += 1), loads);
    const [courseKey, rosterKey] = [key(), key()];
    const course = { before: [courseScope(id)] };
    const roster = { before: [rosterScope(id)] };
    const table = async () => (await readCacheVersions(other)).get('courses');
    expect(await c.get(courseKey, course, load)).toBe(1);
    expect(await c.get(rosterKey, roster, load)).toBe(2);
    // An enrolment and the count it changes, as enrolling writes them: the roster only, not the
    // courses table's version either (migration 0028).
    await other
      .insertInto('enrollments')
      .values({ user_id: 'reader', course_id: id, created_at: now })
      .execute();
    const tableBefore = await table();
    await other.updateTable('courses').set({ enrolled_count: 1 }).where('id', '=', id).execute();
    expect(await table()).toBe(tableBefore);
    expect(await c.get(courseKey, course, load)).toBe(1);
    expect(await c.get(rosterKey, roster, load)).toBe(3);
    // Anything else on the course's row: the course only, and the table.
    await other.updateTable('courses').set({ title: 'Інший' }).where('id', '=', id).execute();
    expect(await table()).toBeGreaterThan(tableBefore!);
    expect(await c.get(courseKey, course, load)).toBe(4);
    expect(await c.get(rosterKey, roster, load)).toBe(3);
    // Both in one statement: both.
    await other
      .updateTable('courses')
      .set({ title: 'Третій', enrolled_count: 2 })
      .where('id', '=', id)
      .execute();
    expect(await c.get(courseKey, course, load)).toBe(5);
    expect(await c.get(rosterKey, roster, load)).toBe(6);
    // Leaving: the roster.
    await other.deleteFrom('enrollments').where('course_id', '=', id).execute();
    expect(await c.get(courseKey, course, load)).toBe(5);
    expect(await c.get(rosterKey, roster, load)).toBe(7);
    await other.deleteFrom('courses').where('id', '=', id).execute();
  });

  it('raises every scope a long transaction writes, also past the noted list a commit keeps short', async () => {
    const c = cache();
    const ids = Array.from({ length: 1200 }, (_, i) => `bulk-${key()}-${i}`);
    const loaded = new Map<string, number>();
    const load = (id: string) => async () => {
      loaded.set(id, (loaded.get(id) ?? 0) + 1);
      return loaded.get(id)!;
    };
    const [first, last] = [ids[0]!, ids.at(-1)!];
    for (const id of [first, last])
      expect(await c.get(id, { before: [userScope(id)] }, load(id))).toBe(1);
    // On PostgreSQL the noted list holds 8 KB of names: the last accounts are past it.
    await other.transaction().execute(async (trx) => {
      for (const [i, id] of ids.entries())
        await insertUser(trx, id, `+38067${String(i).padStart(7, '0')}`);
    });
    for (const id of [first, last])
      expect(await c.get(id, { before: [userScope(id)] }, load(id))).toBe(2);
    await other.deleteFrom('users').where('id', 'in', ids).execute();
  });

  it.runIf(target.name === 'postgres')(
    "vacuums the log after folding a bulk write's lines",
    async () => {
      const run = Number(key().slice(1));
      const ids = Array.from({ length: 11_000 }, (_, i) => `vacuum-${run}-${i}`);
      const vacuums = async () => {
        // Counts as they are now, not as this session first read them.
        await sql`select pg_stat_clear_snapshot()`.execute(database.db);
        const { rows } = await sql<{ n: string }>`
          select vacuum_count as n from pg_stat_user_tables
          where relid = 'cache_version_log'::regclass`.execute(database.db);
        return Number(rows[0]?.n ?? 0);
      };
      /**
       * Folds until the log is empty: the compaction's lock is one per database, and another
       * test's schema on the same database may hold it for a moment.
       */
      const foldAll = async () => {
        for (let i = 0; i < 100 && (await readVersions(database.db)).logLines > 0; i += 1) {
          await compactVersionLog(database.db);
        }
        expect((await readVersions(database.db)).logLines).toBe(0);
      };
      try {
        await other.transaction().execute(async (trx) => {
          for (let i = 0; i < ids.length; i += 500) {
            await trx
              .insertInto('users')
              .values(
                ids
                  .slice(i, i + 500)
                  .map((id, j) => userRow(id, `+3806${run % 10}${String(i + j).padStart(7, '0')}`)),
              )
              .execute();
          }
        });
        const before = await vacuums();
        await foldAll();
        // Folded, then vacuumed: its dead rows are not left for every read's count to scan.
        // (Whether VACUUM can free them also depends on the oldest transaction in the database.)
        expect(await vacuums()).toBe(before + 1);
      } finally {
        await other.deleteFrom('users').where('id', 'in', ids).execute();
        await foldAll();
      }
    },
  );

  it('keeps a value whose names come from the value itself, read before its load', async () => {
    const c = cache();
    const k = key();
    let loads = 0;
    const load = async () => ((loads += 1), { person: 'reader', loads });
    const depends = { before: [], after: (value: { person: string }) => [userScope(value.person)] };
    // The first load finds the name, whose version was not read before it: it loads once more
    // after reading it, and that value is kept.
    expect((await c.get(k, depends, load)).loads).toBe(2);
    expect((await c.get(k, depends, load)).loads).toBe(2);
    expect((await c.peek<{ loads: number }>(k))?.loads).toBe(2);
    await sql`update users set bio = bio where id = 'reader'`.execute(other);
    expect(await c.peek(k)).toBeUndefined();
    expect((await c.get(k, depends, load)).loads).toBe(3);
  });

  it('gives every table its version triggers, so no write escapes the cache', async () => {
    const tables =
      target.name === 'sqlite'
        ? (
            await sql<{ name: string }>`select name from sqlite_master where type = 'table'
              and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(database.db)
          ).rows.map((row) => row.name)
        : (
            await sql<{ name: string }>`select table_name as name from information_schema.tables
              where table_schema = current_schema() and table_type = 'BASE TABLE'
              and table_name not like 'kysely_%'`.execute(database.db)
          ).rows.map((row) => row.name);
    const versions = new Map(
      [...(await readCacheVersions(database.db))].filter(([name]) => !name.includes(':')),
    );
    // SQLite's full-text index of courses (a virtual table and its shadow tables) is written only
    // by triggers on courses, and the search reads courses beside it: courses' version covers it.
    const tracked = tables.filter(
      (table) =>
        table !== 'cache_versions' &&
        table !== 'cache_version_log' &&
        !/^course_search(_|$)/.test(table),
    );
    expect(tracked.length).toBeGreaterThan(15);
    expect([...versions.keys()].sort()).toEqual([...tracked].sort());
    for (const table of tracked) {
      const before = (await readCacheVersions(database.db)).get(table)!;
      // A delete that matches no row still counts on PostgreSQL (a statement trigger); on SQLite
      // (row triggers) a row must change: insert and remove a row through a savepoint-free pair.
      if (target.name === 'postgres') {
        await sql`delete from ${sql.table(table)} where false`.execute(database.db);
        expect((await readCacheVersions(database.db)).get(table), table).toBe(before + 1);
      } else {
        const triggers = (
          await sql<{ n: number }>`select count(*) as n from sqlite_master
            where type = 'trigger' and tbl_name = ${table} and name like 'cache_version_%'`.execute(
            database.db,
          )
        ).rows[0]!.n;
        expect(Number(triggers), table).toBe(3);
      }
    }
  });

  it.runIf(target.name === 'postgres')(
    "folds the version log into the counters without changing any table's version",
    async () => {
      for (const table of ['users', 'pledges', 'users'])
        await sql`delete from ${sql.table(table)} where false`.execute(database.db);
      const before = await readVersions(database.db);
      expect(before.logLines).toBeGreaterThanOrEqual(3);
      // Two at once: one folds, the other finds the lock taken and does nothing.
      await Promise.all([compactVersionLog(database.db), compactVersionLog(other)]);
      const after = await readVersions(database.db);
      expect(after.logLines).toBe(0);
      expect(Object.fromEntries(after.versions)).toEqual(Object.fromEntries(before.versions));
    },
  );

  it.runIf(target.name === 'postgres')(
    'goes back from the version log to the counters raised at commit, and forward again',
    async () => {
      const own = await target.open();
      try {
        const migrator = new Migrator({
          db: own.db,
          provider: { getMigrations: async () => migrations },
          migrationTableSchema: own.schema!,
        });
        const back = await migrator.migrateTo('0021-empty-default-assignments');
        expect(back.error).toBeUndefined();
        const counter = async () =>
          Number(
            (
              await sql<{
                v: string;
              }>`select version as v from cache_versions where name = 'pledges'`.execute(own.db)
            ).rows[0]!.v,
          );
        const before = await counter();
        await sql`delete from pledges where false`.execute(own.db);
        expect(await counter()).toBe(before + 1);
        expect((await migrator.migrateToLatest()).error).toBeUndefined();
        await sql`delete from pledges where false`.execute(own.db);
        expect((await readCacheVersions(own.db)).get('pledges')).toBe(before + 2);
      } finally {
        await own.close();
      }
    },
  );

  it.runIf(target.name === 'postgres')(
    'never deadlocks two transactions that write the same tables in opposite orders',
    async () => {
      // Read before either transaction starts: on a busy machine the read could land after one
      // had committed.
      const before = await readCacheVersions(database.db);
      const first = other.transaction().execute(async (trx) => {
        await sql`delete from pledges where false`.execute(trx);
        await sleep(100);
        await sql`delete from users where false`.execute(trx);
      });
      const second = database.db.transaction().execute(async (trx) => {
        await sql`delete from users where false`.execute(trx);
        await sleep(100);
        await sql`delete from pledges where false`.execute(trx);
      });
      await Promise.all([first, second]);
      const after = await readCacheVersions(database.db);
      expect(after.get('users')).toBe(before.get('users')! + 2);
      expect(after.get('pledges')).toBe(before.get('pledges')! + 2);
    },
  );
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
    expect(t.config.readCacheBytes).toBe(64 * 1024 * 1024);
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

  it('keeps the catalog through an enrolment in a course it does not show, and shows one in a course it does at once', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const older = await createCourse(t.app, teacher);
    const newest = await createCourse(t.app, teacher);
    const student = await registerAccount(t.app);
    // One course a page: the newest only.
    const page = () => t.app.inject({ method: 'GET', url: '/api/courses?limit=1' });
    expect((await page()).json().courses.map((c: Course) => c._id)).toEqual([newest._id]);
    expect((await page()).headers['x-cache']).toBe('hit');
    await enroll(t.app, student, older._id);
    expect((await page()).headers['x-cache']).toBe('hit');
    await enroll(t.app, student, newest._id);
    const counted = await page();
    expect(counted.headers['x-cache']).toBe('miss');
    expect(counted.json().courses[0]).toMatchObject({ _id: newest._id, enrolledCount: 1 });
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

  it("keeps a student's answers of one course through their upload, grade and enrolment in another", async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const [a, b, c] = [
      await createCourse(t.app, teacher),
      await createCourse(t.app, teacher),
      await createCourse(t.app, teacher),
    ];
    const student = await registerAccount(t.app, { username: 'Busy Student' });
    await enroll(t.app, student, a._id);
    await enroll(t.app, student, b._id);
    const read = (account: Account, url: string) =>
      t.app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(account.token) });
    // Course A as the student and its teacher see it, and the student's list.
    const ofA = [
      () => read(student, `courses/${a._id}/outline`),
      () => read(teacher, `courses/${a._id}/gradebook`),
      () => submissions(teacher, a._id),
    ];
    const list = () => enrolledList(student, student.user._id);
    const misses = () => t.app.readCache.stats.misses;
    for (const get of [...ofA, list]) {
      expect((await get()).statusCode).toBe(200);
      expect((await get()).headers['x-cache']).toBe('hit');
    }

    // An upload and its grade in course B raise the student's work in B (a scope named by
    // person and course): A's answers and the list stay kept, and so does the student's session
    // (reading them all loads nothing).
    const homework = await uploadHomework(t.app, student, b._id);
    const grade = await t.app.inject({
      method: 'PUT',
      url: `/api/homework/${homework._id}/grade`,
      headers: bearer(teacher.token),
      payload: { grade: '10', feedback: 'Добре' },
    });
    expect(grade.statusCode).toBe(200);
    const versions = await readCacheVersions(t.db);
    expect(versions.get(submittedScope(student.user._id, b._id))).toBeGreaterThan(0);
    expect(versions.has(submittedScope(student.user._id, a._id))).toBe(false);
    const missesBefore = misses();
    for (const get of [...ofA, list]) expect((await get()).headers['x-cache']).toBe('hit');
    expect(misses()).toBe(missesBefore);
    const viewOfB = await submissions(teacher, b._id);
    expect(viewOfB.headers['x-cache']).toBe('miss');
    expect(viewOfB.json().users[0].homework[0]).toMatchObject({ _id: homework._id, grade: '10' });

    // Enrolling in course C: the list shows it at once; A's answers stay kept.
    await enroll(t.app, student, c._id);
    for (const get of ofA) expect((await get()).headers['x-cache']).toBe('hit');
    const listed = await list();
    expect(listed.headers['x-cache']).toBe('miss');
    expect(
      listed
        .json()
        .courses.map((course: Course) => course._id)
        .sort(),
    ).toEqual([a._id, b._id, c._id].sort());
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

  it('reloads a real load that overlapped a real write through the API', async () => {
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
    // Declared as a cached read declares them: the teacher's courses, the teacher's sessions.
    const byAuthor = { before: [authorScope(teacher.user._id)] };
    const ofPerson = { before: [userScope(teacher.user._id)] };
    const overlapping = await t.app.readCache.get(key, byAuthor, async () => {
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
    expect(await t.app.readCache.get(key, byAuthor, plain)).toEqual(['Курс під час читання']);
    expect(loads).toBe(2);
    // That one is kept.
    expect(await t.app.readCache.get(key, byAuthor, plain)).toEqual(['Курс під час читання']);
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
    expect(await t.app.readCache.get(sessionsKey, ofPerson, countSessions)).toBe(2);
    expect(await t.app.readCache.get(sessionsKey, ofPerson, countSessions)).toBe(2);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(teacher.token),
      payload: { currentPassword: teacher.password, newPassword: 'Another2025' },
    });
    expect(change.statusCode).toBe(200);
    expect(await t.app.readCache.get(sessionsKey, ofPerson, countSessions)).toBe(1);
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
    expect([one.headers['x-cache'], again.headers['x-cache']]).toEqual(['miss', 'hit']);
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

  it("sees another connection's commit on the very next read", async () => {
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
    const after = await read();
    expect(after[0]!.title).toBe('Назва із зовнішньої зміни');
    expect(after[0]!.author.username).toBe('Renamed Elsewhere');
    // The session sees the rename.
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/auth/getUser',
      headers: bearer(teacher.token),
      payload: {},
    });
    expect(user.json().user.username).toBe('Renamed Elsewhere');
  });

  it("refuses a token another connection's logout deleted on the very next request", async () => {
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
    expect((await getUser()).statusCode).toBe(401);
  });
});
