import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pledges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // Whole hryvnias (UAH), 10 to 100 000.
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The operator reads pledges newest first.
  await db.schema.createIndex('pledges_created_id').on('pledges').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pledges').execute();
}
