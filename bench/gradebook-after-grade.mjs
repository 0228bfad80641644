#!/usr/bin/env node
// `npm run bench:gradebook`: the 1,000-student × 20-assignment course's
// gradebook and submissions view as its teacher meets them while grading.
// Each round grades one submission of the course (PUT homework/{id}/grade),
// then opens each view (the first load after a grade: read, built, serialised
// and compressed again), opens it once more (kept), and asks again with the
// ETag it got (304). A browser's
// Accept-Encoding, one connection, SQLite, on the bench:term fixture
// (TERM_SCALE, default 0.02; seeded on first use). Prints p50 and p99 of each.
//
//   GRADEBOOK_ROUNDS=60   rounds
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { startProductServer, stopProductServer } from './product-server.mjs';
import { termSqliteFixture } from './term-fixture.mjs';

register();
const root = path.resolve(import.meta.dirname, '..');
const serverModule = (file) => import(pathToFileURL(path.join(root, 'apps/server/src', file)).href);
const { openDatabase } = await serverModule('db/connection.ts');

const SCALE = Number(process.env.TERM_SCALE ?? 0.02);
const ROUNDS = Number(process.env.GRADEBOOK_ROUNDS ?? 60);

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const fx = await termSqliteFixture(SCALE);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-gradebook-'));
fs.copyFileSync(path.join(fx.dir, 'urok.db'), path.join(dataDir, 'urok.db'));
const reader = openDatabase({ sqlitePath: path.join(dataDir, 'urok.db') }).db;
const ungraded = (
  await reader
    .selectFrom('homework')
    .select('id')
    .where('course_id', '=', fx.manifest.bigCourseId)
    .where('grade', 'is', null)
    .limit(ROUNDS)
    .execute()
).map((row) => row.id);
await reader.destroy();
if (ungraded.length < ROUNDS) throw new Error(`only ${ungraded.length} ungraded submissions`);

const server = await startProductServer({ env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
const { base } = server;

const auth = { authorization: `Bearer ${fx.manifest.teacher.token}` };
const views = {
  gradebook: `${base}/courses/${fx.manifest.bigCourseId}/gradebook`,
  'submissions view': `${base}/courses/${fx.manifest.bigCourseId}/userswithhw`,
};
/** One GET, its body read as it comes (not decompressed: the server's time, not the client's). */
const open = (url, headers = {}) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      url,
      { headers: { ...auth, 'accept-encoding': 'br, gzip', ...headers } },
      (response) => {
        response.on('data', () => {});
        response.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: response.statusCode,
            etag: response.headers.etag,
          }),
        );
      },
    );
    request.on('error', reject);
  });

// Warm-up: the process compiles its modules on its first requests.
for (let i = 0; i < 3; i += 1) for (const url of Object.values(views)) await open(url);
const times = Object.fromEntries(
  Object.keys(views).map((name) => [name, { afterGrade: [], kept: [], notModified: [] }]),
);
for (const [i, id] of ungraded.entries()) {
  const graded = await fetch(`${base}/homework/${id}/grade`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ grade: String(6 + (i % 7)), feedback: 'Добре.' }),
  });
  if (graded.status !== 200) throw new Error(`grade: ${graded.status} ${await graded.text()}`);
  for (const [name, url] of Object.entries(views)) {
    const first = await open(url);
    const kept = await open(url);
    const again = await open(url, { 'if-none-match': kept.etag });
    if (first.status !== 200 || kept.status !== 200 || again.status !== 304)
      throw new Error(`${name}: statuses ${first.status}, ${kept.status}, ${again.status}`);
    times[name].afterGrade.push(first.ms);
    times[name].kept.push(kept.ms);
    times[name].notModified.push(again.ms);
  }
}
await stopProductServer(server);
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`the 1,000-student course, ${ROUNDS} grades, 1 connection, SQLite`);
for (const [view, lines] of Object.entries(times)) {
  for (const [name, list] of Object.entries(lines)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `  ${view.padEnd(17)} ${name.padEnd(12)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms`,
    );
  }
}
