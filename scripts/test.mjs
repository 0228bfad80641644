#!/usr/bin/env node
// `npm test`: every suite in order — the static checks (types, lint, layout),
// the web build (the bundle-budget test and the end-to-end suite read it),
// unit and API tests (Vitest; the API suite runs on SQLite, and on PostgreSQL
// too when TEST_DATABASE_URL is set), the server suite again with files on S3
// (s3rver on loopback), the deployment behind nginx (test:cluster), then the
// end-to-end journeys in Chromium
// (Playwright). Every suite runs even when an earlier one fails; the last
// line is the totals, and the exit code is non-zero on any failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

const vitestJson = path.join(results, 'vitest.json');
const playwrightJson = path.join(results, 'playwright.json');

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

// 0. Static checks: types (Vitest strips them without checking), lint and layout. Each counts once.
for (const [title, args] of [
  ['types (tsc, every workspace)', ['run', 'typecheck', '--silent']],
  ['lint (ESLint)', ['run', 'lint', '--silent']],
  ['layout (Prettier)', ['exec', '--', 'prettier', '--check', '--log-level=warn', '.']],
]) {
  const checkOk = run(title, 'npm', args);
  if (checkOk) totals.passed += 1;
  else totals.failed += 1;
  ok &&= checkOk;
}

// 1. The web build.
const buildOk = run('web build', 'npm', ['run', 'build', '--silent', '-w', 'apps/web']);
if (buildOk) totals.passed += 1;
else totals.failed += 1;
ok &&= buildOk;

/** Adds a Vitest run's JSON report to the totals; a run that failed without a failed test counts once. */
function countVitest(runOk, report) {
  const failedBefore = totals.failed;
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    // A suite file that failed to load has no tests to count: count it once.
    const brokenFiles = report.testResults.filter(
      (f) => f.status === 'failed' && f.assertionResults.length === 0,
    );
    totals.failed += brokenFiles.length;
  }
  if (!runOk && totals.failed === failedBefore) totals.failed += 1;
  ok &&= runOk;
}

// 2. Unit and API tests.
fs.rmSync(vitestJson, { force: true });
const vitestOk = run('unit and API tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
countVitest(vitestOk, readJson(vitestJson));

// 2b. The whole server suite once more with files in an object store: s3rver, started by the
// tests on loopback (STORAGE_URL=s3://…). SQLite only: the database does not change what storage
// does, and this keeps the step short.
const s3Json = path.join(results, 'vitest-s3.json');
fs.rmSync(s3Json, { force: true });
const s3Ok = run(
  'API tests on object storage (Vitest, S3 on s3rver)',
  'npx',
  [
    'vitest',
    'run',
    '--project=@urok/server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${s3Json}`,
  ],
  { TEST_STORAGE: 's3', TEST_DATABASE_URL: '' },
);
countVitest(s3Ok, readJson(s3Json));

// 2c. The deployment of deploy/: two server processes behind nginx on PostgreSQL, Redis and S3
// (`npm run test:cluster`; skipped, and saying so, on a machine without nginx or Redis).
const clusterJson = path.join(results, 'vitest-cluster.json');
fs.rmSync(clusterJson, { force: true });
const clusterOk = run('the deployment behind nginx (npm run test:cluster)', 'npx', [
  'vitest',
  'run',
  '--config',
  'apps/server/test/cluster/vitest.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${clusterJson}`,
]);
countVitest(clusterOk, readJson(clusterJson));

// 3. End-to-end journeys.
if (buildOk) {
  fs.rmSync(playwrightJson, { force: true });
  const e2eOk = run(
    'end-to-end journeys (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    },
  );
  const pw = readJson(playwrightJson);
  if (pw?.stats) {
    totals.passed += pw.stats.expected + pw.stats.flaky;
    totals.failed += pw.stats.unexpected;
    totals.skipped += pw.stats.skipped;
  }
  if (!e2eOk && (!pw?.stats || pw.stats.unexpected === 0)) totals.failed += 1;
  ok &&= e2eOk;
}

fs.writeFileSync(path.join(results, 'totals.json'), JSON.stringify(totals));
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(ok && totals.failed === 0 ? 0 : 1);
