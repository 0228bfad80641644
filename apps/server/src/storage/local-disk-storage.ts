import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  isValidStorageKey,
  STORAGE_AREAS,
  StorageNotFoundError,
  type ByteRange,
  type Storage,
  type StorageArea,
} from './storage.ts';

/**
 * Files under one root directory (default ./data/uploads). A write goes to
 * `.tmp/` first and is renamed into place when complete, so a crash never
 * leaves a half-written object under its key.
 */
export class LocalDiskStorage implements Storage {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    for (const dir of [this.tmpDir, ...STORAGE_AREAS.map((area) => path.join(root, area))]) {
      fs.mkdirSync(dir, { recursive: true });
    }
  }

  private resolve(key: string): string {
    if (!isValidStorageKey(key)) throw new StorageNotFoundError(`invalid key`);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new StorageNotFoundError(`invalid key`);
    return full;
  }

  async write(key: string, source: Readable): Promise<{ size: number }> {
    const target = this.resolve(key);
    const tmp = path.join(this.tmpDir, randomUUID());
    let size: number;
    try {
      // A path-based stream: pipeline() over FileHandle.createWriteStream({ autoClose: false })
      // can hang on Node 20 when a read stream is its source.
      await pipeline(source, fs.createWriteStream(tmp, { flags: 'wx' }));
      const handle = await fsp.open(tmp, 'r+');
      try {
        await handle.sync();
        size = (await handle.stat()).size;
      } finally {
        await handle.close();
      }
    } catch (error) {
      await fsp.rm(tmp, { force: true });
      throw error;
    }
    await fsp.rename(tmp, target);
    return { size };
  }

  async read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number }> {
    const full = this.resolve(key);
    let size: number;
    try {
      size = (await fsp.stat(full)).size;
    } catch {
      throw new StorageNotFoundError(key);
    }
    return {
      stream: fs.createReadStream(full, range ? { start: range.start, end: range.end } : {}),
      size,
    };
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }

  async modifiedAt(key: string): Promise<Date | undefined> {
    const stats = await fsp.stat(this.resolve(key)).catch(() => undefined);
    return stats?.mtime;
  }

  /** `.tmp/` files untouched since `before`: a write in progress, of this process or another, is newer. */
  async removeUnfinishedWrites(before: Date): Promise<number> {
    let removed = 0;
    for (const name of await fsp.readdir(this.tmpDir)) {
      const file = path.join(this.tmpDir, name);
      const stats = await fsp.stat(file).catch(() => undefined);
      if (!stats || stats.mtime > before) continue;
      await fsp.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  async *list(area: StorageArea): AsyncIterable<string> {
    const dir = await fsp.opendir(path.join(this.root, area));
    for await (const entry of dir) {
      const key = `${area}/${entry.name}`;
      if (entry.isFile() && isValidStorageKey(key)) yield key;
    }
  }
}
