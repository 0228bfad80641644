#!/usr/bin/env node
// `npm test`: every suite — the static checks (types, lint, layers, layout) and the web
// build (the bundle-budget test and the end-to-end suite read it) sharing the cores;
// then, side by side, the unit and API tests (Vitest: the database suites on SQLite,
// and on PostgreSQL too when TEST_DATABASE_URL is set; the HTTP-layer suites once; the
// storage suites once more with files on S3 — apps/server/test/suites.ts) followed by
// the deployment behind nginx (test:cluster), and the end-to-end journeys in Chromium
// (Playwright).
//
// Every line of output is prefixed with its step. Every step runs even when another
// fails. The output ends with each step's time, the total, and the totals line;
// test-results/totals.json holds the totals, and the exit code is non-zero on any failure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
const cores = os.availableParallelism();
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A check that passes or fails as a whole (exit code): counts once. */
const countCheck = (ok) => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });

/** A Vitest run's JSON report; a file that failed to load, or a failed run without a failed test, counts once. */
function countVitest(ok, file) {
  const report = readJson(file);
  const count = { passed: 0, failed: 0, skipped: 0 };
  if (report) {
    count.passed += report.numPassedTests;
    count.failed += report.numFailedTests;
    count.skipped += report.numPendingTests + report.numTodoTests;
    count.failed += report.testResults.filter(
      (f) => f.status === 'failed' && f.assertionResults.length === 0,
    ).length;
  }
  if ((!ok || !report) && count.failed === 0) count.failed += 1;
  return count;
}

/** Names of the failed tests (and of files that failed to load) in a Vitest JSON report. */
function failedVitest(file) {
  const names = [];
  for (const result of readJson(file)?.testResults ?? []) {
    const where = path.relative(root, result.name);
    const failed = result.assertionResults.filter((test) => test.status === 'failed');
    if (result.status === 'failed' && failed.length === 0)
      names.push(`${where}: ${result.message}`);
    for (const test of failed) names.push(`${where} › ${test.fullName}`);
  }
  return names;
}

/** Names of the tests that failed (every retry) in Playwright's JSON report. */
function failedPlaywright() {
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected')
          names.push(
            `${spec.file}:${spec.line} [${test.projectName}] › ${[...titles, spec.title].join(' › ')}`,
          );
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top suites are the files; the suites within them are describe blocks.
  for (const file of readJson(playwrightJson)?.suites ?? []) walk(file, []);
  return names;
}

function vitestArgs(json, ...args) {
  fs.rmSync(json, { force: true });
  return [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
  ];
}

const vitestJson = path.join(results, 'vitest.json');
const clusterJson = path.join(results, 'vitest-cluster.json');
const playwrightJson = path.join(results, 'playwright.json');

/**
 * The steps. The static checks and the web build share the cores first; then
 * the Vitest run and the end-to-end journeys run side by side, and the
 * deployment test follows the journeys, which end minutes before Vitest (after
 * Vitest it added its 20 seconds to the run's end). The two share nothing (Playwright's server
 * has its own port and data directory; Vitest's apps listen on free ports, on
 * their own schemas and Redis prefixes). Each alone keeps its two workers busy
 * for most of its run but not at its ends (the last long files, the last
 * journeys, the server's start); side by side the other uses those cores, and
 * on a machine shared with other work the run gets the cores twice as often.
 */
const steps = {
  types: {
    title: 'types (tsc, every workspace)',
    run: ['npm', ['run', 'typecheck', '--silent']],
    count: countCheck,
  },
  build: {
    title: 'web build',
    run: ['npm', ['run', 'build', '--silent', '-w', 'apps/web']],
    count: countCheck,
  },
  lint: {
    title: 'lint (ESLint)',
    run: ['npm', ['run', 'lint', '--silent']],
    count: countCheck,
  },
  layers: {
    title: 'layers (dependency-cruiser: features through services, no cycles)',
    run: ['npm', ['run', 'lint:layers', '--silent']],
    count: countCheck,
  },
  layout: {
    title: 'layout (Prettier)',
    run: ['npm', ['exec', '--', 'prettier', '--check', '--log-level=warn', '.']],
    count: countCheck,
  },
  vitest: {
    // Every Vitest project in one run (vitest.config.ts), its files spread over the cores.
    title: 'unit and API tests (Vitest: SQLite, PostgreSQL, S3)',
    // Vitest's default on a run is one worker fewer than the cores (one on two): ask for all.
    run: () => ['npx', vitestArgs(vitestJson, `--maxWorkers=${cores}`)],
    count: (ok) => countVitest(ok, vitestJson),
  },
  cluster: {
    // Two server processes behind nginx on PostgreSQL, Redis and S3 (`npm run test:cluster`).
    title: 'the deployment behind nginx (test:cluster)',
    run: () => [
      'npx',
      vitestArgs(clusterJson, '--config', 'apps/server/test/cluster/vitest.config.ts'),
    ],
    count: (ok) => countVitest(ok, clusterJson),
  },
  e2e: {
    title: 'end-to-end journeys (Playwright, Chromium)',
    check: () =>
      state.get('build')?.ok === false
        ? 'the web build failed'
        : fs.existsSync(chromium)
          ? undefined
          : `no Chromium at ${chromium}`,
    run: () => {
      fs.rmSync(playwrightJson, { force: true });
      return ['npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']];
    },
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    count: (ok) => {
      const stats = readJson(playwrightJson)?.stats;
      const count = { passed: 0, failed: 0, skipped: 0 };
      if (stats) {
        count.passed += stats.expected + stats.flaky;
        count.failed += stats.unexpected;
        count.skipped += stats.skipped;
      }
      if ((!ok || !stats) && count.failed === 0) count.failed += 1;
      return count;
    },
  },
};

