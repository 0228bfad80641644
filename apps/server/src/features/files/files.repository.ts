import type { Db } from '../../db/database.ts';
import type { StorageArea } from '../../storage/storage.ts';

/** Of `keys`, those a row points at (homework.file_key or courses.cover_key). */
export async function findReferencedKeys(
  db: Db,
  area: StorageArea,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows =
    area === 'homework'
      ? await db
          .selectFrom('homework')
          .select('file_key as key')
          .where('file_key', 'in', keys)
          .execute()
      : await db
          .selectFrom('courses')
          .select('cover_key as key')
          .where('cover_key', 'in', keys)
          .execute();
  return new Set(rows.flatMap((row) => (row.key ? [row.key] : [])));
}
