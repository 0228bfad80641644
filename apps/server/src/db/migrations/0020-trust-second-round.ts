import { sql, type Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The operator's telephone as it was when they acted: the audit page names an actor by id and
  // telephone, not only by a name they can edit. Older entries keep null.
  await db.schema.alterTable('audit_log').addColumn('actor_telephone', 'text').execute();

  // Whether the course's default assignment is published: the course JSON's homeworkTask and
  // homeworkDueAt (its mirror) are shown to anyone but the author only while it is.
  await db.schema
    .alterTable('courses')
    .addColumn('homework_published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`
    UPDATE courses SET homework_published = 0
    WHERE EXISTS (
      SELECT 1 FROM assignments
      WHERE assignments.course_id = courses.id AND assignments.is_default = 1
        AND assignments.published = 0
    )`.execute(db);

  // When an item's students were told it was published: once, however often it goes back to draft
  // and out again. Items published before this migration were announced then.
  for (const table of ['assignments', 'lessons'] as const) {
    await db.schema.alterTable(table).addColumn('announced_at', 'text').execute();
    await sql`UPDATE ${sql.table(table)} SET announced_at = updated_at WHERE published = 1`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lessons').dropColumn('announced_at').execute();
  await db.schema.alterTable('assignments').dropColumn('announced_at').execute();
  await db.schema.alterTable('courses').dropColumn('homework_published').execute();
  await db.schema.alterTable('audit_log').dropColumn('actor_telephone').execute();
}
