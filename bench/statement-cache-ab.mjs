#!/usr/bin/env node
// The statement cache, A/B in one process: the repositories' hot reads on a
// copy of the fixture through two Kysely instances — one reusing prepared
// statements, one preparing each query anew — interleaved round by round, so
// both sides see the same machine load. `node bench/statement-cache-ab.mjs
// <fixture dir> [rounds]` prints one JSON line: ms per call, off and on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const server = (file) => import(pathToFileURL(path.join(root, 'apps/server/src', file)).href);
const { openDatabase } = await server('db/connection.ts');
const courses = await server('features/courses/courses.repository.ts');
const homework = await server('features/homework/homework.repository.ts');
const auth = await server('features/auth/auth.repository.ts');

const [fixtureDir, roundsArg] = process.argv.slice(2);
const manifest = JSON.parse(fs.readFileSync(path.join(fixtureDir, 'seed.json'), 'utf8'));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-bench-ab-'));
fs.copyFileSync(path.join(fixtureDir, 'urok.db'), path.join(dir, 'urok.db'));
const on = openDatabase({ sqlitePath: path.join(dir, 'urok.db') }).db;
const off = openDatabase({ sqlitePath: path.join(dir, 'urok.db'), statementCache: false }).db;

const reads = {
  'catalog page': (db) => courses.findCourses(db, { terms: [], limit: 25 }),
  'session by token hash': (db) => auth.findSessionWithUser(db, 'f'.repeat(64)),
  'enrolled courses': (db) => courses.findEnrolledCourses(db, manifest.student.id),
  'created courses': (db) => courses.findCoursesByAuthor(db, manifest.teacher.id),
  "the big course's submissions": (db) => homework.findCourseHomework(db, manifest.bigCourseId),
};
const rounds = Number(roundsArg ?? 20);
const result = {};
for (const [name, read] of Object.entries(reads)) {
  const calls = name.startsWith('the big course') ? 5 : 200;
  const spent = { off: 0, on: 0 };
  for (const db of [off, on]) for (let i = 0; i < calls; i += 1) await read(db); // warm both
  for (let round = 0; round < rounds; round += 1) {
    for (const [side, db] of round % 2
      ? [
          ['on', on],
          ['off', off],
        ]
      : [
          ['off', off],
          ['on', on],
        ]) {
      const began = performance.now();
      for (let i = 0; i < calls; i += 1) await read(db);
      spent[side] += performance.now() - began;
    }
  }
  const msOff = spent.off / (rounds * calls);
  const msOn = spent.on / (rounds * calls);
  result[name] = { msOff, msOn, speedup: msOff / msOn };
}
await on.destroy();
await off.destroy();
fs.rmSync(dir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(result)}\n`);
