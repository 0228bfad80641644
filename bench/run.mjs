#!/usr/bin/env node
// `npm run bench`: the product's hot paths against the machine's own limit,
// in one run, on loopback. The load comes from autocannon in a separate
// process (bench/load.mjs), 50 connections for BENCH_SECONDS (10) each.
//   limit:   a bare node:http hello world, then a bare Fastify hello world
//   product: started as a child process at the default settings (LOG_LEVEL=info: one
//            access line per request, written to a pipe this process reads; rate limits
//            on; off for sign-in and uploads) on the scale fixture (bench/seed.mjs) —
//            SQLite, and PostgreSQL when DATABASE_URL is set (a database <name>_bench beside it)
// Every figure is also a ratio to the node:http limit measured in the same
// run, so a loaded machine moves both sides; the judged lines are compared
// with references measured beside them (the limit in slices alternating with
// the rates of the catalog, the course lists and a student's list beside
// enrolments, and right before and after the other reads; the raw argon2 rate
// in slices alternating with sign-in), since a
// shared machine's load drifts over the minutes a run takes. Writes
// bench/results.json.
// BENCH_ONLY=content runs only the node:http limit and the course-content
// lines (lesson and outline reads, the gradebook, video Range streaming) and writes
// bench/results-content.json; BENCH_SQLITE_DIR=DIR takes the SQLite fixture
// from DIR (seeded by `node bench/seed.mjs --data-dir DIR`) instead of bench/data/sqlite.
// BENCH_ONLY=reads runs only the limit and the product's read lines (the catalog, the course
// lists, the submissions view, a student's list beside other students' enrolments) on SQLite and
// writes bench/results-reads.json.
// BENCH_ONLY=quiz runs only the quiz lines (they seed a small fixture of their own) and writes
// bench/results-quiz.json.
// BENCH_PIN=off runs every process unpinned: by default (taskset, two cores or more) the servers
// of the read and content lines (the limits and the product) run on every core but the last, and
// their load generators on the last (bench/pin.mjs), so the limit and the product are measured on
// the same cores and neither shares them with autocannon. Sign-in, uploads and the log-level
// comparison run unpinned, with the raw argon2id reference: their load generators need little
// CPU, and a sign-in's hash runs on the threadpool, which pinned shares its one core with the
// event loop (0.76 of the raw rate on that core, 2026-11-27).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, spawnNpmStart } from '../scripts/npm-start-process.mjs';
// Also registers tsx, so the server's TypeScript modules can be imported here.
import { seed, writeBenchVideo } from './seed.mjs';
import { benchQuizLoad } from './quiz-load.mjs';
import { benchQuizStatistics } from './quiz-statistics.mjs';
import { GENERATOR_CORE, SERVER_CORES, pinned, pinning } from './pin.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const UPLOADS = { count: 20, megabytes: 10 };
const ONLY = process.env.BENCH_ONLY ?? '';
if (!['', 'content', 'quiz', 'reads'].includes(ONLY))
  throw new Error(`BENCH_ONLY=${ONLY}: only 'content', 'quiz' and 'reads' are known`);
/** Video Range streaming: viewers at once, each asking for one chunk after each random seek. */
const VIEWERS = { count: 20, chunkBytes: 1024 * 1024 };

// libuv's threadpool as `npm start` sizes it (its preload, apps/server/threadpool.cjs, sets
// UV_THREADPOOL_SIZE): every process started here inherits the variable, so the raw argon2id
// reference and the server run their hashes on as many threads.
createRequire(import.meta.url)('../apps/server/threadpool.cjs');
const THREADPOOL_SIZE = process.env.UV_THREADPOOL_SIZE;

const TARGETS = {
  catalogRatio: 0.45,
  catalogP99: 20,
  authenticatedRatio: 0.4,
  // A student's course list while other students enrol in other courses at ENROLMENTS_PER_SECOND.
  enrolledUnderEnrolmentsRatio: 0.3,
  enrolledUnderEnrolmentsP99: 50,
  submissionsP99: 100,
  uploadMegabytesPerSecond: 200,
  uploadRssGrowthMegabytes: 64,
  videoMegabytesPerSecond: 200,
  videoRssGrowthMegabytes: 64,
  gradebookP99: 100,
};

// ---------------------------------------------------------------- processes

/** The other students' enrolments beside the student's course list (the targets above). */
const ENROLMENTS_PER_SECOND = 50;

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * Spawns a server, on the servers' cores unless `pin` is false, and resolves with its port once a
 * line on stdout names it.
 */
