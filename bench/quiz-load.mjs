#!/usr/bin/env node
// A class taking a quiz at once, against one server process: 500 students
// with open attempts each save an answer every 10 s (their first at a random
// moment of the first 10 s); halfway through 35 more students submit within
// the same second (each at a random moment of it), and at three quarters 35
// others submit in one instant (the worst case, reported beside it). Reports
// the latency of the saves and of the submits (p50, p99, worst) and any
// failure; the target is p99 ≤ 100 ms for the saves and the submits.
//
// The fixture is the bench seed at a small scale (bench/seed.mjs, 5,000
// users with known session tokens) in a new data directory; the course, the
// 10 questions of several kinds, the published quiz and the attempts are made
// through the API, as a teacher and students would (35 more attempts submit alone
// after the load, to measure what a submit costs the server's CPU). `npm run bench`
// runs it (BENCH_ONLY=quiz alone); `node bench/quiz-load.mjs` prints the JSON.
//   QUIZ_LOAD_SECONDS=20   how long the saves go on (the submits come at half)
//   DATABASE_URL=…         PostgreSQL instead of SQLite (a database <name>_quizbench)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startProductServer, stopProductServer } from './product-server.mjs';
import { seed } from './seed.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const QUIZ_LOAD = {
  open: 500,
  submitters: 35,
  saveEverySeconds: 10,
  seconds: Number(process.env.QUIZ_LOAD_SECONDS ?? 20),
  targetP99Ms: 100,
  scale: 0.05,
};

/** A PostgreSQL database of its own beside DATABASE_URL's, new for each run. */
async function freshPostgres(databaseUrl) {
  const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1) || 'postgres'}_quizbench`.replace(/[^a-z0-9_]/gi, '_');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.href;
}

function api(base) {
  return async (method, route, token, body) => {
    const response = await fetch(base + route, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
}

const paragraph = (text) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** Ten questions of the kinds a class answers by clicking and typing. */
const QUESTIONS = Array.from({ length: 10 }, (_, i) => {
  const text = paragraph(`Питання ${i + 1}: оберіть або введіть відповідь.`);
  switch (i % 4) {
    case 0:
      return {
        kind: 'single',
        text,
        options: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Варіант ${id}` })),
        correct: ['b'],
      };
    case 1:
      return { kind: 'truefalse', text, correct: i % 3 === 0 };
    case 2:
      return { kind: 'numeric', text, value: 9.81, tolerance: 0.05 };
    default:
      return { kind: 'short', text, accepted: ['Шевченко', 'Тарас Шевченко'] };
  }
});

/** An answer of the question's kind, different each time a student changes their mind. */
function answerFor(question, turn) {
  switch (question.kind) {
    case 'single':
      return { optionId: question.options[turn % question.options.length].id };
    case 'truefalse':
      return { value: turn % 2 === 0 };
    case 'numeric':
      return { value: 9.8 + (turn % 5) / 100 };
    default:
      return { text: turn % 2 === 0 ? 'Шевченко' : `Франко ${turn}` };
  }
}

/** CPU seconds the server process has used so far, from /proc (1/100 s ticks). */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime
}

