import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/connection.ts';
import { databaseKinds, openDatabaseAt } from './migration-fixtures.ts';

describe.each(databaseKinds)('migration 0008-course-content on %s', (kind) => {
  it("gives every course that existed before it a first section 'Загальне'", async () => {
    const database = await openDatabaseAt(kind, '0007-application-grants');
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