function startServer(command, args, env, portPattern, { pin = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(...pinned(pin ? SERVER_CORES : undefined, [command, ...args]), {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const match = portPattern.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('exit', (code) =>
      reject(new Error(`${args.join(' ')} exited with ${code} before listening:\n${output}`)),
    );
  });
}

async function stopServer(server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
  children.delete(server.child);
}

/**
 * Runs one load job in its own process (bench/load.mjs) and returns its JSON result: on the load
 * generator's core, unless the job says `anyCore` (the unpinned lines and their raw argon2id
 * reference).
 */
function runLoad(job) {
  const command = [
    process.execPath,
    path.join(import.meta.dirname, 'load.mjs'),
    JSON.stringify(job),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(...pinned(job.anyCore ? undefined : GENERATOR_CORE, command), {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load job ${job.kind} failed with ${code}`));
      resolve(JSON.parse(output.trim().split('\n').at(-1)));
    });
  });
}

function rssMegabytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function fetchJson(url, init = {}) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

// ---------------------------------------------------------------- fixture

const fixtureDir = path.join(root, 'bench/data');

/** Whether a fixture's seed.json exists and is of the current seed (one with course content). */
function currentFixture(manifestPath) {
  return (
    fs.existsSync(manifestPath) && 'content' in JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
  );
}

/** The SQLite fixture, seeded once into bench/data/sqlite (or BENCH_SQLITE_DIR) and copied for each server run. */
async function sqliteFixture() {
  const dir = process.env.BENCH_SQLITE_DIR
    ? path.resolve(process.env.BENCH_SQLITE_DIR)
    : path.join(fixtureDir, 'sqlite');
  const manifestPath = path.join(dir, 'seed.json');
  if (process.env.BENCH_SQLITE_DIR) {
    // A directory of the caller's: used as it is, never replaced.
    if (!fs.existsSync(manifestPath))
      throw new Error(`${dir} holds no fixture: node bench/seed.mjs --data-dir ${dir}`);
  } else if (!currentFixture(manifestPath)) {
    fs.rmSync(dir, { recursive: true, force: true });
    await seed({ dataDir: dir });
  }
  return { manifest: JSON.parse(fs.readFileSync(manifestPath, 'utf8')), dir };
}

function copySqliteFixture(dir) {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-bench-'));
  fs.copyFileSync(path.join(dir, 'urok.db'), path.join(target, 'urok.db'));
  return target;
}

/** PostgreSQL: a database of its own (<name>_bench) on DATABASE_URL's server, seeded once. */
async function postgresFixture(databaseUrl) {
  const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1) || 'postgres'}_bench`.replace(/[^a-z0-9_]/gi, '_');
  const benchUrl = new URL(databaseUrl);
  benchUrl.pathname = `/${name}`;
  const dir = path.join(fixtureDir, 'postgres');
  const manifestPath = path.join(dir, 'seed.json');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  const fresh = rows.length === 0 || !currentFixture(manifestPath);
  if (fresh) {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  if (fresh) {
    fs.rmSync(dir, { recursive: true, force: true });
    await seed({ dataDir: dir, databaseUrl: benchUrl.href });
  }
  return {
    manifest: JSON.parse(fs.readFileSync(manifestPath, 'utf8')),
    databaseUrl: benchUrl.href,
  };
}

// ---------------------------------------------------------------- measuring

const lines = [];
let limit;

function record(line) {
  // A line whose requests failed (non-2xx, errors, timeouts) does not meet its target.
  if (line.failures > 0 && line.pass === true) line = { ...line, pass: false };
  const reference = line.limit ?? limit;
  const ratio =
    line.requestsPerSecond !== undefined && reference
      ? line.requestsPerSecond / reference
      : undefined;
  lines.push({ ...line, ratio });
  printLine(lines.at(-1));
}

const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);
const fixed = (value, digits = 0) => (value === undefined ? '' : Number(value).toFixed(digits));

function printHeader() {
  console.log(
    `${pad('line', 58)}${padLeft('req/s', 9)}${padLeft('p50 ms', 8)}${padLeft('p99 ms', 8)}${padLeft('× limit', 9)}  target`,
  );
}

function printLine(line) {
  const verdict =
    line.pass === undefined ? (line.note ?? '') : `${line.target}: ${line.pass ? 'pass' : 'MISS'}`;
  const figures =
    line.requestsPerSecond !== undefined
      ? `${padLeft(fixed(line.requestsPerSecond), 9)}${padLeft(fixed(line.p50, 1), 8)}${padLeft(fixed(line.p99, 1), 8)}${padLeft(fixed(line.ratio, 2), 9)}`
      : padLeft(line.figure ?? '', 34);
  console.log(
    `${pad(line.name, 58)}${figures}  ${verdict}${line.failures ? `  (${line.failures} failed)` : ''}`,
  );
}

/** Sent with every request, as a browser does: the product answers JSON compressed when asked. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function http(name, url, extra = {}) {
  const result = await runLoad({
    kind: 'http',
    url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    ...extra,
    headers: { ...BROWSER_HEADERS, ...extra.headers },
  });
  return { name, ...result };
}

const average = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * A reference measured right before and right after `measure`: the mean of the two is what the
 * machine could do while `measure` ran, so drift in the machine's load moves both sides.
 */
async function bracketed(label, reference, measure) {
  const before = await reference();
  const result = await measure();
  const after = await reference();
  const mean = average([before, after]);
  record({
    name: label,
    figure: `${before.toFixed(0)} before, ${after.toFixed(0)} after (mean ${mean.toFixed(0)})`,
    before,
    after,
    mean,
  });
  return { result, reference: mean };
}

// Sign-in and its references alternate in short slices: the raw argon2id rate drifts by more than
// the target's margin within a minute (from 242 to 180 verifies/s over six back-to-back 6 s runs
// on a calm host), and alternating puts both sides under the same drift.
const SLICE_SECONDS = Math.max(1, Math.round(SECONDS / 5));
const SLICES = Math.max(1, Math.round(SECONDS / SLICE_SECONDS));

/**
 * `reference(seconds)` (a rate) and `measure(seconds)` (an http() line) run alternately, SLICES
 * times SLICE_SECONDS each. Resolves to the reference's mean and the measured line over all slices:
 * mean req/s and p50, the worst slice's p99, summed requests and failures.
 */
async function alternated(label, reference, measure) {
  const references = [];
  const slices = [];
  for (let i = 0; i < SLICES; i += 1) {
    references.push(await reference(SLICE_SECONDS));
    slices.push(await measure(SLICE_SECONDS));
  }
  const rate = average(references);
  record({
    name: label,
    figure: `${rate.toFixed(0)} (${SLICES} × ${SLICE_SECONDS} s, ${Math.min(...references).toFixed(0)}–${Math.max(...references).toFixed(0)})`,
    slices: references,
    mean: rate,
  });
  const sum = (key) => slices.reduce((total, slice) => total + slice[key], 0);
  const result = {
    name: slices[0].name,
    requestsPerSecond: average(slices.map((slice) => slice.requestsPerSecond)),
    p50: average(slices.map((slice) => slice.p50)),
    p99: Math.max(...slices.map((slice) => slice.p99)),
    requests: sum('requests'),
    failures: sum('failures'),
    bytesPerSecond: average(slices.map((slice) => slice.bytesPerSecond)),
  };
  return { result, reference: rate, slices };
}

async function benchProduct({ label, env, manifest, measureLimit, measureArgon2 }) {
  const dataDir = env.DATA_DIR;
  const productEnv = {
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    UROK_DEMO: '0',
  };
  const start = (extraEnv = {}, options = {}) =>
    startServer(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/main.ts'],
      { ...productEnv, ...extraEnv },
      /running at http:\/\/[^\s:]+:(\d+)/,
      options,
    );
  let server = await start();
  let base = `http://127.0.0.1:${server.port}/api`;
  const teacher = { authorization: `Bearer ${manifest.teacher.token}` };
  const student = { authorization: `Bearer ${manifest.student.token}` };
  const q = encodeURIComponent(manifest.searchWord);
  const reads = [
    { key: 'catalog', name: 'GET /api/courses?limit=24', path: '/courses?limit=24' },
    {
      key: 'search',
      name: `GET /api/courses?q=${manifest.searchWord}&limit=24`,
      path: `/courses?q=${q}&limit=24`,
    },
    {
      key: 'enrolled',
      name: 'GET /api/user/{id}/courses (bearer)',
      path: `/user/${manifest.student.id}/courses`,
      headers: student,
    },
    {
      key: 'created',
      name: 'GET /api/users/created-courses (bearer)',
      path: '/users/created-courses',
      headers: teacher,
    },
    {
      key: 'submissions',
      name: 'GET /api/courses/{id}/userswithhw (1,000 students)',
      path: `/courses/${manifest.bigCourseId}/userswithhw`,
      headers: teacher,
    },
  ];
  const results = {};
  /**
   * `manyOnBig: false` leaves out the 1,000-student view at 50 connections: built afresh for
   * each request (300 ms), 50 of them queue past autocannon's 10 s timeout, and the backlog
   * made the next line's requests time out too.
   */
  const measureReads = async (suffix, { manyOnBig = true } = {}) => {
    const out = {};
    const measured = reads.filter((read) => manyOnBig || read.key !== 'submissions');
    // A short warm-up per path first: the first requests fill the OS and database caches.
    for (const read of measured) {
      await runLoad({
        kind: 'http',
        url: `${base}${read.path}`,
        headers: { ...BROWSER_HEADERS, ...read.headers },
        connections: 4,
        seconds: 1,
      });
    }
    for (const read of measured) {
      out[read.key] = await http(`${label} ${read.name}${suffix}`, `${base}${read.path}`, {
        headers: read.headers,
      });
    }
    // One teacher opening the page: the latency the target is about, without 49 others queued ahead.
    const one = reads.at(-1);
    out.submissionsSingle = await http(
      `${label} ${one.name}, 1 connection${suffix}`,
      `${base}${one.path}`,
      {
        headers: one.headers,
        connections: 1,
      },
    );
    return out;
  };

  // Sanity: the fixture answers as expected before it is measured.
  const big = await fetchJson(`${base}/courses/${manifest.bigCourseId}/userswithhw`, {
    headers: teacher,
  });
  if (big.users.length < 1000)
    throw new Error(`the big course lists ${big.users.length} students, not 1,000`);

  const measured = await bracketed(
    `${label} node:http limit around the reads (req/s)`,
    measureLimit,
    () => measureReads(''),
  );
  const readLimit = measured.reference;
  Object.assign(results, measured.result, { readLimit });
  const judge = (line, target, pass) => record({ ...line, limit: readLimit, target, pass });
  for (const key of ['catalog', 'search', 'enrolled', 'created', 'submissions'])
    record({ ...results[key], limit: readLimit });

  // The judged reads' rates, each measured again in slices alternating with the limit, as sign-in
  // alternates with argon2id: on a shared host the limit moved by nearly half between the two ends
  // of the block above (32,920 and 18,672 requests/s a minute apart, 2026-11-27), more than the
  // targets' margins. Their p99 is the whole steady line's: a slice's first requests wait for
  // connections and compilation that a steady load does not.
  /**
   * `measure(seconds)` (an http() line) in slices alternating with the limit, judged by
   * `meets(line)` with the slices' mean as its limit and `p99` (its steady line's) as its p99;
   * `rename(name, slices)` adds to the line's name what only the slices together tell.
   */
  const judgeAlternating = async ({ measure, p99, target, meets, rename = (name) => name }) => {
    const { result, reference, slices } = await alternated(
      `${label} node:http limit alternating with the next line (req/s)`,
      measureLimit,
      measure,
    );
    const line = { ...result, name: rename(result.name, slices), p99, limit: reference };
    record({ ...line, target, pass: meets(line) });
    return { line, slices };
  };
  const ratioOf = (line) => line.requestsPerSecond / line.limit;
  const alternatedRead = async (key, target, meets) => {
    const read = reads.find((candidate) => candidate.key === key);
    const { line } = await judgeAlternating({
      measure: (seconds) =>
        http(`${label} ${read.name}, alternating`, `${base}${read.path}`, {
          headers: read.headers,
          seconds,
        }),
      p99: results[key].p99,
      target,
      meets,
    });
    return line;
  };
  results.catalogAlternating = await alternatedRead(
    'catalog',
    `≥ ${TARGETS.catalogRatio} × limit, p99 ≤ ${TARGETS.catalogP99} ms`,
    (line) => ratioOf(line) >= TARGETS.catalogRatio && line.p99 <= TARGETS.catalogP99,
  );
  for (const key of ['enrolled', 'created'])
    results[`${key}Alternating`] = await alternatedRead(
      key,
      `≥ ${TARGETS.authenticatedRatio} × limit`,
      (line) => ratioOf(line) >= TARGETS.authenticatedRatio,
    );
  judge(
    results.submissionsSingle,
    `p99 ≤ ${TARGETS.submissionsP99} ms`,
    results.submissionsSingle.requests > 0 &&
      results.submissionsSingle.p99 <= TARGETS.submissionsP99,
  );

  // A student's course list while other students enrol in other courses: with versions per
  // course and per person, none of those writes touches what this list shows.
  const own = new Set(
    (
      await fetchJson(`${base}/user/${manifest.student.id}/courses`, { headers: student })
    ).courses.map((course) => course._id),
  );
  const others = [];
  for (let cursor = null, page = 0; page < 4; page += 1) {
    const listed = await fetchJson(
      `${base}/courses?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    others.push(...listed.courses.map((course) => course._id).filter((id) => !own.has(id)));
    cursor = listed.nextCursor;
    if (!cursor) break;
  }
  // Students with a known session (every fourth account from the middle of the fixture on).
  const enrolling = Array.from(
    { length: 40 },
    (_, i) => `bench-session-${4 * Math.floor(manifest.counts.users / 8) + 4 * i}`,
  );
  // The k-th enrolment sent: the courses in turn, each pass over them with the next student, so
  // the steady line and the slices after it enrol someone new each time rather than repeat an
  // enrolment (a no-op) until every student has joined every course.
  const enrolment = (k) => {
    const course = k % others.length;
    const pass = Math.floor(k / others.length);
    return {
      url: `${base}/courses/${others[course]}/enroll`,
      headers: { authorization: `Bearer ${enrolling[(course + pass) % enrolling.length]}` },
    };
  };
  let enrolmentsSent = 0;
  const underEnrolmentsName = `${label} GET /api/user/{id}/courses (bearer) while others enrol in other courses at ${ENROLMENTS_PER_SECOND}/s`;
  /** The student's list read for `seconds` while the next enrolments go in at the set rate. */
  const readWhileEnrolling = async (name, seconds) => {
    // A job's enrolments travel in its command line, where one argument may hold 128 KB: at most
    // 600 of them (about 90 KB), which it sends in turn, again from the first if it needs more.
    const count = Math.min(600, ENROLMENTS_PER_SECOND * seconds + 10);
    const [read, written] = await Promise.all([
      http(name, `${base}/user/${manifest.student.id}/courses`, { headers: student, seconds }),
      runLoad({
        kind: 'posts',
        requests: Array.from({ length: count }, (_, i) => enrolment(enrolmentsSent + i)),
        rate: ENROLMENTS_PER_SECOND,
        seconds,
      }),
    ]);
    enrolmentsSent += written.requests;
    return { ...read, enrolments: written };
  };
  /** "50/s sent: 500 × 200" for the enrolment jobs `writes` together. */
  const sentLabel = (writes) => {
    const statuses = {};
    for (const { statuses: each } of writes)
      for (const [status, n] of Object.entries(each))
        statuses[status] = (statuses[status] ?? 0) + n;
    const perSecond =
      writes.reduce((sum, each) => sum + each.requests, 0) /
      writes.reduce((sum, each) => sum + each.seconds, 0);
    return `${perSecond.toFixed(0)}/s sent: ${Object.entries(statuses)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ')}`;
  };
  // The steady line gives the p99; the rate is judged, like the reads above, in alternating slices.
  const underEnrolments = await readWhileEnrolling(underEnrolmentsName, SECONDS);
  record({
    ...underEnrolments,
    name: `${underEnrolments.name} (${sentLabel([underEnrolments.enrolments])})`,
    limit: readLimit,
  });
  const enrolmentsOf = (slices) => slices.map((slice) => slice.enrolments);
  const { line: underLine, slices: underSlices } = await judgeAlternating({
    measure: (seconds) => readWhileEnrolling(`${underEnrolmentsName}, alternating`, seconds),
    p99: underEnrolments.p99,
    target: `≥ ${TARGETS.enrolledUnderEnrolmentsRatio} × limit, p99 ≤ ${TARGETS.enrolledUnderEnrolmentsP99} ms`,
    meets: (line) =>
      ratioOf(line) >= TARGETS.enrolledUnderEnrolmentsRatio &&
      line.p99 <= TARGETS.enrolledUnderEnrolmentsP99,
    rename: (name, slices) => `${name} (${sentLabel(enrolmentsOf(slices))})`,
  });
  results.enrolledUnderEnrolments = underEnrolments;
  results.enrolledUnderEnrolmentsAlternating = {
    ...underLine,
    enrolments: enrolmentsOf(underSlices),
  };
  if (ONLY === 'reads') {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return results;
  }

  // Sign-in and uploads with the rate limits off: 50 sign-ins to one account from one address
  // at once are what the sign-in limit is there to refuse, and these lines measure argon2id and
  // the upload path, not the limiter. Still at the default LOG_LEVEL.
  await stopServer(server);
  // Unpinned, as the raw argon2id reference (the header above says why).
  server = await start({ RATE_LIMIT: 'off' }, { pin: false });
  base = `http://127.0.0.1:${server.port}/api`;

  // Sign-in: every login is one argon2id verify, reported beside the raw rate of this machine
  // measured in slices alternating with it. No goal: argon2id's own cost dominates a sign-in and
  // moved by 15–22 ms between runs of the same code, so the ratio judged the machine, not us.
  const signIn = await alternated(
    `${label} raw argon2id alternating with sign-in (verifies/s)`,
    measureArgon2,
    (seconds) =>
      http(`${label} POST /api/auth/login`, `${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ telephone: manifest.loginTelephone, password: manifest.password }),
        seconds,
        anyCore: true,
      }),
  );
  const login = signIn.result;
  const argon2Rate = signIn.reference;
  const share = login.requestsPerSecond / argon2Rate;
  record({
    ...login,
    shareOfArgon2: share,
    note: `${share.toFixed(2)} of raw argon2 (reported, no goal)`,
  });
  results.login = { ...login, shareOfArgon2: share, argon2Rate };

  // Uploads: 20 × 10 MB at once from one enrolled student, with the server's resident memory sampled.
  const auth = await fetchJson(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ telephone: manifest.uploader.telephone, password: manifest.password }),
  });
  await fetchJson(`${base}/courses/${manifest.uploader.courseId}/enroll`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth.token}` },
  });
  const rssBefore = rssMegabytes(server.child.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(
    () => (rssPeak = Math.max(rssPeak, rssMegabytes(server.child.pid))),
    20,
  );
  const upload = await runLoad({
    kind: 'uploads',
    url: `${base}/courses/upload-homework`,
    token: auth.token,
    courseId: manifest.uploader.courseId,
    ...UPLOADS,
    anyCore: true,
  });
  clearInterval(sampler);
  const growth = rssPeak - rssBefore;
  const uploadLine = {
    name: `${label} ${UPLOADS.count} concurrent ${UPLOADS.megabytes} MB uploads`,
    figure: `${upload.megabytesPerSecond.toFixed(0)} MB/s, RSS +${growth.toFixed(0)} MB`,
    megabytesPerSecond: upload.megabytesPerSecond,
    rssBeforeMegabytes: rssBefore,
    rssPeakMegabytes: rssPeak,
    rssGrowthMegabytes: growth,
    failures: upload.failures,
    target: `≥ ${TARGETS.uploadMegabytesPerSecond} MB/s, RSS growth ≤ ${TARGETS.uploadRssGrowthMegabytes} MB`,
    pass:
      upload.failures === 0 &&
      upload.megabytesPerSecond >= TARGETS.uploadMegabytesPerSecond &&
      growth <= TARGETS.uploadRssGrowthMegabytes,
  };
  if (upload.firstFailure) console.error('first failed upload:', upload.firstFailure);
  record(uploadLine);
  results.uploads = uploadLine;

  // What the default LOG_LEVEL=info (one access line per request) costs on the cheapest answer,
  // where the line weighs most: the catalog page at info (the server above), in slices
  // alternating with the same read at warn.
  const quiet = await start({ LOG_LEVEL: 'warn' }, { pin: false });
  const catalogAt = (target, level, seconds) =>
    http(
      `${label} GET /api/courses?limit=24 at LOG_LEVEL=${level}`,
      `http://127.0.0.1:${target.port}/api/courses?limit=24`,
      { seconds, anyCore: true },
    );
  await catalogAt(quiet, 'warn', 1);
  const logging = await alternated(
    `${label} GET /api/courses?limit=24 at LOG_LEVEL=warn, alternating (req/s)`,
    async (seconds) => (await catalogAt(quiet, 'warn', seconds)).requestsPerSecond,
    (seconds) => catalogAt(server, 'info', seconds),
  );
  await stopServer(quiet);
  const shareOfWarn = logging.result.requestsPerSecond / logging.reference;
  record({ ...logging.result, note: `${shareOfWarn.toFixed(2)} of the rate at warn` });
  results.catalogAtInfo = { ...logging.result, shareOfWarn };
  await stopServer(server);

  // The same reads with the caches turned off, one more each time: what each one buys.
  const comparisons = [
    {
      cache: 'read cache',
      suffix: ' [no read cache]',
      env: { READ_CACHE_MB: '0' },
      key: 'withoutReadCache',
    },
    {
      cache: 'statement cache',
      suffix: ' [no read cache, no statement cache]',
      env: { READ_CACHE_MB: '0', STATEMENT_CACHE: 'off' },
      key: 'withoutStatementCache',
    },
  ];
  let withCache = results;
  for (const comparison of comparisons) {
    server = await start(comparison.env);
    base = `http://127.0.0.1:${server.port}/api`;
    const without = await measureReads(comparison.suffix, { manyOnBig: false });
    await stopServer(server);
    results[comparison.key] = without;
    for (const key of Object.keys(without)) {
      const before = without[key];
      const after = withCache[key];
      const speedup = after.requestsPerSecond / before.requestsPerSecond;
      record({
        ...before,
        figure: undefined,
        target: `${comparison.cache} on: ${after.requestsPerSecond.toFixed(0)} req/s, p99 ${after.p99} ms`,
        pass: undefined,
      });
      lines.at(-1).cacheSpeedup = speedup;
      console.log(
        `${pad('', 58)}${comparison.cache}: ×${speedup.toFixed(2)} req/s (on ${after.requestsPerSecond.toFixed(0)} vs off ${before.requestsPerSecond.toFixed(0)})`,
      );
    }
    withCache = without;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  return results;
}

// ---------------------------------------------------------------- course content

/**
 * The course-content lines on their own server: a lesson and the big course's outline read by
 * an enrolled student (bracketed by the node:http limit, judged like the other authenticated
 * reads), then VIEWERS.count viewers seeking in the seeded video with random Range requests,
 * with the server's resident memory sampled as in the upload line.
 */
async function benchContent({ label, env, manifest, measureLimit }) {
  if (!manifest.content)
    throw new Error(`${label}: the fixture has no course content (seed it again: bench/seed.mjs)`);
  const dataDir = env.DATA_DIR;
  writeBenchVideo(dataDir, manifest.content);
  const server = await startServer(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      UROK_DEMO: '0',
    },
    /running at http:\/\/[^\s:]+:(\d+)/,
  );
  const base = `http://127.0.0.1:${server.port}/api`;
  const student = { authorization: `Bearer ${manifest.student.token}` };
  const reads = [
    {
      key: 'lesson',
      name: 'GET /api/lessons/{id} (enrolled student)',
      path: `/lessons/${manifest.content.lessonId}`,
    },
    {
      key: 'outline',
      name: 'GET /api/courses/{id}/outline (enrolled student)',
      path: `/courses/${manifest.bigCourseId}/outline`,
    },
  ];
  // Sanity: the fixture answers as expected before it is measured.
  const outline = await fetchJson(`${base}/courses/${manifest.bigCourseId}/outline`, {
    headers: student,
  });
  const lessons = outline.sections.flatMap((section) =>
    section.items.filter((item) => item.kind === 'lesson'),
  );
  if (lessons.length !== manifest.counts.lessons)
    throw new Error(`the outline lists ${lessons.length} lessons, not ${manifest.counts.lessons}`);

  const results = {};
  const measured = await bracketed(
    `${label} node:http limit around the content reads (req/s)`,
    measureLimit,
    async () => {
      const out = {};
      for (const read of reads)
        await runLoad({
          kind: 'http',
          url: `${base}${read.path}`,
          headers: { ...BROWSER_HEADERS, ...student },
          connections: 4,
          seconds: 1,
        });
      for (const read of reads)
        out[read.key] = await http(`${label} ${read.name}`, `${base}${read.path}`, {
          headers: student,
        });
      return out;
    },
  );
  const readLimit = measured.reference;
  for (const read of reads) {
    const line = measured.result[read.key];
    record({
      ...line,
      limit: readLimit,
      target: `≥ ${TARGETS.authenticatedRatio} × limit`,
      pass: line.requestsPerSecond / readLimit >= TARGETS.authenticatedRatio,
    });
    results[read.key] = line;
  }
  results.readLimit = readLimit;

  // The gradebook of the big course: 1,000 students × 20 assignments (seedAssignments), as the
  // author opens it (one connection: the latency the target is about) and under 50 connections.
  const teacher = { authorization: `Bearer ${manifest.teacher.token}` };
  const gradebookUrl = `${base}/courses/${manifest.bigCourseId}/gradebook`;
  const gradebook = await fetchJson(gradebookUrl, { headers: teacher });
  if (
    gradebook.students.length < 1000 ||
    gradebook.assignments.length !== manifest.bigCourseAssignments
  ) {
    throw new Error(
      `the gradebook has ${gradebook.students.length} students × ${gradebook.assignments.length} assignments, not 1,000 × ${manifest.bigCourseAssignments}`,
    );
  }
  const shape = `${gradebook.students.length.toLocaleString('en')} × ${gradebook.assignments.length}`;
  const single = await http(
    `${label} GET /api/courses/{id}/gradebook (${shape}), 1 connection`,
    gradebookUrl,
    { headers: teacher, connections: 1 },
  );
  record({
    ...single,
    target: `p99 ≤ ${TARGETS.gradebookP99} ms`,
    pass: single.failures === 0 && single.p99 <= TARGETS.gradebookP99,
  });
  results.gradebook = single;
  results.gradebookLoaded = await http(
    `${label} GET /api/courses/{id}/gradebook (${shape}), ${CONNECTIONS} connections`,
    gradebookUrl,
    { headers: teacher },
  );
  record(results.gradebookLoaded);
  results.gradebookCsv = await http(
    `${label} GET /api/courses/{id}/gradebook.csv (${shape}), 1 connection`,
    `${base}/courses/${manifest.bigCourseId}/gradebook.csv`,
    { headers: teacher, connections: 1 },
  );
  record(results.gradebookCsv);

  const videoUrl = `${base}/lessons/${manifest.content.videoLessonId}/video`;
  const job = {
    kind: 'ranges',
    url: videoUrl,
    headers: student,
    size: manifest.content.videoBytes,
    viewers: VIEWERS.count,
    chunk: VIEWERS.chunkBytes,
  };
  // A short warm-up: the first reads bring the file into the page cache.
  await runLoad({ ...job, viewers: 4, seconds: 1 });
  const rssBefore = rssMegabytes(server.child.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(
    () => (rssPeak = Math.max(rssPeak, rssMegabytes(server.child.pid))),
    20,
  );
  const video = await runLoad({ ...job, seconds: SECONDS });
  clearInterval(sampler);
  const growth = rssPeak - rssBefore;
  if (video.firstFailure) console.error('first failed range:', video.firstFailure);
  const videoLine = {
    name: `${label} video: ${VIEWERS.count} seeking, ${VIEWERS.chunkBytes / 2 ** 20} MB ranges of ${(manifest.content.videoBytes / 2 ** 20).toFixed(0)} MB`,
    figure: `${video.megabytesPerSecond.toFixed(0)} MB/s, ${video.requestsPerSecond.toFixed(0)} ranges/s, p99 ${video.p99.toFixed(0)} ms, RSS +${growth.toFixed(0)} MB`,
    megabytesPerSecond: video.megabytesPerSecond,
    rangesPerSecond: video.requestsPerSecond,
    p50: video.p50,
    p99: video.p99,
    rssBeforeMegabytes: rssBefore,
    rssPeakMegabytes: rssPeak,
    rssGrowthMegabytes: growth,
    failures: video.failures,
    target: `≥ ${TARGETS.videoMegabytesPerSecond} MB/s, RSS growth ≤ ${TARGETS.videoRssGrowthMegabytes} MB`,
    pass:
      video.failures === 0 &&
      video.megabytesPerSecond >= TARGETS.videoMegabytesPerSecond &&
      growth <= TARGETS.videoRssGrowthMegabytes,
  };
  record(videoLine);
  results.video = videoLine;
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return results;
}

/** `npm start` until /api/health answers: on a new database (migrations and demo data) and on an existing one. */
async function benchColdStart() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-bench-start-'));
  const once = async () => {
    const port = await freePort();
    const began = performance.now();
    const child = spawnNpmStart({ dataDir, port, stdio: 'ignore' });
    children.add(child);
    let ms;
    while (ms === undefined) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) ms = performance.now() - began;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (child.exitCode !== null) throw new Error('npm start exited before answering');
    }
    await stopServer({ child });
    return ms;
  };
  const first = await once();
  const again = await once();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { firstMs: first, restartMs: again };
}

// ---------------------------------------------------------------- the run

const startedAt = new Date();
console.log(
  `Urok benchmark — ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}, ` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${CONNECTIONS} connections × ${SECONDS} s per line; ${
      pinning()
        ? `servers on core ${SERVER_CORES}, load generators on core ${GENERATOR_CORE}`
        : 'unpinned'
    }\n`,
);
/** The quiz lines: the statistics of 1,000 attempts × 30 questions, in this process. */
async function quizLines() {
  const statistics = await benchQuizStatistics();
  const { cold, warmMedian, targetMs } = statistics;
  record({
    name: `quiz statistics, ${statistics.attempts} attempts × ${statistics.questions} questions (CPU)`,
    figure: `cold ${cold.cpuMs.toFixed(0)} ms, warm ${warmMedian.cpuMs.toFixed(0)} ms (×${(cold.cpuMs / targetMs).toFixed(2)})`,
    target: `≤ ${targetMs} ms`,
    pass: cold.cpuMs <= targetMs,
  });
  record({
    name: '  the same, wall time on this machine now',
    figure: `cold ${cold.wallMs.toFixed(0)} ms, warm ${warmMedian.wallMs.toFixed(0)} ms`,
  });
  // A class at once: 500 open attempts saving every 10 s while 35 students submit together.
  const load = await benchQuizLoad();
  for (const backend of ['sqlite', 'postgres']) {
    const result = load[backend];
    if (!result) continue;
    for (const [what, line] of [
      [`${load.open} open attempts saving every ${load.saveEverySeconds} s`, result.saves],
      [`${load.submitters} submits in the same second`, result.submits],
    ])
      record({
        name: `[${backend}] quiz: ${what}`,
        figure: `p50 ${line.p50.toFixed(0)}, p99 ${line.p99.toFixed(0)} ms; CPU ${line.cpuMs.toFixed(1)} ms each`,
        target: `p99 ≤ ${load.targetP99Ms} ms`,
        pass: line.failures === 0 && line.p99 <= load.targetP99Ms,
        failures: line.failures,
      });
    // The worst case beside it, with no target of its own: every submit queued behind the others.
    const once = result.submitsAtOnce;
    record({
      name: `[${backend}] quiz: ${load.submitters} submits in one instant (worst case)`,
      figure: `p50 ${once.p50.toFixed(0)}, p99 ${once.p99.toFixed(0)} ms`,
      failures: once.failures,
    });
  }
  return { statistics, load };
}

if (ONLY === 'quiz') {
  printHeader();
  finish('results-quiz.json', { quiz: await quizLines() });
}

const sqlite = await sqliteFixture();
const postgres = process.env.DATABASE_URL
  ? await postgresFixture(process.env.DATABASE_URL)
  : undefined;

printHeader();
const bare = await startServer(
  process.execPath,
  [path.join(import.meta.dirname, 'hello-server.mjs'), 'http'],
  {},
  /PORT=(\d+)/,
);
const limitLine = await http('node:http hello world (the limit)', `http://127.0.0.1:${bare.port}/`);
limit = limitLine.requestsPerSecond;
// Kept running (idle between uses), to be measured again around each product's reads.
const measureLimit = async (seconds = SECONDS) =>
  (await http('node:http hello world', `http://127.0.0.1:${bare.port}/`, { seconds }))
    .requestsPerSecond;
record(limitLine);

/** The content lines on each fixture, each on a server of its own with a new DATA_DIR. */
async function contentLines() {
  const out = {
    sqlite: await benchContent({
      label: '[sqlite]',
      env: { DATA_DIR: copySqliteFixture(sqlite.dir), DATABASE_URL: '' },
      manifest: sqlite.manifest,
      measureLimit,
    }),
  };
  if (postgres)
    out.postgres = await benchContent({
      label: '[postgres]',
      env: {
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'urok-bench-')),
        DATABASE_URL: postgres.databaseUrl,
      },
      manifest: postgres.manifest,
      measureLimit,
    });
  return out;
}

function machine() {
  return {
    cores: os.cpus().length,
    memoryGiB: os.totalmem() / 2 ** 30,
    node: process.versions.node,
    loadAverage: os.loadavg(),
    pinned: pinning(),
  };
}

/** The fixtures' row counts, for the results of the runs that seed them. */
const fixtures = () => ({
  sqlite: sqlite.manifest.counts,
  postgres: postgres?.manifest.counts,
});

/** Prints the targets met and missed, writes `file` beside this script with `extra`, and exits. */
function finish(file, extra) {
  const missed = lines.filter((line) => line.pass === false);
  console.log(
    `\n${lines.filter((l) => l.pass === true).length} targets met, ${missed.length} missed; load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  fs.writeFileSync(
    path.join(import.meta.dirname, file),
    JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        machine: machine(),
        seconds: SECONDS,
        connections: CONNECTIONS,
        targets: TARGETS,
        lines,
        ...extra,
      },
      null,
      2,
    ),
  );
  process.exit(0);
}

if (ONLY === 'reads') {
  const reads = await benchProduct({
    label: '[sqlite]',
    env: { DATA_DIR: copySqliteFixture(sqlite.dir), DATABASE_URL: '' },
    manifest: sqlite.manifest,
    measureLimit,
  });
  await stopServer(bare);
  finish('results-reads.json', { fixtures: fixtures(), reads });
}

if (ONLY === 'content') {
  const content = await contentLines();
  await stopServer(bare);
  finish('results-content.json', { fixtures: fixtures(), content });
}

const fastify = await startServer(
  process.execPath,
  [path.join(import.meta.dirname, 'hello-server.mjs'), 'fastify'],
  {},
  /PORT=(\d+)/,
);
record(await http('Fastify hello world', `http://127.0.0.1:${fastify.port}/`));
await stopServer(fastify);

// The raw argon2id rate: the server's parameters (the fixture's hash), as many verifies in flight as
// the server can have (one per connection), on a threadpool sized as the server's (THREADPOOL_SIZE).
const { hashPassword } = await import(
  pathToFileURL(path.join(root, 'apps/server/src/lib/passwords.ts')).href
);
const referenceHash = await hashPassword(sqlite.manifest.password);
const measureArgon2 = async (seconds) =>
  (
    await runLoad({
      kind: 'argon2',
      hash: referenceHash,
      password: sqlite.manifest.password,
      concurrency: CONNECTIONS,
      seconds,
      // Unpinned, as the sign-in lines it is the reference of.
      anyCore: true,
    })
  ).verifiesPerSecond;
// The same verify behind a bare Fastify route, alternating with the raw rate: how much of it HTTP
// alone leaves.
const verifyServer = await startServer(
  process.execPath,
  [path.join(import.meta.dirname, 'hello-server.mjs'), 'argon2', referenceHash],
  {},
  /PORT=(\d+)/,
  { pin: false },
);
const verify = await alternated(
  `raw argon2id verify (${CONNECTIONS} in flight, UV_THREADPOOL_SIZE ${THREADPOOL_SIZE}, verifies/s)`,
  measureArgon2,
  (seconds) =>
    http(
      'Fastify, one argon2id verify per POST (no database)',
      `http://127.0.0.1:${verifyServer.port}/`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: sqlite.manifest.password }),
        seconds,
        anyCore: true,
      },
    ),
);
await stopServer(verifyServer);
const argon2 = {
  verifiesPerSecond: verify.reference,
  fastifyShare: verify.result.requestsPerSecond / verify.reference,
};
record({ ...verify.result, note: `${argon2.fastifyShare.toFixed(2)} of raw argon2` });

const products = {};
products.sqlite = await benchProduct({
  label: '[sqlite]',
  env: { DATA_DIR: copySqliteFixture(sqlite.dir), DATABASE_URL: '' },
  manifest: sqlite.manifest,
  measureLimit,
  measureArgon2,
});
if (postgres) {
  products.postgres = await benchProduct({
    label: '[postgres]',
    env: {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'urok-bench-')),
      DATABASE_URL: postgres.databaseUrl,
    },
    manifest: postgres.manifest,
    measureLimit,
    measureArgon2,
  });
}
const content = await contentLines();
await stopServer(bare);
const quiz = await quizLines();

