import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
/** The language a person reads the product in (DESIGN section 16): 'uk' or 'en'. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('uk'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
