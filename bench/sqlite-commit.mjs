#!/usr/bin/env node
// What a SQLite commit holds the event loop for (better-sqlite3 runs every
// statement, the commit's fsync included, on the calling thread), at the
// durability settings docs/decisions.md weighs: WAL with `synchronous =
// FULL` (the product until 2026-11-27: an acknowledged write survives a
// power cut), WAL with `synchronous = NORMAL` (survives a crash of the
// process, not of the machine), FULL with the automatic checkpoint off
// (checkpoints left to another connection), and the product's way since:
// NORMAL with the log fsynced on the threadpool after each commit
// (db/wal-sync.ts; the bench notes each commit itself, as the server's
// connection wrapper does), where the loop is held only for the commit and
// the reply waits for the fsync (both printed). Each commit is one small
// transaction, as a grade or an enrolment is. `node bench/sqlite-commit.mjs
// [commits]` prints ms per commit.
// Then the same commits on a 300,000-row table of about 70 MB (rows
// updated at random, so a checkpoint copies scattered pages): with SQLite's
// automatic checkpoint, which runs inside the commit that fills the log, and
// with the product's checkpoints on a thread of their own (db/wal-checkpoints.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { register } from 'tsx/esm/api';

register();
const serverModule = (file) =>
  import(pathToFileURL(path.resolve(import.meta.dirname, '../apps/server/src/db', file)).href);
const { checkpointOffTheLoop } = await serverModule('wal-checkpoints.ts');
const { WalSync } = await serverModule('wal-sync.ts');

const COMMITS = Number(process.argv[2] ?? 2000);
const settings = [
  { name: 'WAL, synchronous = FULL', pragmas: ['synchronous = FULL'] },
  { name: 'WAL, synchronous = NORMAL', pragmas: ['synchronous = NORMAL'] },
  {
    name: 'WAL, FULL, automatic checkpoint off',
    pragmas: ['synchronous = FULL', 'wal_autocheckpoint = 0'],
  },
  {
    name: 'WAL, NORMAL, fsync on the threadpool (the product)',
    pragmas: ['synchronous = NORMAL'],
    walSync: true,
  },
];

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

console.log(`${COMMITS} commits each, ${os.cpus().length} cores, ${os.tmpdir()}`);
for (const { name, pragmas, walSync } of settings) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-commit-'));
  const db = new Database(path.join(dir, 'bench.db'));
  const sync = walSync ? new WalSync(path.join(dir, 'bench.db-wal')) : undefined;
  db.pragma('journal_mode = WAL');
  for (const pragma of pragmas) db.pragma(pragma);
  db.exec(`create table homework (id text primary key, course_id text, user_id text,
    grade text, feedback text, graded_at text)`);
  const insert = db.prepare('insert into homework values (?, ?, ?, null, null, null)');
  const grade = db.prepare(
    'update homework set grade = ?, feedback = ?, graded_at = ? where id = ?',
  );
  for (let i = 0; i < COMMITS; i += 1) insert.run(`h${i}`, `c${i % 50}`, `u${i}`);
  const times = [];
  const durable = [];
  for (let i = 0; i < COMMITS; i += 1) {
    const started = performance.now();
    db.transaction(() => grade.run('10', 'Добре.', new Date().toISOString(), `h${i}`))();
    times.push(performance.now() - started);
    if (sync) {
      sync.noteCommit();
      await sync.onDisk();
      durable.push(performance.now() - started);
    }
  }
  sync?.close();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  const line = (label, list) => {
    const sorted = [...list].sort((a, b) => a - b);
    const mean = list.reduce((sum, ms) => sum + ms, 0) / list.length;
    return `  ${label.padEnd(56)} mean ${mean.toFixed(3)} ms   p99 ${percentile(sorted, 99).toFixed(3)} ms   max ${sorted.at(-1).toFixed(1)} ms`;
  };
  console.log(line(sync ? `${name}: loop` : name, times));
  if (sync) console.log(line(`${name}: on disk`, durable));
}

const ROWS = 300_000;
const LARGE_COMMITS = COMMITS * 3;
console.log(
  `\n${LARGE_COMMITS} commits each, one random row of ${ROWS.toLocaleString('en')} updated per commit`,
);
for (const onThread of [false, true]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-commit-'));
  const db = new Database(path.join(dir, 'bench.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`create table homework (id integer primary key, course_id text, user_id text,
    grade text, feedback text, graded_at text)`);
  const insert = db.prepare("insert into homework values (?, ?, ?, null, 'Чекаю.', null)");
  db.transaction(() => {
    for (let i = 0; i < ROWS; i += 1) insert.run(i, `c${i % 500}`, `u${i}-${'x'.repeat(200)}`);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  const checkpoints = onThread
    ? checkpointOffTheLoop(db, {
        synchronous: 'FULL',
        onError: (error) => console.error(error),
      })
    : undefined;
  const grade = db.prepare(
    'update homework set grade = ?, feedback = ?, graded_at = ? where id = ?',
  );
  const times = [];
  const started = performance.now();
  for (let i = 0; i < LARGE_COMMITS; i += 1) {
    const at = performance.now();
    db.transaction(() =>
      grade.run('10', 'Добре.', new Date().toISOString(), Math.floor(Math.random() * ROWS)),
    )();
    times.push(performance.now() - at);
    // A request's worth of other work between commits, so the thread has moments to run in.
    if (i % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const seconds = (performance.now() - started) / 1000;
  await checkpoints?.close();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
  const name = onThread ? 'checkpoints on a thread (the product)' : 'automatic checkpoint';
  console.log(
    `  ${name.padEnd(40)} mean ${mean.toFixed(3)} ms   p99 ${percentile(sorted, 99).toFixed(3)} ms   p99.9 ${percentile(sorted, 99.9).toFixed(1)} ms   max ${sorted.at(-1).toFixed(1)} ms   over 10 ms ${times.filter((ms) => ms > 10).length}   ${seconds.toFixed(1)} s`,
  );
}
