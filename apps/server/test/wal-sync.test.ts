/**
 * SQLite's log synced off the event loop (src/db/wal-sync.ts): the server
 * commits without waiting for the disk, fsyncs the log on the threadpool, and
 * holds each reply until the commits it can show are on disk. Here the fsync
 * is the real one, or one the test holds back to see what waits for it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../src/app.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/connection.ts';
import { WalSync } from '../src/db/wal-sync.ts';
import { NotificationBus } from '../src/lib/notify.ts';
import { bearer, registerAccount, testConfig, uniqueTelephone, PASSWORD } from './helpers.ts';

/** An fsync the test can hold: while `held`, each call waits for release(). */
function heldFsync() {
  const calls: number[] = [];
  const waiting: (() => void)[] = [];
  const control = {
    calls,
    held: false,
    fsync: (fd: number) => {
      calls.push(fd);
      if (!control.held) return new Promise<void>((resolve) => fs.fsync(fd, () => resolve()));
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    /** Whether an fsync is waiting to be released. */
    get pending() {
      return waiting.length;
    },
    release() {
      control.held = false;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
  return control;
}

/** Lets the threadpool and the event loop run until `check` holds (or fails after 2 s). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

function settledFlag(promise: Promise<unknown>): { settled: boolean } {
  const flag = { settled: false };
  void promise.finally(() => (flag.settled = true)).catch(() => {});
  return flag;
}

describe('commits synced off the event loop (SQLite)', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let app: AppInstance | undefined;

  async function start(fsync: (fd: number) => Promise<void>) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-wal-sync-'));
    handle = openDatabase({
      sqlitePath: path.join(dataDir, 'urok.db'),
      syncOffTheLoop: { fsync },
    });
    await migrateToLatest(handle.db);
    app = await buildApp({
      config: testConfig(dataDir),
      db: handle.db,
      dialect: handle.dialect,
      commitsOnDisk: handle.commitsOnDisk,
    });
  }

  afterEach(async () => {
    await app?.close();
    await handle.db.destroy();
    app = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const register = () =>
    app!.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'Marta Shevchenko',
        email: 'marta@example.com',
        telephone: uniqueTelephone(),
        password: PASSWORD,
      },
    });

  it('syncs the log itself: the file it fsyncs is the database’s -wal', async () => {
    const control = heldFsync();
    await start(control.fsync);
    await until(() => handle.commitsOnDisk!.onDisk() === undefined);
    expect(control.calls.length).toBeGreaterThan(0);
    const synced = fs.fstatSync(control.calls.at(-1)!);
    expect(synced.ino).toBe(fs.statSync(path.join(dataDir, 'urok.db-wal')).ino);
    expect(handle.sqlite!.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
  });

  it('answers a write only once its commit is on disk, and a read after it waits too', async () => {
    const control = heldFsync();
    await start(control.fsync);
    await until(() => handle.commitsOnDisk!.onDisk() === undefined);

    control.held = true;
    const write = register();
    const written = settledFlag(write);
    await until(() => control.pending === 1);
    const read = app!.inject({ method: 'GET', url: '/api/courses?limit=24' });
    const readDone = settledFlag(read);
    // The account is committed (any reader of the file sees it), but neither reply has left.
    await until(
      () =>
        (handle.sqlite!.prepare('select count(*) as n from users').get() as { n: number }).n === 1,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(written.settled).toBe(false);
    expect(readDone.settled).toBe(false);

    control.release();
    expect((await write).statusCode).toBe(201);
    expect((await read).statusCode).toBe(200);
  });

  it('a reply with nothing unsynced before it goes at once', async () => {
    const control = heldFsync();
    await start(control.fsync);
    await until(() => handle.commitsOnDisk!.onDisk() === undefined);
    control.held = true;
    const read = await app!.inject({ method: 'GET', url: '/api/courses?limit=24' });
    expect(read.statusCode).toBe(200);
    expect(control.pending).toBe(0);
    control.release();
  });

  it('a kept answer loaded before a commit goes without waiting for it; one loaded after waits', async () => {
    const control = heldFsync();
    await start(control.fsync);
    await until(() => handle.commitsOnDisk!.onDisk() === undefined);
    const catalog = (limit: number) =>
      app!.inject({ method: 'GET', url: `/api/courses?limit=${limit}` });
    const student = await registerAccount(app!);
    expect((await catalog(24)).headers['x-cache']).toBe('miss');
    const ownCourses = () =>
      app!.inject({
        method: 'GET',
        url: `/api/user/${student.user._id}/courses`,
        headers: bearer(student.token),
      });
    expect((await ownCourses()).headers['x-cache']).toBe('miss');
    await sql`create table unrelated (x integer)`.execute(handle.db);
    await until(() => handle.commitsOnDisk!.onDisk() === undefined);

    // A commit the catalog does not depend on, not yet on disk.
    control.held = true;
    await sql`insert into unrelated (x) values (1)`.execute(handle.db);
    await until(() => control.pending === 1);
    // Kept before that commit: it cannot show it, and goes at once.
    const kept = await catalog(24);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['x-cache']).toBe('hit');
    // So does a student's kept list, their session kept too.
    expect((await ownCourses()).headers['x-cache']).toBe('hit');
    // Loaded now, it could show the commit: it waits, and so does the answer kept from that load.
    const keptBefore = app!.readCache.size;
    const loaded = catalog(12);
    const loadedDone = settledFlag(loaded);
    await until(() => app!.readCache.size === keptBefore + 1);
    const keptAfter = catalog(12);
    const keptAfterDone = settledFlag(keptAfter);
    await new Promise((r) => setTimeout(r, 50));
    expect(loadedDone.settled).toBe(false);
    expect(keptAfterDone.settled).toBe(false);

    control.release();
    expect((await loaded).headers['x-cache']).toBe('miss');
    expect((await keptAfter).headers['x-cache']).toBe('hit');
  });

  it('a write whose sync fails is not acknowledged: 500, and the next sync covers it', async () => {
    let failing = false;
    await start(async (fd) => {
      if (failing) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
      await new Promise<void>((resolve) => fs.fsync(fd, () => resolve()));
    });
    await until(() => handle.commitsOnDisk!.onDisk() === undefined);
    failing = true;
    const failed = await register();
    failing = false;
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).not.toHaveProperty('token');
    const next = await register();
    expect(next.statusCode).toBe(201);
    expect(handle.commitsOnDisk!.onDisk()).toBeUndefined();
  });
});

describe('WalSync', () => {
  it('commits noted while an fsync runs share the next one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-wal-sync-'));
    const file = path.join(dir, 'x.db-wal');
    fs.writeFileSync(file, 'log');
    const releases: (() => void)[] = [];
    const sync = new WalSync(file, () => new Promise<void>((resolve) => releases.push(resolve)));
    try {
      expect(sync.onDisk()).toBeUndefined();
      sync.noteCommit();
      const first = sync.onDisk()!;
      sync.noteCommit();
      sync.noteCommit();
      const later = sync.onDisk()!;
      const firstDone = settledFlag(first);
      const laterDone = settledFlag(later);
      expect(releases).toHaveLength(1);

      releases.shift()!();
      await first;
      expect(firstDone.settled).toBe(true);
      await until(() => releases.length === 1); // one more fsync for the two commits after
      expect(laterDone.settled).toBe(false);
      releases.shift()!();
      await later;
      expect(sync.onDisk()).toBeUndefined();
      expect(releases).toHaveLength(0);
    } finally {
      sync.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the notification bus announces a write only once it is on disk', async () => {
    let release = () => {};
    let onDisk: Promise<void> | undefined = new Promise<void>((resolve) => (release = resolve));
    const bus = NotificationBus.local({ made: () => 1, onDisk: () => onDisk });
    const heard: string[] = [];
    bus.subscribe('user-1', () => heard.push('user-1'));
    bus.announce(['user-1']);
    await new Promise((r) => setTimeout(r, 20));
    expect(heard).toEqual([]);
    release();
    onDisk = undefined;
    await until(() => heard.length === 1);
    bus.announce(['user-1']);
    expect(heard).toEqual(['user-1', 'user-1']);
    await bus.close();
  });
});
