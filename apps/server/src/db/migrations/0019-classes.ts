import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Who sees a course (DESIGN section 17): 'public' (every course so far), 'private' or 'draft'.
  await db.schema
    .alterTable('courses')
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .execute();
  // The course's join code, upper case; null until its author first asks for one. Rotating it
  // overwrites it, so the old code finds nothing. The unique index is the lookup of courses/join.
  await db.schema.alterTable('courses').addColumn('join_code', 'text').execute();
  await db.schema
    .createIndex('courses_join_code')
    .on('courses')
    .column('join_code')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('courses_join_code').execute();
  await db.schema.alterTable('courses').dropColumn('join_code').execute();
  await db.schema.alterTable('courses').dropColumn('visibility').execute();
}
