import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../src/db/connection.ts';
import { migrations } from '../src/db/migrations/index.ts';

/** A database at migration 0007 (before course content), on SQLite or in a PostgreSQL schema of its own. */
async function openAt0007(kind: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-migration-'));
  const url = process.env.TEST_DATABASE_URL;
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
  const { error } = await migrator.migrateTo('0007-application-grants');
  if (error) throw error;
  return {
    db: handle.db,
    schema: kind === 'postgres' ? schema : undefined,
    async close() {
      await handle.db.destroy();
      if (kind === 'postgres') await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const kinds: ('sqlite' | 'postgres')[] = [
  'sqlite',
  ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
];

describe.each(kinds)('migration 0008-course-content on %s', (kind) => {
  it("gives every course that existed before it a first section 'Загальне'", async () => {
    const database = await openAt0007(kind);
    try {
      const now = new Date().toISOString();
      await database.db
        .insertInto('users')
        .values({
          id: 'u1',
          username: 'Вчителька',
          telephone: '+380501112233',
          email: 't@example.com',
          bio: '',
          is_admin: 1,
          password_hash: 'x',
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const id of ['c1', 'c2'])
        await database.db
          .insertInto('courses')
          .values({
            id,
            author_id: 'u1',
            title: `Курс ${id}`,
            description: 'Опис курсу до міграції.',
            category: 'Історія',
            homework_task: '',
            homework_due_at: null,
            cover_key: null,
            search_text: `курс ${id}`,
            enrolled_count: 0,
            created_at: now,
            updated_at: now,
          })
          .execute();

      await migrateToLatest(database.db, database.schema ? { schema: database.schema } : {});

      const sections = await database.db
        .selectFrom('sections')
        .select(['course_id', 'title', 'position'])
        .orderBy('course_id')
        .execute();
      expect(sections).toEqual([
        { course_id: 'c1', title: 'Загальне', position: 0 },
        { course_id: 'c2', title: 'Загальне', position: 0 },
      ]);
      for (const table of ['lessons', 'lesson_attachments', 'lesson_completions'] as const)
        expect(await database.db.selectFrom(table).selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
