import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../src/features/files/files.service.ts';
import { LocalDiskStorage } from '../src/storage/local-disk-storage.ts';
import { S3Storage } from '../src/storage/s3-storage.ts';
import {
  isValidStorageKey,
  StorageFailure,
  StorageNotFoundError,
  StorageUnsupported,
  type Storage,
  type StorageArea,
} from '../src/storage/storage.ts';
import {
  bearer,
  databaseTargets,
  registerAccount,
  testStorageKind,
  useTestApp,
} from './helpers.ts';
import {
  createCourse,
  enroll,
  listStored,
  registerTeacher,
  SAMPLE_JPEG,
  SAMPLE_PDF,
  uploadHomework,
} from './course-fixtures.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

const KEY = 'homework/AAAAAAAAAAAAAAAAAAAAAA';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One implementation under test, and how to look behind its interface. */
interface StorageKind {
  name: string;
  make(): Promise<{
    storage: Storage;
    /** What unfinished writes left, counted without the storage's help. */
    leftovers(): number;
    /** Starts a write and leaves it unfinished, as a process stopped mid-upload would. */
    startUnfinishedWrite(key: string): Promise<void>;
  }>;
}

const diskKind: StorageKind = {
  name: 'local disk',
  async make() {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-storage-'));
    cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
    const tmp = path.join(root, '.tmp');
    return {
      storage: new LocalDiskStorage(root),
      leftovers: () => fs.readdirSync(tmp).length,
      async startUnfinishedWrite() {
        fs.writeFileSync(path.join(tmp, `cut-off-${Math.random()}`), 'never finished');
      },
    };
  },
};

let s3Server: S3TestServer | undefined;

const s3Kind: StorageKind = {
  name: 'S3 (s3rver)',
  async make() {
    s3Server ??= await startS3Server();
    // A prefix, as with STORAGE_URL=s3://bucket/school: every key of ours lives under it.
    const settings = await s3Server.createBucket('school/');
    const storage = new S3Storage(settings);
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: true,
    });
    cleanups.push(() => {
      storage.close();
      client.destroy();
    });
    const uploadsDir = path.join(s3Server.directory, settings.bucket, '._S3rver_uploads');
    return {
      storage,
      leftovers: () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).length : 0),
      async startUnfinishedWrite(key: string) {
        const { UploadId } = await client.send(
          new CreateMultipartUploadCommand({ Bucket: settings.bucket, Key: key }),
        );
        await client.send(
          new UploadPartCommand({
            Bucket: settings.bucket,
            Key: key,
            UploadId,
            PartNumber: 1,
            Body: Buffer.from('never finished'),
          }),
        );
      },
    };
  },
};

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(async () => {
  await s3Server?.close();
});

/** Bytes that differ at every offset, so a wrong range shows. */
function pattern(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 7 + (i >> 8)) & 0xff;
  return bytes;
}

/** `total` bytes in chunks of 64 KiB, then `error` if given: an upload cut off or refused mid-way. */
async function* chunks(total: number, error?: Error): AsyncGenerator<Buffer> {
  const all = pattern(total);
  for (let at = 0; at < total; at += 64 * 1024) yield all.subarray(at, at + 64 * 1024);
  if (error) throw error;
}

async function listAll(storage: Storage, area: StorageArea): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list(area)) keys.push(key);
  return keys.sort();
}

