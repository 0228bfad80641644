import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection.ts';
import { postgresUrl } from './backends.ts';

/**
 * Kysely's migrator reads every schema's tables before it migrates; the test
 * suites create and drop their PostgreSQL schemas side by side, and a schema
 * dropped during that read once failed a suite's migration with "relation
 * … does not exist", a column dropped during it with "column … of relation
 * … does not exist" (db/connection.ts, RetryingIntrospectionDialect).
 */
describe.runIf(postgresUrl)('reading the catalog while other schemas are dropped', () => {
  it('lists the tables without failing', { timeout: 60_000 }, async () => {
    const churn = new pg.Client({ connectionString: postgresUrl });
    await churn.connect();
    const { db } = openDatabase({ url: postgresUrl, sqlitePath: ':memory:' });
    let stop = false;
    const dropping = (async () => {
      while (!stop) {
        const schema = `race_${randomUUID().replaceAll('-', '')}`;
        await churn.query(`create schema ${schema}`);
        for (let t = 0; t < 20; t += 1) {
          await churn.query(`create table ${schema}.t${t} (id serial primary key, name text)`);
        }
        // A migration that drops a column: the catalog's row for it can outlive the column.
        for (let t = 0; t < 20; t += 1) {
          await churn.query(`alter table ${schema}.t${t} drop column name`);
        }
        await churn.query(`drop schema ${schema} cascade`);
      }
    })();
    try {
      for (let round = 0; round < 500; round += 1) {
        const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
        expect(Array.isArray(tables)).toBe(true);
      }
    } finally {
      stop = true;
      await dropping;
      await churn.end();
      await db.destroy();
    }
  });
});
