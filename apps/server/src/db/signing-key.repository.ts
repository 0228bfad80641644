import type { Db } from './database.ts';

/**
 * The database's signing secret (migration 0012): one row no feature owns,
 * read once when the app is built (lib/media-urls.ts signs with it).
 * Undefined when the migrations have not run.
 */
export async function findSigningSecret(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('media_signing_key')
    .select('secret')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.secret;
}
