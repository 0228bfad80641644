import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The key of signed media links (lib/media-urls.ts): one row, random bytes made here, so every
  // server process on this database signs and checks with the same key and nothing is configured.
  await db.schema
    .createTable('media_signing_key')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .execute();
  const secret = randomBytes(32).toString('base64url');
  await sql`insert into media_signing_key (id, secret) values (1, ${secret})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_signing_key').execute();
}
