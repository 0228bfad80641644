import type { Db, ResumableUploadsTable } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect-of.ts';

export type ResumableUploadRow = ResumableUploadsTable;

export async function findUpload(db: Db, id: string): Promise<ResumableUploadRow | undefined> {
  return db.selectFrom('resumable_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Adds an open upload, then counts the owner's open ones with it: the caller refuses (and the
 * transaction drops the row) past the limit. On PostgreSQL the owner's row is held first, so two
 * creations side by side count one after the other.
 */
export async function insertUploadCounting(db: Db, row: ResumableUploadRow): Promise<number> {
  if (dialectOf(db) === 'postgres')
    await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', row.user_id)
      .forNoKeyUpdate()
      .execute();
  await db.insertInto('resumable_uploads').values(row).execute();
  const { count } = await db
    .selectFrom('resumable_uploads')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', row.user_id)
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Records the end of an open upload: finished with what it became, or refused with why. */
export async function closeUpload(
  db: Db,
  id: string,
  outcome: { state: 'finished'; resultId: string } | { state: 'refused'; message: string },
): Promise<boolean> {
  const result = await db
    .updateTable('resumable_uploads')
    .set({
      state: outcome.state,
      result_id: outcome.state === 'finished' ? outcome.resultId : null,
      message: outcome.state === 'refused' ? outcome.message : null,
    })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.deleteFrom('resumable_uploads').where('id', '=', id).execute();
}

/** Open uploads whose time ran out at `now`, oldest first. */
export async function findExpiredUploads(
  db: Db,
  now: string,
  limit: number,
): Promise<ResumableUploadRow[]> {
  return db
    .selectFrom('resumable_uploads')
    .selectAll()
    .where('state', '=', 'open')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** Finished and refused uploads older than `before`: their answer has been fetched long since. */
export async function deleteClosedUploadsBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('resumable_uploads')
    .where('state', '<>', 'open')
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---------------------------------------------------------------- the lock of an upload

/**
 * Takes the upload's lock for `holder` until `until` when no one holds an unexpired one (at
 * `now`): one statement. 'taken', 'held' (by another) or 'missing' (no such upload).
 */
export async function takeUploadLock(
  db: Db,
  lock: { id: string; holder: string; until: string; now: string },
): Promise<'taken' | 'held' | 'missing'> {
  const result = await db
    .updateTable('resumable_uploads')
    .set({ lock_holder: lock.holder, locked_until: lock.until, lock_wanted: 0 })
    .where('id', '=', lock.id)
    .where((eb) => eb.or([eb('lock_holder', 'is', null), eb('locked_until', '<=', lock.now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return 'taken';
  const row = await db
    .selectFrom('resumable_uploads')
    .select('id')
    .where('id', '=', lock.id)
    .executeTakeFirst();
  return row ? 'held' : 'missing';
}

/** A waiting request asks the holder to let go (it sees it when it renews). */
export async function askForUploadLock(db: Db, id: string): Promise<void> {
  await db
    .updateTable('resumable_uploads')
    .set({ lock_wanted: 1 })
    .where('id', '=', id)
    .where('lock_holder', 'is not', null)
    .execute();
}

/** Extends `holder`'s lock; whether it still holds it, and whether another request waits. */
export async function renewUploadLock(
  db: Db,
  lock: { id: string; holder: string; until: string },
): Promise<{ held: boolean; wanted: boolean }> {
  const row = await db
    .updateTable('resumable_uploads')
    .set({ locked_until: lock.until })
    .where('id', '=', lock.id)
    .where('lock_holder', '=', lock.holder)
    .returning('lock_wanted')
    .executeTakeFirst();
  return { held: row !== undefined, wanted: Number(row?.lock_wanted ?? 0) === 1 };
}

export async function releaseUploadLock(db: Db, id: string, holder: string): Promise<void> {
  await db
    .updateTable('resumable_uploads')
    .set({ lock_holder: null, locked_until: null })
    .where('id', '=', id)
    .where('lock_holder', '=', holder)
    .execute();
}
