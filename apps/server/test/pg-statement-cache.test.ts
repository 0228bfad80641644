import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { namedStatementClient } from '../src/db/pg-statement-cache.ts';
import { databaseTargets, uniqueTelephone, type TestDatabase } from './helpers.ts';

const url = process.env.TEST_DATABASE_URL;

/** The statements prepared on one connection, by their text. */
async function preparedOn(client: pg.Client): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; statement: string }>(
    'SELECT name, statement FROM pg_prepared_statements',
  );
  return new Map(rows.map((row) => [row.statement, row.name]));
}

describe.skipIf(!url)('namedStatementClient (PostgreSQL)', () => {
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  const clients: pg.Client[] = [];
  let admin: pg.Client;

  async function connect(Client = namedStatementClient(pg)): Promise<pg.Client> {
    const client = new Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`CREATE TABLE ${schema}.notes (id int PRIMARY KEY, body text NOT NULL)`);
    await admin.query(`INSERT INTO ${schema}.notes VALUES (1, 'one'), (2, 'two')`);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end()));
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('prepares a data statement once per connection and reuses it by name', async () => {
    const Client = namedStatementClient(pg);
    const client = await connect(Client);
    const text = 'SELECT body FROM notes WHERE id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ body: 'one' }]);
    expect((await client.query(text, [2])).rows).toEqual([{ body: 'two' }]);
    const prepared = await preparedOn(client);
    expect(prepared.get(text)).toMatch(/^urok_\d+$/);
    // Another connection of the same pool (the same class) names the same text the same way,
    // even when it first runs another statement.
    const other = await connect(Client);
    const second = 'SELECT id FROM notes WHERE body = $1';
    expect((await other.query(second, ['one'])).rows).toEqual([{ id: 1 }]);
    await other.query(text, [1]);
    const preparedOnOther = await preparedOn(other);
    expect(preparedOnOther.get(text)).toBe(prepared.get(text));
    expect(preparedOnOther.get(second)).toMatch(/^urok_\d+$/);
    expect(preparedOnOther.get(second)).not.toBe(prepared.get(text));
  });

  it('leaves DDL, transaction control and non-string queries unnamed', async () => {
    const client = await connect();
    await client.query('BEGIN');
    await client.query(`CREATE TEMPORARY TABLE scratch (n int)`);
    await client.query({ text: 'SELECT count(*)::int AS n FROM notes', values: [] });
    const counted = await new Promise((resolve, reject) =>
      client.query('SELECT count(*)::int AS n FROM notes', (error, result) =>
        error ? reject(error) : resolve(result.rows),
      ),
    );
    expect(counted).toEqual([{ n: 2 }]);
    await client.query('COMMIT');
    const statements = [...(await preparedOn(client)).keys()];
    expect(statements).toEqual(['SELECT name, statement FROM pg_prepared_statements']);
  });

  it('names at most `capacity` distinct texts; the rest run unnamed and still answer', async () => {
    const client = await connect(namedStatementClient(pg, 2));
    const texts = [
      'SELECT body FROM notes WHERE id = $1',
      'SELECT id FROM notes WHERE body = $1',
      'SELECT id, body FROM notes WHERE id = $1',
    ];
    expect((await client.query(texts[0]!, [1])).rows).toEqual([{ body: 'one' }]);
    expect((await client.query(texts[1]!, ['two'])).rows).toEqual([{ id: 2 }]);
    expect((await client.query(texts[2]!, [2])).rows).toEqual([{ id: 2, body: 'two' }]);
    const prepared = await preparedOn(client);
    expect([...prepared.keys()].sort()).toEqual([texts[0], texts[1]].sort());
  });

  it('answers with the new columns when a table changes under a named statement', async () => {
    const client = await connect();
    const text = 'SELECT * FROM notes WHERE id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, body: 'one' }]);
    // Another process changes the table: PostgreSQL refuses the prepared plan ("cached plan must
    // not change result type"), and the client runs the text unnamed instead of failing.
    await admin.query(`ALTER TABLE ${schema}.notes ADD COLUMN tag text NOT NULL DEFAULT 'x'`);
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, body: 'one', tag: 'x' }]);
    expect((await client.query(text, [2])).rows).toEqual([{ id: 2, body: 'two', tag: 'x' }]);
  });

  it('inside a transaction, reports the refused plan, then runs the text unnamed', async () => {
    await admin.query(`CREATE TABLE ${schema}.cards (id int PRIMARY KEY)`);
    await admin.query(`INSERT INTO ${schema}.cards VALUES (1)`);
    const client = await connect();
    const text = 'SELECT * FROM cards WHERE id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1 }]);
    await admin.query(`ALTER TABLE ${schema}.cards ADD COLUMN face text NOT NULL DEFAULT 'up'`);
    await client.query('BEGIN');
    // The refusal aborts the transaction; the caller hears it, not the retry's 25P02.
    await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
    await client.query('ROLLBACK');
    await client.query('BEGIN');
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, face: 'up' }]);
    await client.query('COMMIT');
  });

  it('passes errors of the statement itself through', async () => {
    const client = await connect();
    await expect(
      client.query('SELECT body FROM notes WHERE id = $1', ['not a number']),
    ).rejects.toMatchObject({
      code: '22P02',
    });
    await expect(
      client.query('INSERT INTO notes VALUES ($1, $2)', [1, 'again']),
    ).rejects.toMatchObject({
      code: '23505',
    });
  });
});

describe.skipIf(!url)('the product on PostgreSQL uses named statements', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await databaseTargets.find((target) => target.name === 'postgres')!.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('prepares a repository query on the connection that ran it', async () => {
    const telephone = uniqueTelephone();
    const prepared = await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 2; i += 1)
        await trx.selectFrom('users').select('id').where('telephone', '=', telephone).execute();
      return (
        await sql<{
          name: string;
          statement: string;
        }>`SELECT name, statement FROM pg_prepared_statements`.execute(trx)
      ).rows;
    });
    const users = prepared.find((row) =>
      /from "users" where "telephone" = \$1/.test(row.statement),
    );
    expect(users?.name).toMatch(/^urok_\d+$/);
  });
});