function summary(latencies, failures) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, failures, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/** Runs the load on a server started with `env`, on the fixture `manifest` describes. */
async function loadOn(env, manifest) {
  const server = await startProductServer({ env: { WEB_CONCURRENCY: '1', ...env } });
  try {
    const call = api(`${server.base}/`);
    const teacher = manifest.teacher.token;
    const courseId = manifest.bigCourseId;
    // Students with a known session, not the course's author: the bench seed signs in every fourth account.
    const tokens = [];
    for (let u = 0; tokens.length < QUIZ_LOAD.open + 3 * QUIZ_LOAD.submitters; u += 4) {
      if (u >= manifest.counts.courses / 10) tokens.push(`bench-session-${u}`);
    }
    await Promise.all(tokens.map((token) => call('POST', `courses/${courseId}/enroll`, token)));
    const created = [];
    for (const question of QUESTIONS)
      created.push(
        (await call('POST', `courses/${courseId}/questions`, teacher, question)).question,
      );
    const outline = await call('GET', `courses/${courseId}/outline`, teacher);
    const { quiz } = await call('POST', `courses/${courseId}/quizzes`, teacher, {
      sectionId: outline.sections[0]._id,
      title: 'Контрольна робота',
      published: true,
      timeLimitMinutes: 45,
      shuffleQuestions: true,
      slots: created.map((question) => ({ questionId: question._id })),
    });
    const attempts = [];
    for (let i = 0; i < tokens.length; i += 50)
      attempts.push(
        ...(await Promise.all(
          tokens.slice(i, i + 50).map(async (token) => ({
            token,
            attempt: (await call('POST', `quizzes/${quiz._id}/attempts`, token)).attempt,
          })),
        )),
      );
    const savers = attempts.slice(0, QUIZ_LOAD.open);
    const S = QUIZ_LOAD.submitters;
    // One class submits at moments spread over one second (the goal's case), another all in one
    // instant (the worst case: every submit queued behind the others on one process).
    const submitters = attempts.slice(QUIZ_LOAD.open, QUIZ_LOAD.open + S);
    const instantSubmitters = attempts.slice(QUIZ_LOAD.open + S, QUIZ_LOAD.open + 2 * S);
    // As many again submit once the load is over, alone: what a submit costs the server's CPU.
    const quietSubmitters = attempts.slice(QUIZ_LOAD.open + 2 * S);
    // The submitters answered everything before: their submits grade ten answers each.
    await Promise.all(
      [...submitters, ...instantSubmitters, ...quietSubmitters].flatMap(({ token, attempt }) =>
        attempt.questions.map((question) =>
          call('PUT', `attempts/${attempt._id}/answers/${question.slot}`, token, {
            answer: answerFor(question, 0),
          }),
        ),
      ),
    );

    const timed = async (method, route, token, body, into) => {
      const start = performance.now();
      try {
        await call(method, route, token, body);
        into.latencies.push(performance.now() - start);
      } catch {
        into.failures += 1;
      }
    };
    const saves = { latencies: [], failures: 0 };
    const submits = { latencies: [], failures: 0 };
    const instantSubmits = { latencies: [], failures: 0 };
    const period = QUIZ_LOAD.saveEverySeconds * 1000;
    const end = Date.now() + QUIZ_LOAD.seconds * 1000;
    const work = [];
    const pid = server.child.pid;
    const cpu = { start: cpuSeconds(pid) };
    for (const [index, { token, attempt }] of savers.entries()) {
      const offset = (index / savers.length) * period + Math.random() * (period / savers.length);
      work.push(
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, offset));
          for (let turn = 1; Date.now() < end; turn += 1) {
            const question = attempt.questions[turn % attempt.questions.length];
            const next = Date.now() + period;
            await timed(
              'PUT',
              `attempts/${attempt._id}/answers/${question.slot}`,
              token,
              { answer: answerFor(question, turn) },
              saves,
            );
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
          }
        })(),
      );
    }
    work.push(
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, (QUIZ_LOAD.seconds * 1000) / 2));
        cpu.beforeSubmits = cpuSeconds(pid);
        cpu.savesBeforeSubmits = saves.latencies.length + saves.failures;
        await Promise.all(
          submitters.map(async ({ token, attempt }) => {
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
            await timed('POST', `attempts/${attempt._id}/submit`, token, undefined, submits);
          }),
        );
      })(),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, (QUIZ_LOAD.seconds * 1000 * 3) / 4));
        await Promise.all(
          instantSubmitters.map(({ token, attempt }) =>
            timed('POST', `attempts/${attempt._id}/submit`, token, undefined, instantSubmits),
          ),
        );
      })(),
    );
    await Promise.all(work);
    const quiet = { latencies: [], failures: 0 };
    const beforeQuiet = cpuSeconds(pid);
    await Promise.all(
      quietSubmitters.map(({ token, attempt }) =>
        timed('POST', `attempts/${attempt._id}/submit`, token, undefined, quiet),
      ),
    );
    // The server's CPU per request, whatever else the machine runs: a save's over the first half
    // (saves alone), a submit's over the burst after the load (submits alone).
    const perSave = (cpu.beforeSubmits - cpu.start) / Math.max(1, cpu.savesBeforeSubmits);
    const perSubmit = (cpuSeconds(pid) - beforeQuiet) / QUIZ_LOAD.submitters;
    if (quiet.failures > 0) throw new Error(`${quiet.failures} of the quiet submits failed`);
    return {
      saves: { ...summary(saves.latencies, saves.failures), cpuMs: perSave * 1000 },
      submits: { ...summary(submits.latencies, submits.failures), cpuMs: perSubmit * 1000 },
      submitsAtOnce: summary(instantSubmits.latencies, instantSubmits.failures),
      loadAverage: os.loadavg(),
    };
  } finally {
    await stopProductServer(server);
  }
}

/** The quiz load on SQLite, and on PostgreSQL when DATABASE_URL is set. */
export async function benchQuizLoad({ log = () => {} } = {}) {
  const out = {};
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-quizbench-'));
  try {
    const manifest = await seed({ dataDir: sqliteDir, scale: QUIZ_LOAD.scale, log });
    out.sqlite = await loadOn({ DATA_DIR: sqliteDir, DATABASE_URL: '' }, manifest);
  } finally {
    fs.rmSync(sqliteDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const databaseUrl = await freshPostgres(process.env.DATABASE_URL);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-quizbench-'));
    try {
      const manifest = await seed({ dataDir, databaseUrl, scale: QUIZ_LOAD.scale, log });
      out.postgres = await loadOn({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, manifest);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { ...QUIZ_LOAD, ...out };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(JSON.stringify(await benchQuizLoad({ log: (line) => console.error(line) })));
