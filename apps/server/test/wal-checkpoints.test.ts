import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { checkpointOffTheLoop, type Checkpoint } from '../src/db/wal-checkpoints.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-wal-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A database in WAL mode at FULL, as the server opens it, with a table of notes. */
function openWal(name: string): SQLite.Database {
  const sqlite = new SQLite(path.join(dir, name));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.exec('create table notes (id integer primary key, body text)');
  return sqlite;
}

/** `count` commits of one note each, about a page of the log apiece. */
function writeNotes(sqlite: SQLite.Database, count: number): void {
  const insert = sqlite.prepare('insert into notes (body) values (?)');
  for (let i = 0; i < count; i += 1) insert.run('x'.repeat(3000));
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 10_000) throw new Error(`waited 10 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('WAL checkpoints off the event loop (SQLite)', () => {
  it("leave the serving connection's commits without a checkpoint: the log grows past SQLite's 1,000 pages", async () => {
    const sqlite = openWal('grows.db');
    const checkpoints = checkpointOffTheLoop(sqlite, {
      synchronous: 'FULL',
      intervalMs: 60_000,
      onError: (error) => {
        throw error;
      },
    });
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    writeNotes(sqlite, 1500);
    // The log's frames (a page and its 24-byte header each): SQLite's own checkpoint would have
    // started it again from its beginning at 1,000.
    const frames = fs.statSync(`${sqlite.name}-wal`).size / (4096 + 24);
    expect(frames).toBeGreaterThan(1500);
    await checkpoints.close();
    sqlite.close();
  });

  it('are made by the thread, and every committed note is in the database after it closes', async () => {
    const sqlite = openWal('copied.db');
    const seen: Checkpoint[] = [];
    const checkpoints = checkpointOffTheLoop(sqlite, {
      synchronous: 'FULL',
      intervalMs: 20,
      onCheckpoint: (checkpoint) => seen.push(checkpoint),
      onError: (error) => {
        throw error;
      },
    });
    writeNotes(sqlite, 1200);
    await until(
      () => seen.reduce((sum, checkpoint) => sum + checkpoint.checkpointed, 0) >= 1200,
      'the thread to copy the notes',
    );
    await checkpoints.close();
    sqlite.close();
    const reopened = new SQLite(path.join(dir, 'copied.db'), { readonly: true });
    expect(reopened.prepare('select count(*) from notes').pluck().get()).toBe(1200);
    reopened.close();
  });

  it('give the connection its automatic checkpoint back when the thread is lost', async () => {
    const sqlite = openWal('lost.db');
    const errors: Error[] = [];
    const checkpoints = checkpointOffTheLoop(sqlite, {
      synchronous: 'FULL',
      file: path.join(dir, 'no-such.db'),
      onError: (error) => errors.push(error),
    });
    await until(() => errors.length > 0, 'the thread to fail');
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await checkpoints.close();
    sqlite.close();
  });
});
