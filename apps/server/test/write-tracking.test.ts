import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { isUniqueViolation } from '../src/db/unique-violation.ts';
import {
  ALL_TABLES,
  writeLogOf,
  writtenTables,
  type WriteLog,
  type WrittenTables,
} from '../src/db/write-tracking.ts';
import { databaseTargets, type TestDatabase } from './helpers.ts';

/** What one announcement said: sorted table names, or 'all'. */
type Said = string[] | typeof ALL_TABLES;

function describeTables(tables: WrittenTables): Said {
  return tables === ALL_TABLES ? ALL_TABLES : [...tables].sort();
}

function pledge(overrides: Partial<{ id: string; name: string; amount: number }> = {}) {
  return {
    id: randomUUID(),
    name: 'Donor',
    amount: 100,
    message: '',
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

describe('writtenTables (compiled queries, no database)', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await databaseTargets[0]!.open();
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  const said = (tables: WrittenTables | undefined): Said | undefined =>
    tables === undefined ? undefined : describeTables(tables);

  it('reads nothing into a select, raw or built', () => {
    expect(writtenTables(db.selectFrom('courses').selectAll().compile())).toBeUndefined();
    expect(
      writtenTables(
        db
          .selectFrom('courses')
          .innerJoin('users', 'users.id', 'courses.author_id')
          .select('courses.id')
          .compile(),
      ),
    ).toBeUndefined();
    expect(writtenTables(sql`select 1`.compile(db))).toBeUndefined();
    expect(writtenTables(sql`  SELECT count(*) from users`.compile(db))).toBeUndefined();
    expect(writtenTables(sql`explain select 1`.compile(db))).toBeUndefined();
  });

  it('names the table of an insert, update or delete, aliased or not', () => {
    expect(said(writtenTables(db.insertInto('pledges').values(pledge()).compile()))).toEqual([
      'pledges',
    ]);
    expect(said(writtenTables(db.updateTable('courses').set({ title: 'x' }).compile()))).toEqual([
      'courses',
    ]);
    expect(
      said(writtenTables(db.updateTable('courses as c').set({ title: 'x' }).compile())),
    ).toEqual(['courses']);
    expect(said(writtenTables(db.deleteFrom('sessions').compile()))).toEqual(['sessions']);
    expect(said(writtenTables(db.deleteFrom('sessions as s').compile()))).toEqual(['sessions']);
    expect(
      said(
        writtenTables(
          db
            .insertInto('enrollments')
            .values({ user_id: 'u', course_id: 'c', created_at: 'now' })
            .onConflict((oc) => oc.doNothing())
            .compile(),
        ),
      ),
    ).toEqual(['enrollments']);
  });

  it('takes raw writes and schema changes for writes to every table', () => {
    expect(writtenTables(sql`update courses set title = 'x'`.compile(db))).toBe(ALL_TABLES);
    expect(writtenTables(sql`delete from sessions`.compile(db))).toBe(ALL_TABLES);
    expect(writtenTables(sql`with x as (select 1) select * from x`.compile(db))).toBe(ALL_TABLES);
    // "selection" is not "select": the word boundary matters.
    expect(writtenTables(sql`selection_refresh()`.compile(db))).toBe(ALL_TABLES);
    expect(
      writtenTables(db.schema.createTable('scratch').addColumn('id', 'integer').compile()),
    ).toBe(ALL_TABLES);
    expect(writtenTables(db.schema.dropTable('scratch').compile())).toBe(ALL_TABLES);
  });

  it('takes any built query with a WITH clause for a write to every table (it may hide one)', () => {
    const hidden = db
      .with('gone', (q) => q.deleteFrom('pledges').where('id', '=', 'p1').returning('id'))
      .selectFrom('gone')
      .selectAll()
      .compile();
    expect(writtenTables(hidden)).toBe(ALL_TABLES);
    const nested = db
      .with('old', (q) => q.deleteFrom('sessions').returning('user_id'))
      .updateTable('users')
      .set({ bio: '' })
      .compile();
    expect(writtenTables(nested)).toBe(ALL_TABLES);
  });
});

describe.each(databaseTargets)('write tracking on $name', (target) => {
  let database: TestDatabase;
  let db: Db;
  let log: WriteLog;
  let heard: Said[];
  let unsubscribe: () => void;

  beforeAll(async () => {
    database = await target.open();
    db = database.db;
    const found = writeLogOf(db);
    expect(found).toBeDefined();
    log = found!;
    unsubscribe = log.subscribe((tables) => heard.push(describeTables(tables)));
  });
  afterAll(async () => {
    unsubscribe?.();
    await database?.close();
  });
  beforeEach(() => {
    heard = [];
  });

  it('has a write log only for a database opened by openDatabase', () => {
    expect(writeLogOf(db)).toBe(log);
    expect(writeLogOf({} as Db)).toBeUndefined();
  });

  it('reports an external version on SQLite only', () => {
    if (target.name === 'sqlite') {
      expect(typeof log.externalVersion).toBe('function');
      const version = log.externalVersion!();
      expect(Number.isInteger(version)).toBe(true);
    } else {
      expect(log.externalVersion).toBeUndefined();
    }
  });

  it('announces nothing for reads', async () => {
    await db.selectFrom('courses').selectAll().execute();
    await db
      .selectFrom('courses')
      .innerJoin('users', 'users.id', 'courses.author_id')
      .select('courses.id')
      .execute();
    await sql`select 1 as one`.execute(db);
    expect(heard).toEqual([]);
  });

  it('announces exactly the table of each insert, update and delete, once each', async () => {
    const row = pledge();
    await db.insertInto('pledges').values(row).execute();
    expect(heard).toEqual([['pledges']]);
    await db.updateTable('pledges').set({ amount: 200 }).where('id', '=', row.id).execute();
    expect(heard).toEqual([['pledges'], ['pledges']]);
    await db.deleteFrom('pledges').where('id', '=', row.id).execute();
    expect(heard).toEqual([['pledges'], ['pledges'], ['pledges']]);
    // One that changes no row is still announced (it cannot be told from the statement).
    await db.deleteFrom('sessions').where('token_hash', '=', 'none').execute();
    expect(heard.at(-1)).toEqual(['sessions']);
    await db.updateTable('courses as c').set({ title: 'x' }).where('c.id', '=', 'none').execute();
    expect(heard.at(-1)).toEqual(['courses']);
    expect(heard).toHaveLength(5);
  });

  it('announces an insert … returning as a write', async () => {
    const row = pledge();
    const returned = await db
      .insertInto('pledges')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(returned.id).toBe(row.id);
    expect(heard).toEqual([['pledges']]);
  });

  it('announces a raw write as a write to every table', async () => {
    await sql`update pledges set amount = amount where id = ${'none'}`.execute(db);
    expect(heard).toEqual([ALL_TABLES]);
    await sql`delete from sessions where token_hash = ${'none'}`.execute(db);
    expect(heard).toEqual([ALL_TABLES, ALL_TABLES]);
  });

  it('announces the writes of a transaction once, at its commit, and nothing before', async () => {
    const row = pledge();
    const seenInside: Said[][] = [];
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('pledges').values(row).execute();
      seenInside.push([...heard]);
      await trx.updateTable('courses').set({ title: 'x' }).where('id', '=', 'none').execute();
      await trx.deleteFrom('sessions').where('token_hash', '=', 'none').execute();
      await trx.selectFrom('users').selectAll().execute();
      await trx.insertInto('pledges').values(pledge()).execute();
      seenInside.push([...heard]);
    });
    expect(seenInside).toEqual([[], []]);
    expect(heard).toEqual([['courses', 'pledges', 'sessions']]);
    const stored = await db.selectFrom('pledges').select('id').where('id', '=', row.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('announces nothing for a transaction that only read', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('pledges').selectAll().execute();
      await sql`select 1`.execute(trx);
    });
    expect(heard).toEqual([]);
  });

  it("announces 'all' once for a transaction with a raw write", async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('pledges').values(pledge()).execute();
      await sql`update pledges set amount = amount where id = ${'none'}`.execute(trx);
      await trx.deleteFrom('sessions').where('token_hash', '=', 'none').execute();
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([ALL_TABLES]);
  });

  it('announces a rolled-back transaction, once, and the error propagates', async () => {
    const row = pledge();
    const failure = new Error('changed my mind');
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('pledges').values(row).execute();
        await trx.updateTable('users').set({ bio: 'x' }).where('id', '=', 'none').execute();
        expect(heard).toEqual([]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(heard).toEqual([['pledges', 'users']]);
    const stored = await db.selectFrom('pledges').select('id').where('id', '=', row.id).execute();
    expect(stored).toEqual([]);
  });

  it('announces a failing statement, and its error propagates', async () => {
    const row = pledge();
    await db.insertInto('pledges').values(row).execute();
    heard = [];
    let caught: unknown;
    try {
      await db.insertInto('pledges').values(row).execute();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeDefined();
    expect(isUniqueViolation(caught)).toBe(true);
    expect(heard).toEqual([['pledges']]);
  });

  it('announces a transaction whose statement failed, once, at its end', async () => {
    const row = pledge();
    await db.insertInto('pledges').values(row).execute();
    heard = [];
    let caught: unknown;
    try {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sessions').where('token_hash', '=', 'none').execute();
        await trx.insertInto('pledges').values(row).execute();
      });
    } catch (error) {
      caught = error;
    }
    expect(isUniqueViolation(caught)).toBe(true);
    expect(heard).toEqual([['pledges', 'sessions']]);
  });

  it('announces writes of a controlled transaction at commit and at rollback', async () => {
    const committed = await db.startTransaction().execute();
    await committed.insertInto('pledges').values(pledge()).execute();
    expect(heard).toEqual([]);
    await committed.commit().execute();
    expect(heard).toEqual([['pledges']]);

    const rolledBack = await db.startTransaction().execute();
    await rolledBack.deleteFrom('sessions').where('token_hash', '=', 'none').execute();
    expect(heard).toEqual([['pledges']]);
    await rolledBack.rollback().execute();
    expect(heard).toEqual([['pledges'], ['sessions']]);
  });

  it('announces writes made under a savepoint with the enclosing commit', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('pledges').values(pledge()).execute();
    const saved = await trx.savepoint('before_delete').execute();
    await saved.deleteFrom('sessions').where('token_hash', '=', 'none').execute();
    await saved.rollbackToSavepoint('before_delete').execute();
    expect(heard).toEqual([]);
    await trx.commit().execute();
    expect(heard).toEqual([['pledges', 'sessions']]);
  });

  it('keeps transactions and autocommitted writes apart', async () => {
    // An autocommitted write on another connection (PostgreSQL) or queued behind
    // the transaction (SQLite) is announced on its own, not folded into the transaction.
    const inTransaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('pledges').values(pledge()).execute();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await trx.updateTable('courses').set({ title: 'x' }).where('id', '=', 'none').execute();
    });
    const outside = db.deleteFrom('sessions').where('token_hash', '=', 'none').execute();
    await Promise.all([inTransaction, outside]);
    expect(heard).toHaveLength(2);
    expect(heard).toContainEqual(['sessions']);
    expect(heard).toContainEqual(['courses', 'pledges']);
  });

  it('announces a schema change as a write to every table', async () => {
    const table = `scratch_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await db.schema.createTable(table).addColumn('id', 'integer').execute();
    await db.schema.dropTable(table).execute();
    expect(heard).toEqual([ALL_TABLES, ALL_TABLES]);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const extra: Said[] = [];
    const stop = log.subscribe((tables) => extra.push(describeTables(tables)));
    await db.insertInto('pledges').values(pledge()).execute();
    stop();
    await db.insertInto('pledges').values(pledge()).execute();
    expect(extra).toEqual([['pledges']]);
    expect(heard).toEqual([['pledges'], ['pledges']]);
  });
});