describe.each([diskKind, s3Kind])('storage contract: $name', (kind) => {
  it('writes a stream and reads it back whole, with its size', async () => {
    const { storage } = await kind.make();
    expect(await storage.write(KEY, Readable.from([SAMPLE_PDF]))).toEqual({
      size: SAMPLE_PDF.length,
    });
    const { stream, size } = await storage.read(KEY);
    expect(size).toBe(SAMPLE_PDF.length);
    expect((await readAll(stream)).equals(SAMPLE_PDF)).toBe(true);
  });

  it('writes from file streams one after another (a FileHandle stream hung here on Node 20)', async () => {
    const { storage } = await kind.make();
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

  it('streams a file larger than one S3 part (a multipart upload) and reads any range of it', async () => {
    const { storage, leftovers } = await kind.make();
    const total = 12 * 1024 * 1024 + 12345;
    expect(await storage.write(KEY, Readable.from(chunks(total)))).toEqual({ size: total });
    const whole = pattern(total);
    const { stream, size } = await storage.read(KEY);
    expect(size).toBe(total);
    expect((await readAll(stream)).equals(whole)).toBe(true);
    // A range across the first part's end, and the very last byte: the size is still the whole's.
    for (const range of [
      { start: 5 * 1024 * 1024 - 10, end: 5 * 1024 * 1024 + 9 },
      { start: total - 1, end: total - 1 },
      { start: 0, end: 0 },
    ]) {
      const part = await storage.read(KEY, range);
      expect(part.size).toBe(total);
      expect((await readAll(part.stream)).equals(whole.subarray(range.start, range.end + 1))).toBe(
        true,
      );
    }
    expect(leftovers()).toBe(0);
  });

  it.each([
    ['before the first part is full', 100 * 1024],
    ['after a part was sent', 7 * 1024 * 1024],
  ])(
    'leaves nothing behind when the source fails %s (a refused upload), and rethrows its error',
    async (_when, before) => {
      const { storage, leftovers } = await kind.make();
      const refusal = new Error('too large');
      await expect(storage.write(KEY, Readable.from(chunks(before, refusal)))).rejects.toBe(
        refusal,
      );
      await expect(storage.read(KEY)).rejects.toBeInstanceOf(StorageNotFoundError);
      expect(await storage.modifiedAt(KEY)).toBeUndefined();
      expect(await listAll(storage, 'homework')).toEqual([]);
      expect(leftovers()).toBe(0);
      expect(await storage.removeUnfinishedWrites(new Date(Date.now() + 60_000))).toBe(0);
    },
  );

  it('refuses keys it did not make: no way out of its root', async () => {
    const { storage } = await kind.make();
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

  it('lists each area apart, tells when an object was written, and removes idempotently', async () => {
    const { storage } = await kind.make();
    const cover = 'covers/AAAAAAAAAAAAAAAAAAAAAA.png';
    const before = Date.now() - 2000;
    await storage.write(KEY, Readable.from([SAMPLE_PDF]));
    await storage.write(cover, Readable.from([SAMPLE_JPEG]));
    expect(await listAll(storage, 'homework')).toEqual([KEY]);
    expect(await listAll(storage, 'covers')).toEqual([cover]);
    expect(await listAll(storage, 'lessons')).toEqual([]);
    const modifiedAt = await storage.modifiedAt(KEY);
    expect(modifiedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(modifiedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    await storage.remove(KEY);
    await storage.remove(KEY);
    await expect(storage.read(KEY)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.modifiedAt(KEY)).toBeUndefined();
    expect(await listAll(storage, 'homework')).toEqual([]);
  });

  it('sweeps unfinished writes older than the cut-off and leaves younger ones (a write in progress)', async () => {
    const { storage, leftovers, startUnfinishedWrite } = await kind.make();
    await startUnfinishedWrite(`school/${KEY}`);
    await startUnfinishedWrite('school/homework/BBBBBBBBBBBBBBBBBBBBBB');
    expect(leftovers()).toBe(2);
    expect(await storage.removeUnfinishedWrites(new Date(Date.now() - 60 * 60 * 1000))).toBe(0);
    expect(leftovers()).toBe(2);
    expect(await storage.removeUnfinishedWrites(new Date(Date.now() + 60_000))).toBe(2);
    expect(leftovers()).toBe(0);
    await expect(storage.read(KEY)).rejects.toBeInstanceOf(StorageNotFoundError);
  });
});

describe('S3 storage in a shared bucket', () => {
  it('touches only its own prefix: objects and unfinished uploads of others stay', async () => {
    const { storage, leftovers, startUnfinishedWrite } = await s3Kind.make();
    await startUnfinishedWrite('other-app/homework/AAAAAAAAAAAAAAAAAAAAAA');
    await startUnfinishedWrite('homework/AAAAAAAAAAAAAAAAAAAAAA');
    expect(await storage.removeUnfinishedWrites(new Date(Date.now() + 60_000))).toBe(0);
    expect(leftovers()).toBe(2);
    await storage.write(KEY, Readable.from([SAMPLE_PDF]));
    expect(await listAll(storage, 'homework')).toEqual([KEY]);
  });

  it('a store that fails is a StorageFailure (a server error), not a refusal', async () => {
    s3Server ??= await startS3Server();
    const storage = new S3Storage({
      ...(await s3Server.createBucket()),
      bucket: 'no-such-bucket-here',
    });
    cleanups.push(() => storage.close());
    await expect(storage.write(KEY, Readable.from([SAMPLE_PDF]))).rejects.toBeInstanceOf(
      StorageFailure,
    );
    await expect(listAll(storage, 'homework')).rejects.toBeInstanceOf(StorageFailure);
  });
});

describe('a store that cannot list multipart uploads (stock s3rver answers NotImplemented)', () => {
  let stock: S3TestServer | undefined;
  afterAll(async () => {
    await stock?.close();
  });

  it('the sweep says so (StorageUnsupported) and still removes files without a row', async () => {
    stock ??= await startS3Server({ stock: true });
    const storage = new S3Storage(await stock.createBucket());
    cleanups.push(() => storage.close());
    await expect(storage.removeUnfinishedWrites(new Date())).rejects.toBeInstanceOf(
      StorageUnsupported,
    );
    const target = databaseTargets[0]!;
    const database = await target.open();
    try {
      await storage.write(KEY, Readable.from([SAMPLE_PDF]));
      const result = await sweepOrphanFiles(database.db, storage, { graceMs: 0 });
      expect(result.removed).toEqual([KEY]);
      expect(result.unfinished).toBe(0);
      expect(result.unsupported).toMatch(/not implemented/);
    } finally {
      await database.close();
    }
  });

  it('the server starts on it, logs a warning and serves', { timeout: 90_000 }, async () => {
    stock ??= await startS3Server({ stock: true });
    const bucket = await stock.createBucket();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-stock-s3-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      UROK_DEMO: '0',
      LOG_LEVEL: 'info',
      STORAGE_URL: `s3://${bucket.bucket}`,
      S3_ENDPOINT: bucket.endpoint,
      S3_REGION: bucket.region,
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start:\n${output.join('')}`)), 80_000);
        const onData = (chunk: Buffer) => {
          output.push(chunk.toString());
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''));
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`server exited with ${code}:\n${output.join('')}`));
        });
      });
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      const warning = output
        .join('')
        .split('\n')
        .filter((line) => line.includes('cannot list unfinished writes'))
        .map((line) => JSON.parse(line) as { level: number });
      expect(warning).toHaveLength(1);
      expect(warning[0]!.level).toBe(40);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
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

  // It ages files on disk by hand; the S3 store's sweep has tests of its own in this file.
  it.skipIf(testStorageKind === 's3')(
    'leaves files alone until they are older than the grace period: another process may be about to commit their rows',
    async () => {
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
    },
  );

  it('handles more files than one batch', async () => {
    const keys = Array.from(
      { length: 520 },
      (_, i) => `homework/Batch${String(i).padStart(17, '0')}`,
    );
    for (const key of keys) await t.app.storage.write(key, Readable.from([Buffer.from('x')]));
    const { removed } = await sweepOrphanFiles(t.db, t.app.storage, { graceMs: 0 });
    expect(removed.filter((key) => key.startsWith('homework/Batch'))).toHaveLength(520);
  }, 60_000); // 520 writes and deletes, one request each on S3
});
