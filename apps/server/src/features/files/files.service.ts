import type { Readable } from 'node:stream';
import { messages } from '@urok/contract';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import { coverTypeFromKey } from '../../lib/file-types.ts';
import {
  isValidStorageKey,
  StorageNotFoundError,
  StorageUnsupported,
  type Storage,
  STORAGE_AREAS,
} from '../../storage/storage.ts';
import { findReferencedKeys } from './files.repository.ts';

export interface CoverFile {
  stream: Readable;
  size: number;
  contentType: string;
}

/** A stored cover by the name in its URL; 404 for anything that is not one. */
export async function openCover(storage: Storage, name: string): Promise<CoverFile> {
  const key = `covers/${name}`;
  const contentType = isValidStorageKey(key) ? coverTypeFromKey(key) : undefined;
  if (!contentType) throw new AppError('NOT_FOUND', messages.notFound);
  try {
    const { stream, size } = await storage.read(key);
    return { stream, size, contentType };
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND', messages.notFound);
    throw error;
  }
}

const SWEEP_BATCH = 500;
/** How often the server sweeps stored files without a row (and once at start-up). */
export const FILE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEPT_AREAS = STORAGE_AREAS;

/**
 * Removes stored files no row points at, and the leftovers of unfinished
 * writes, untouched for `graceMs`: an upload cut off between its file and
 * its row (a crash), or an old cover whose removal failed. With several
 * server processes on one storage, a younger file may be an upload another
 * process is about to commit (FILE_SWEEP_GRACE_MINUTES, README). Run at
 * start-up and hourly (main.ts).
 */
export async function sweepOrphanFiles(
  db: Db,
  storage: Storage,
  { graceMs }: { graceMs: number },
): Promise<{ removed: string[]; unfinished: number; unsupported?: string }> {
  const cutOff = new Date(Date.now() - graceMs);
  const orphans: string[] = [];
  for (const area of SWEPT_AREAS) {
    let batch: string[] = [];
    const checkBatch = async () => {
      const referenced = await findReferencedKeys(db, area, batch);
      for (const key of batch) {
        if (referenced.has(key)) continue;
        const modifiedAt = await storage.modifiedAt(key);
        if (modifiedAt && modifiedAt <= cutOff) orphans.push(key);
      }
      batch = [];
    };
    for await (const key of storage.list(area)) {
      batch.push(key);
      if (batch.length >= SWEEP_BATCH) await checkBatch();
    }
    await checkBatch();
  }
  // Removed after the listing ends: a directory changed while it is read may skip entries.
  for (const key of orphans) await storage.remove(key);
  try {
    return { removed: orphans, unfinished: await storage.removeUnfinishedWrites(cutOff) };
  } catch (error) {
    // A store that cannot list its unfinished writes keeps them (and bills them); the server serves.
    if (error instanceof StorageUnsupported)
      return { removed: orphans, unfinished: 0, unsupported: error.message };
    throw error;
  }
}
