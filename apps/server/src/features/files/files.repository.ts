import type { Db } from '../../db/database.ts';
import type { StorageArea } from '../../storage/storage.ts';

/** Of `keys`, those a row points at (homework.file_key, courses.cover_key, lesson_attachments.file_key or lessons.video_key). */
export async function findReferencedKeys(
  db: Db,
  area: StorageArea,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  if (area === 'lessons') {
    const [attachments, videos] = await Promise.all([
      db
        .selectFrom('lesson_attachments')
        .select('file_key as key')
        .where('file_key', 'in', keys)
        .execute(),
      db.selectFrom('lessons').select('video_key as key').where('video_key', 'in', keys).execute(),
    ]);
    return new Set([...attachments, ...videos].flatMap((row) => (row.key ? [row.key] : [])));
  }
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
