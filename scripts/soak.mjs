#!/usr/bin/env node
// `npm run soak`: a bounded load-and-soak run against the real server.
//
// Starts the server (src/main.ts, its own temporary DATA_DIR, loopback only,
// rate limits ON) and, from a second process, drives a mixed workload —
// catalog reads, cover downloads, sign-ins, enrolments, homework uploads,
// grading — for SOAK_SECONDS (default 300). Each virtual client has an
// address of its own (X-Forwarded-For, TRUST_PROXY=1) and keeps inside
// the per-user limits, so the only 429s are intended: one client keeps
// guessing a password from one address and must be throttled (its failures are
// answered more and more slowly, then refused: 429s start after about 45 s),
// while the student it guesses at keeps signing in from their own address.
// The guesser's answers are late on purpose: they are left out of the latencies.
//
// Prints requests served, errors (anything but the expected answers;
// must be 0), intended 429s, latency percentiles, and the server's resident
// memory (VmRSS) after warm-up vs at the end (growth must stay ≤ 15%).
// Exits non-zero when a goal fails. Knobs: SOAK_SECONDS, SOAK_CONCURRENCY
// (16), SOAK_MAX_RSS_GROWTH (0.15), SOAK_P99_MS (unset: p99 is reported,
// not judged — it depends on the machine; set it to make it a goal).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 16);
const P99_GOAL_MS = process.env.SOAK_P99_MS ? Number(process.env.SOAK_P99_MS) : undefined;
const MAX_RSS_GROWTH = Number(process.env.SOAK_MAX_RSS_GROWTH ?? 0.15);

if (process.argv[2] === '--load') {
  await runLoad(process.argv[3], Number(process.argv[4]));
} else {
  process.exitCode = await main();
}

// ------------------------------------------------------------------ the conductor (first process)