// `npm test -- lint types`: only the steps named, in their usual places.
const only = process.argv.slice(2);
for (const id of only)
  if (!(id in steps)) throw new Error(`no step ${id}; the steps: ${Object.keys(steps).join(', ')}`);
const chosen = (ids) => ids.filter((id) => only.length === 0 || only.includes(id));
const order = Object.keys(steps).filter((id) => chosen([id]).length > 0);
const width = Math.max(...order.map((id) => id.length));

/** Runs one step's command, every line of its output prefixed with the step's id. */
function execute(id, step) {
  return new Promise((resolve) => {
    const [command, args] = typeof step.run === 'function' ? step.run() : step.run;
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `${id.padEnd(width)} │ `;
    for (const stream of [child.stdout, child.stderr])
      readline
        .createInterface({ input: stream })
        .on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
    child.on('error', (error) => {
      process.stdout.write(`${prefix}${error.message}\n`);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

const started = Date.now();
const state = new Map(); // id -> { ok, ms, count }

/** Runs the step `id` (unless its check finds it cannot) and records its result. */
async function run(id) {
  const step = steps[id];
  const t0 = Date.now();
  console.log(`\n=== ${step.title} (started at ${clock(t0 - started)}) ===`);
  const problem = step.check?.();
  if (problem) console.log(`${id.padEnd(width)} │ not run: ${problem}`);
  const ok = problem ? false : await execute(id, step);
  const ms = Date.now() - t0;
  const count = problem ? countCheck(false) : step.count(ok);
  state.set(id, { ok: ok && count.failed === 0, ms, count });
  console.log(`=== ${step.title}: ${ok ? 'passed' : 'FAILED'} in ${clock(ms)} ===`);
}

/** Runs the steps `ids` in order, at most `lanes` of them at a time. */
async function pool(ids, lanes) {
  const queue = [...ids];
  const lane = async () => {
    while (queue.length > 0) await run(queue.shift());
  };
  await Promise.all(Array.from({ length: Math.min(lanes, queue.length) }, lane));
}

function clock(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// The build first among the checks: everything after them reads it.
await pool(chosen(['build', 'types', 'lint', 'layers', 'layout']), cores);
await Promise.all([pool(chosen(['vitest']), 1), pool(chosen(['e2e', 'cluster']), 1)]);

const totals = { passed: 0, failed: 0, skipped: 0 };
console.log(`\n=== times (${cores} cores) ===`);
for (const id of order) {
  const { ok, ms, count } = state.get(id);
  for (const key of Object.keys(totals)) totals[key] += count[key];
  const tally = `${count.passed} passed, ${count.failed} failed${count.skipped ? `, ${count.skipped} skipped` : ''}`;
  console.log(
    `${clock(ms).padStart(6)}  ${ok ? 'ok    ' : 'FAILED'}  ${steps[id].title.padEnd(52)} ${tally}`,
  );
}
console.log(`${clock(Date.now() - started).padStart(6)}  total`);

// The failed tests by name, last, where a CI log's tail shows them.
// Only the reports of steps this run ran: another step's report may be left from an earlier run.
const failures = [
  ...(state.has('vitest') ? failedVitest(vitestJson) : []),
  ...(state.has('cluster') ? failedVitest(clusterJson) : []),
  ...(state.has('e2e') ? failedPlaywright() : []),
];
if (failures.length > 0) {
  console.log(`\n=== failed (${failures.length}) ===`);
  for (const name of failures.slice(0, 30)) console.log(`  ${name}`);
  if (failures.length > 30) console.log(`  … and ${failures.length - 30} more`);
}

fs.writeFileSync(path.join(results, 'totals.json'), JSON.stringify(totals));
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed === 0 && [...state.values()].every((s) => s.ok) ? 0 : 1);
