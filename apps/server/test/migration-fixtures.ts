import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/db/connection.ts';
import { postgresUrl } from './backends.ts';
import { migrations } from '../src/db/migrations/index.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = [
  'sqlite',
  ...(postgresUrl ? (['postgres'] as const) : []),
];

/**
 * A database migrated up to `last` only (a copy of an older install), on
 * SQLite or in a PostgreSQL schema of its own; close() removes it.
 */
export async function openDatabaseAt(kind: DatabaseKind, last: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-migration-'));
  const url = postgresUrl;
  const schema = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (kind === 'postgres') await admin(`CREATE SCHEMA ${schema}`);
  const handle =
    kind === 'postgres'
      ? openDatabase({ url, schema, sqlitePath: path.join(dataDir, 'unused.db') })
      : openDatabase({ sqlitePath: path.join(dataDir, 'urok.db') });
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(kind === 'postgres' ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error;
  return {
    ...handle,
    dataDir,
    schema: kind === 'postgres' ? schema : undefined,
    async close() {
      await handle.db.destroy();
      if (kind === 'postgres') await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