// The statement cache once more, A/B in one process with the two sides interleaved: the server
// runs above are minutes apart, and on a shared machine the load moves more than the cache does.
const ab = await new Promise((resolve, reject) => {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'statement-cache-ab.mjs'), sqlite.dir, '20'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.on('exit', (code) =>
    code === 0
      ? resolve(JSON.parse(output.trim().split('\n').at(-1)))
      : reject(new Error(`A/B exited with ${code}`)),
  );
});
for (const [name, { msOff, msOn, speedup }] of Object.entries(ab)) {
  record({
    name: `[sqlite] statement cache A/B, in process: ${name}`,
    figure: `${msOff.toFixed(2)} → ${msOn.toFixed(2)} ms (×${speedup.toFixed(2)})`,
    ...ab[name],
  });
}

const coldStart = await benchColdStart();
record({
  name: 'npm start → /api/health answers (new database / restart)',
  figure: `${coldStart.firstMs.toFixed(0)} ms / ${coldStart.restartMs.toFixed(0)} ms`,
  ...coldStart,
  target: '≤ 1500 ms',
  pass: coldStart.firstMs <= 1500 && coldStart.restartMs <= 1500,
});

finish('results.json', {
  fixtures: fixtures(),
  products,
  content,
  argon2,
  statementCacheAB: ab,
  coldStart,
  quiz,
});
