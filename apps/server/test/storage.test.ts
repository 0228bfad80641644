import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../src/features/files/files.service.ts';
import { LocalDiskStorage } from '../src/storage/local-disk-storage.ts';
import { isValidStorageKey, StorageNotFoundError } from '../src/storage/storage.ts';
import { bearer, databaseTargets, registerAccount, useTestApp } from './helpers.ts';
import {
  createCourse,
  enroll,
  listStored,
  registerTeacher,
  SAMPLE_JPEG,
  SAMPLE_PDF,
  uploadHomework,
} from './course-fixtures.ts';

const KEY = 'homework/AAAAAAAAAAAAAAAAAAAAAA';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('LocalDiskStorage', () => {
  const roots: string[] = [];
  const makeStorage = () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-storage-'));
    roots.push(root);
    return { root, storage: new LocalDiskStorage(root) };
  };
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  it('writes from file streams one after another (a FileHandle stream hung here on Node 20)', async () => {
    const { storage } = makeStorage();
    const source = path.join(import.meta.dirname, '../src/db/demo-covers/python.jpg');
    for (const name of [
      'AAAAAAAAAAAAAAAAAAAAAA.jpg',
      'BBBBBBBBBBBBBBBBBBBBBB.jpg',
      'CCCCCCCCCCCCCCCCCCCCCC.jpg',
    ]) {
      const { size } = await storage.write(`covers/${name}`, fs.createReadStream(source));
      expect(size).toBe(SAMPLE_JPEG.length);
    }
    const { stream, size } = await storage.read('covers/BBBBBBBBBBBBBBBBBBBBBB.jpg');
    expect(size).toBe(SAMPLE_JPEG.length);
    expect((await readAll(stream)).equals(SAMPLE_JPEG)).toBe(true);
  });

  it('leaves nothing behind when the source fails mid-way', async () => {
    const { root, storage } = makeStorage();
    async function* failing() {
      yield Buffer.from('first part');
      throw new Error('connection lost');
    }
    await expect(storage.write(KEY, Readable.from(failing()))).rejects.toThrow('connection lost');
    await expect(storage.read(KEY)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('refuses keys it did not make: no way out of its root', async () => {
    const { storage } = makeStorage();
    for (const key of [
      '../urok.db',
      'homework/../../etc/passwd',
      '/etc/passwd',
      'homework/short',
      'other/AAAAAAAAAAAAAAAAAAAAAA',
      'covers\\AAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.read(key)).rejects.toBeInstanceOf(StorageNotFoundError);
      await expect(storage.write(key, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
        StorageNotFoundError,
      );
    }
  });

  it('lists an area and removes idempotently', async () => {
    const { storage } = makeStorage();
    await storage.write(KEY, Readable.from([SAMPLE_PDF]));
    const listed: string[] = [];
    for await (const key of storage.list('homework')) listed.push(key);
    expect(listed).toEqual([KEY]);
    await storage.remove(KEY);
    await storage.remove(KEY);
    await expect(storage.read(KEY)).rejects.toBeInstanceOf(StorageNotFoundError);
  });
});

describe.each(databaseTargets)('stored-file sweep on $name', (target) => {
  const t = useTestApp(target);

  it('removes stored files without a row and keeps every referenced one', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, teacher, {}, { content: SAMPLE_JPEG });
    const student = await registerAccount(t.app);
    await enroll(t.app, student, course._id);
    const homework = await uploadHomework(t.app, student, course._id);

    // What a crash between a file and its row leaves behind.
    const orphans = ['homework/OrphanOrphanOrphanOrphan', 'covers/OrphanOrphanOrphanOrph.png'];
    for (const key of orphans)
      await t.app.storage.write(key, Readable.from([Buffer.from('left behind')]));
    const keptHomework = (await listStored(t.app, 'homework')).filter(
      (key) => !orphans.includes(key),
    );
    const keptCovers = (await listStored(t.app, 'covers')).filter((key) => !orphans.includes(key));
    expect(keptHomework).toHaveLength(1);
    expect(keptCovers).toHaveLength(1);

    const { removed } = await sweepOrphanFiles(t.db, t.app.storage, { graceMs: 0 });
    expect(removed.sort()).toEqual([...orphans].sort());
    expect(await listStored(t.app, 'homework')).toEqual(keptHomework);
    expect(await listStored(t.app, 'covers')).toEqual(keptCovers);

    // The kept files still serve, and a second sweep finds nothing.
    expect((await t.app.inject({ method: 'GET', url: course.coverUrl! })).statusCode).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/homework/${homework._id}/file`,
      headers: bearer(student.token),
    });
    expect(file.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    expect((await sweepOrphanFiles(t.db, t.app.storage, { graceMs: 0 })).removed).toEqual([]);
  });

  it('leaves files alone until they are older than the grace period: another process may be about to commit their rows', async () => {
    const hour = 60 * 60 * 1000;
    const orphan = 'homework/YoungOrphanYoungOrphan';
    await t.app.storage.write(
      orphan,
      Readable.from([Buffer.from('another process is committing')]),
    );
    const uploads = t.config.uploadsDir;
    const tmp = path.join(uploads, '.tmp');
    fs.writeFileSync(path.join(tmp, 'write-in-progress'), 'still arriving');
    fs.writeFileSync(path.join(tmp, 'cut-off-by-a-crash'), 'never finished');
    const twoHoursAgo = new Date(Date.now() - 2 * hour);
    fs.utimesSync(path.join(tmp, 'cut-off-by-a-crash'), twoHoursAgo, twoHoursAgo);

    const first = await sweepOrphanFiles(t.db, t.app.storage, { graceMs: hour });
    expect(first).toEqual({ removed: [], unfinished: 1 });
    expect(await listStored(t.app, 'homework')).toContain(orphan);
    expect(fs.readdirSync(tmp)).toEqual(['write-in-progress']);

    // An hour later, nobody committed a row for it.
    fs.utimesSync(path.join(uploads, orphan), twoHoursAgo, twoHoursAgo);
    const later = await sweepOrphanFiles(t.db, t.app.storage, { graceMs: hour });
    expect(later).toEqual({ removed: [orphan], unfinished: 0 });
    expect(await listStored(t.app, 'homework')).not.toContain(orphan);
    fs.rmSync(path.join(tmp, 'write-in-progress'));
  });

  it('handles more files than one batch', async () => {
    const keys = Array.from(
      { length: 520 },
      (_, i) => `homework/Batch${String(i).padStart(17, '0')}`,
    );
    for (const key of keys) await t.app.storage.write(key, Readable.from([Buffer.from('x')]));
    const { removed } = await sweepOrphanFiles(t.db, t.app.storage, { graceMs: 0 });
    expect(removed.filter((key) => key.startsWith('homework/Batch'))).toHaveLength(520);
  });
});