async function main() {
  if (!(SECONDS > 0)) {
    console.error('SOAK_SECONDS must be a positive number');
    return 2;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-soak-'));
  const server = spawn(
    process.execPath,
    ['--require', './threadpool.cjs', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: path.join(root, 'apps/server'),
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        UROK_DEMO: '0',
        RATE_LIMIT: 'on',
        TRUST_PROXY: '1', // the load process is the one proxy in front
        TEACHER_AUTO_APPROVE: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const cleanup = () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(
        () => reject(new Error(`the server did not start:\n${out}`)),
        120_000,
      );
      server.stdout.on('data', (chunk) => {
        out += chunk;
        const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve(match[0]);
        }
      });
      server.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
    });
    server.stdout.resume();
    console.log(
      `soak: server ${url} (pid ${server.pid}, data ${dataDir}); ${SECONDS} s, ${CONCURRENCY} concurrent clients`,
    );

    // Resident memory, sampled each second while the load runs.
    const samples = [];
    const started = performance.now();
    const sampler = setInterval(() => {
      const rss = readRssKb(server.pid);
      if (rss) samples.push({ at: (performance.now() - started) / 1000, rss });
    }, 1000);

    const load = spawn(process.execPath, [import.meta.filename, '--load', url, String(SECONDS)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let loadOut = '';
    load.stdout.on('data', (chunk) => (loadOut += chunk));
    const loadCode = await new Promise((resolve) => load.once('exit', resolve));
    clearInterval(sampler);
    if (loadCode !== 0) {
      console.error(`soak: the load process failed (${loadCode})`);
      return 1;
    }
    const result = JSON.parse(loadOut.trim().split('\n').pop());

    // Warm-up: the first fifth of the run, at least 20 s, after the setup (the heap grows to its working size
    // in the first minute, then stays flat: a one-minute run is a rough check, the default five minutes the
    // real one). Medians of 5 samples smooth out garbage collection.
    const warmUpAt = result.setupSeconds + Math.max(20, SECONDS / 5);
    const median = (list) =>
      list.map((s) => s.rss).sort((a, b) => a - b)[Math.floor(list.length / 2)];
    const warm = samples.filter((s) => s.at >= warmUpAt).slice(0, 5);
    const end = samples.slice(-5);
    const rssWarm = warm.length > 0 ? median(warm) : undefined;
    const rssEnd = median(end);
    const growth = rssWarm ? (rssEnd - rssWarm) / rssWarm : NaN;

    const goals = [
      { name: 'errors other than intended 429s', ok: result.errors === 0, value: result.errors },
      {
        name: 'intended 429s seen (the throttle works)',
        ok: result.intended429 > 0,
        value: result.intended429,
      },
      ...(P99_GOAL_MS === undefined
        ? []
        : [
            {
              name: `p99 ≤ ${P99_GOAL_MS} ms`,
              ok: result.p99 <= P99_GOAL_MS,
              value: `${result.p99.toFixed(1)} ms`,
            },
          ]),
      {
        name: `RSS growth after warm-up ≤ ${(MAX_RSS_GROWTH * 100).toFixed(0)}%`,
        ok: Number.isFinite(growth) && growth <= MAX_RSS_GROWTH,
        value: `${mb(rssWarm)} → ${mb(rssEnd)} (${(growth * 100).toFixed(1)}%)`,
      },
    ];
    console.log('');
    console.log(
      `requests served     ${result.requests} in ${result.seconds.toFixed(1)} s (${(result.requests / result.seconds).toFixed(0)}/s)`,
    );
    console.log(
      `by kind             ${Object.entries(result.byKind)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    console.log(
      `by status           ${Object.entries(result.byStatus)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')}`,
    );
    console.log(`intended 429s       ${result.intended429}`);
    console.log(
      `errors              ${result.errors}${result.errorSamples.length ? `  e.g. ${result.errorSamples.join(' | ')}` : ''}`,
    );
    console.log(
      `latency             p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms`,
    );
    const series = samples
      .filter((_, i) => i % 10 === 0)
      .map((s) => `${s.at.toFixed(0)}s ${mb(s.rss)}`);
    console.log(`server RSS series   ${series.join(', ')}`);
    console.log(
      `server RSS          after warm-up (${warmUpAt.toFixed(0)} s) ${mb(rssWarm)}, at the end ${mb(rssEnd)}, growth ${(growth * 100).toFixed(1)}%`,
    );
    console.log('');
    for (const goal of goals)
      console.log(`${goal.ok ? 'PASS' : 'FAIL'}  ${goal.name}: ${goal.value}`);
    return goals.every((g) => g.ok) ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    cleanup();
  }
}

function readRssKb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function mb(kb) {
  return kb === undefined ? '?' : `${(kb / 1024).toFixed(1)} MB`;
}

// ------------------------------------------------------------------ the load (second process)

async function runLoad(base, seconds) {
  const setupStart = performance.now();
  const stats = {
    requests: 0,
    byStatus: {},
    byKind: {},
    errors: 0,
    errorSamples: [],
    intended429: 0,
    latencies: [],
  };
  let nextAddress = 1;
  const address = () => {
    const n = nextAddress++;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
  let phoneCounter = 0;
  const telephone = () =>
    `+38066${String((process.pid * 131 + ++phoneCounter) % 10_000_000).padStart(7, '0')}`;
  const PDF = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5d2a4c20000000049454e44ae426082',
    'hex',
  );

  /** One request; `expected` lists the statuses that are not errors. */
  async function request(kind, client, method, url, { json, form, token, expected = [200] } = {}) {
    const headers = { 'x-forwarded-for': client.ip };
    if (token) headers.authorization = `Bearer ${token}`;
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) body = form;
    const start = performance.now();
    let status = 0;
    let data;
    try {
      const response = await fetch(base + url, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      const text = await response.text();
      data =
        response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
    } catch (error) {
      data = String(error?.cause?.code ?? error);
    }
    // The guesser's failures wait on purpose (the sign-in throttle): not the server's latency.
    if (kind !== 'guessing') stats.latencies.push(performance.now() - start);
    stats.requests += 1;
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
    stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1;
    if (!expected.includes(status)) {
      stats.errors += 1;
      if (stats.errorSamples.length < 5)
        stats.errorSamples.push(
          `${kind} ${method} ${url} → ${status} ${JSON.stringify(data).slice(0, 120)}`,
        );
    }
    return { status, data };
  }

  // Client-side budgets under the server's limits (lib/rate-limiter.ts), counted in windows a little longer than its own.
  const budget = (limit, windowSeconds) => ({
    limit,
    windowMs: (windowSeconds + 30) * 1000,
    used: 0,
    since: performance.now(),
  });
  const take = (b) => {
    if (performance.now() - b.since > b.windowMs) {
      b.used = 0;
      b.since = performance.now();
    }
    if (b.used >= b.limit) return false;
    b.used += 1;
    return true;
  };

  // ---- setup: teachers with courses, students enrolled
  const teachers = [];
  const courses = [];
  for (let i = 0; i < 3; i++) {
    const t = { ip: address(), telephone: telephone(), grading: false };
    const apply = await request('setup', t, 'POST', '/api/applications/teachers', {
      json: {
        fullName: `Soak Teacher ${i}`,
        telephone: t.telephone,
        email: 't@example.com',
        subject: 'Фізика',
        experience: '',
        motivation: 'Навантажувальний тест сервера.',
      },
      expected: [201],
    });
    const reg = await request('setup', t, 'POST', '/api/auth/register', {
      json: {
        username: `Soak Teacher ${i}`,
        email: 't@example.com',
        telephone: t.telephone,
        password: 'Secret2024',
      },
      expected: [201],
    });
    if (apply.status !== 201 || reg.status !== 201)
      throw new Error(`setup failed: ${JSON.stringify(reg.data)}`);
    t.token = reg.data.token;
    t.courses = [];
    for (let c = 0; c < 4; c++) {
      const form = new FormData();
      form.set('title', `Курс навантаження ${i}-${c}`);
      form.set('description', 'Курс для перевірки сервера під навантаженням.');
      form.set('category', ['Фізика', 'Історія', 'Мови'][c % 3]);
      form.set('homeworkTask', 'Завантажте PDF.');
      form.set('cover', new Blob([PNG], { type: 'image/png' }), 'cover.png');
      const created = await request('setup', t, 'POST', '/api/courses', {
        form,
        token: t.token,
        expected: [201],
      });
      if (created.status !== 201) throw new Error(`setup failed: ${JSON.stringify(created.data)}`);
      t.courses.push(created.data.course._id);
      courses.push(created.data.course);
    }
    teachers.push(t);
  }
  const students = [];
  for (let i = 0; i < 30; i++) {
    const s = {
      ip: address(),
      telephone: telephone(),
      logins: budget(5, 15 * 60),
      uploads: budget(14, 10 * 60),
      // Inside the enrolment limit (60 per 10 minutes per account).
      enrolments: budget(55, 10 * 60),
      enrolled: [],
    };
    const reg = await request('setup', s, 'POST', '/api/auth/register', {
      json: {
        username: `Soak Student ${i}`,
        email: 's@example.com',
        telephone: s.telephone,
        password: 'Secret2024',
      },
      expected: [201],
    });
    if (reg.status !== 201) throw new Error(`setup failed: ${JSON.stringify(reg.data)}`);
    s.token = reg.data.token;
    students.push(s);
  }
  const setupSeconds = (performance.now() - setupStart) / 1000;
  // Only the workload counts from here (a failed setup has thrown already).
  Object.assign(stats, { requests: 0, byStatus: {}, byKind: {}, latencies: [] });

  // ---- the mixed workload
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const deadline = performance.now() + seconds * 1000;
  const reader = { ip: address() };

  const actions = [
    [
      50,
      async () => {
        const q =
          Math.random() < 0.3
            ? `&q=${encodeURIComponent(pick(['фізика', 'курс', 'історія', 'xyz']))}`
            : '';
        await request('catalog', reader, 'GET', `/api/courses?limit=24${q}`);
      },
    ],
    [
      15,
      async () => {
        const course = pick(courses);
        await request('catalog', reader, 'GET', `/api/courses/${course._id}`);
        if (Math.random() < 0.5) await request('cover', reader, 'GET', course.coverUrl);
      },
    ],
    [
      8,
      async () => {
        const s = pick(students);
        if (!take(s.logins)) return;
        const r = await request('sign-in', s, 'POST', '/api/auth/login', {
          json: { telephone: s.telephone, password: 'Secret2024' },
        });
        if (r.status === 200) s.token = r.data.token;
      },
    ],
    [
      10,
      async () => {
        const s = pick(students);
        const course = pick(courses);
        if (!take(s.enrolments)) return;
        await request('enrol', s, 'POST', `/api/courses/${course._id}/enroll`, { token: s.token });
        if (!s.enrolled.includes(course._id)) s.enrolled.push(course._id);
        await request(
          'enrol',
          s,
          'GET',
          `/api/user/${encodeURIComponent(await userId(s))}/courses`,
          { token: s.token },
        );
      },
    ],
    [
      10,
      async () => {
        const s = pick(students);
        if (s.enrolled.length === 0 || !take(s.uploads)) return;
        const form = new FormData();
        form.set('courseId', pick(s.enrolled));
        form.set('comment', 'Домашнє завдання');
        form.set(
          'file',
          new Blob([PDF, Buffer.alloc(10_000 + Math.floor(Math.random() * 90_000), 0x20)], {
            type: 'application/pdf',
          }),
          'homework.pdf',
        );
        await request('upload', s, 'POST', '/api/courses/upload-homework', {
          form,
          token: s.token,
          expected: [201],
        });
      },
    ],
    [
      7,
      async () => {
        const t = pick(teachers);
        // One grader per teacher at a time: two grading the same submission would rightly get a 409.
        if (t.grading) return;
        t.grading = true;
        try {
          const courseId = pick(t.courses);
          const list = await request('grading', t, 'GET', `/api/courses/${courseId}/userswithhw`, {
            token: t.token,
          });
          const ungraded = (list.data?.users ?? [])
            .flatMap((u) => u.homework)
            .filter((h) => h.grade === null);
          if (ungraded.length > 0) {
            await request('grading', t, 'PUT', `/api/homework/${pick(ungraded)._id}/grade`, {
              json: { grade: String(1 + Math.floor(Math.random() * 12)), feedback: 'Добре' },
              token: t.token,
            });
          } else {
            await request('grading', t, 'GET', `/api/courses/${courseId}/grades.csv`, {
              token: t.token,
            });
          }
        } finally {
          t.grading = false;
        }
      },
    ],
  ];
  const totalWeight = actions.reduce((sum, [w]) => sum + w, 0);
  const userIds = new Map();
  async function userId(s) {
    if (!userIds.has(s)) {
      const me = await request('enrol', s, 'POST', '/api/auth/getUser', { token: s.token });
      userIds.set(s, me.data?.user?._id ?? 'unknown');
    }
    return userIds.get(s);
  }

  async function worker() {
    while (performance.now() < deadline) {
      let roll = Math.random() * totalWeight;
      for (const [weight, action] of actions) {
        roll -= weight;
        if (roll < 0) {
          await action();
          break;
        }
      }
    }
  }

  // The intended 429s: someone guessing one student's password, twice a second from one address.
  // That student stays in the sign-in mix: from their own address they are never refused.
  async function guesser() {
    const g = { ip: address() };
    const victim = students[0];
    while (performance.now() < deadline) {
      const r = await request('guessing', g, 'POST', '/api/auth/login', {
        json: { telephone: victim.telephone, password: `Guess${randomBytes(3).toString('hex')}` },
        expected: [401, 429],
      });
      if (r.status === 429) stats.intended429 += 1;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  const loadStart = performance.now();
  await Promise.all([...Array.from({ length: CONCURRENCY }, worker), guesser()]);
  const loadSeconds = (performance.now() - loadStart) / 1000;

  const sorted = stats.latencies.sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const { latencies: _, ...rest } = stats;
  console.log(
    JSON.stringify({
      ...rest,
      seconds: loadSeconds,
      setupSeconds,
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
      max: sorted.at(-1) ?? 0,
    }),
  );
}
