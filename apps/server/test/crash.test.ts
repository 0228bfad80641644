/**
 * Crash safety: the real server (src/main.ts in a child process) takes
 * concurrent writes over HTTP — sign-ups, enrolments, uploads, grades,
 * profile updates, course creation with covers — and is killed with SIGKILL
 * at a random moment, then restarted on the same data. After every crash:
 * the SQLite file passes `PRAGMA integrity_check` (and `foreign_key_check`);
 * every write that was answered 2xx is there (a ledger of acknowledged
 * writes); no homework row or cover lacks its file; and after the start-up
 * sweep no stored file lacks its row and no temporary file is left.
 *
 * CRASH_ROUNDS sets the rounds per database (1 by default, the short form
 * `npm test` runs: a restart costs several seconds of both cores; `npm run
 * test:crash` runs 100). On PostgreSQL (TEST_DATABASE_URL) each run gets a
 * database of its own, dropped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresUrl } from './backends.ts';
import { SAMPLE_PDF, SAMPLE_PNG } from './course-fixtures.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 1);
const SERVER_DIR = path.resolve(import.meta.dirname, '..');

// ---------------------------------------------------------------- the server process

interface Server {
  child: ChildProcess;
  url: string;
  output: string[];
}

async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT: 'off',
    UROK_DEMO: '0',
    TEACHER_AUTO_APPROVE: 'true',
    LOG_LEVEL: 'info',
    // One process on these uploads: its start-up sweep may remove every leftover of the crash.
    FILE_SWEEP_GRACE_MINUTES: '0',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output.join('')}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('')}`));
    });
  });
  // Keep draining the pipes so the server never blocks on a full one.
  return { child, url, output };
}

async function kill(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

// ---------------------------------------------------------------- the ledger of acknowledged writes

interface Ledger {
  users: Set<string>;
  /** `${userId} ${courseId}` */
  enrolments: Set<string>;
  homework: Set<string>;
  courses: Set<string>;
  /** homework id → the grade the server acknowledged */
  grades: Map<string, string>;
  /** user id → the bio acknowledged last, and those sent after it whose answers never came (cut off by a kill) */
  bios: Map<string, { acked: string; pending: string[] }>;
  acknowledged: number;
}

const newLedger = (): Ledger => ({
  users: new Set(),
  enrolments: new Set(),
  homework: new Set(),
  courses: new Set(),
  grades: new Map(),
  bios: new Map(),
  acknowledged: 0,
});

// ---------------------------------------------------------------- the HTTP workload

interface Client {
  token: string;
  userId: string;
  telephone: string;
}

let telephoneCounter = 0;
function telephone(): string {
  telephoneCounter += 1;
  return `+38063${String((process.pid * 7919 + telephoneCounter) % 10_000_000).padStart(7, '0')}`;
}

// JSON of several shapes, read field by field: `any` keeps the workload short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function call(
  url: string,
  init: RequestInit & { token?: string; json?: unknown },
): Promise<{ status: number; body: Json }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const response = await fetch(url, {
    ...init,
    headers,
    body,
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // A file or an empty body.
  }
  return { status: response.status, body: parsed };
}

function expectOk(result: { status: number; body: unknown }, what: string): void {
  if (result.status >= 500)
    throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
}

async function register(base: string, ledger: Ledger): Promise<Client> {
  const phone = telephone();
  const result = await call(`${base}/api/auth/register`, {
    method: 'POST',
    json: {
      username: 'Crash Student',
      email: 'crash@example.com',
      telephone: phone,
      password: 'Secret2024',
    },
  });
  expectOk(result, 'register');
  if (result.status !== 201)
    throw new Error(`register: ${result.status} ${JSON.stringify(result.body)}`);
  ledger.users.add(result.body.user._id);
  ledger.acknowledged += 1;
  return { token: result.body.token, userId: result.body.user._id, telephone: phone };
}

async function registerTeacher(base: string, ledger: Ledger): Promise<Client> {
  const phone = telephone();
  const application = await call(`${base}/api/applications/teachers`, {
    method: 'POST',
    json: {
      fullName: 'Crash Teacher',
      telephone: phone,
      email: 'teacher@example.com',
      subject: 'Фізика',
      experience: '',
      motivation: 'Перевіряю, що дані переживають аварію.',
    },
  });
  if (application.status !== 201)
    throw new Error(`application: ${application.status} ${JSON.stringify(application.body)}`);
  const result = await call(`${base}/api/auth/register`, {
    method: 'POST',
    json: {
      username: 'Crash Teacher',
      email: 'teacher@example.com',
      telephone: phone,
      password: 'Secret2024',
    },
  });
  if (result.status !== 201 || !result.body.user.isAdmin)
    throw new Error(`teacher register: ${result.status} ${JSON.stringify(result.body)}`);
  ledger.users.add(result.body.user._id);
  return { token: result.body.token, userId: result.body.user._id, telephone: phone };
}

async function createCourse(base: string, teacher: Client, ledger: Ledger): Promise<string> {
  const form = new FormData();
  form.set('title', `Курс ${randomBytes(3).toString('hex')}`);
  form.set('description', 'Курс, що переживає аварії сервера.');
  form.set('category', 'Надійність');
  form.set('homeworkTask', 'Завантажте файл.');
  form.set('cover', new Blob([SAMPLE_PNG], { type: 'image/png' }), 'cover.png');
  const result = await call(`${base}/api/courses`, {
    method: 'POST',
    token: teacher.token,
    body: form,
  });
  expectOk(result, 'create course');
  if (result.status !== 201)
    throw new Error(`create course: ${result.status} ${JSON.stringify(result.body)}`);
  ledger.courses.add(result.body.course._id);
  ledger.acknowledged += 1;
  return result.body.course._id;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function enrol(
  base: string,
  student: Client,
  courseId: string,
  ledger: Ledger,
): Promise<void> {
  const result = await call(`${base}/api/courses/${courseId}/enroll`, {
    method: 'POST',
    token: student.token,
  });
  expectOk(result, 'enrol');
  if (result.status === 200) {
    ledger.enrolments.add(`${student.userId} ${courseId}`);
    ledger.acknowledged += 1;
  }
}

async function upload(
  base: string,
  student: Client,
  courseId: string,
  ledger: Ledger,
): Promise<void> {
  const form = new FormData();
  form.set('courseId', courseId);
  form.set('comment', 'Моя робота');
  // Up to ~1 MB, so a kill often lands in the middle of an upload.
  const padding = Buffer.alloc(Math.floor(Math.random() * 1_000_000), 0x20);
  form.set('file', new Blob([SAMPLE_PDF, padding], { type: 'application/pdf' }), 'homework.pdf');
  const result = await call(`${base}/api/courses/upload-homework`, {
    method: 'POST',
    token: student.token,
    body: form,
  });
  expectOk(result, 'upload');
  if (result.status === 201) {
    ledger.homework.add(result.body.homework._id);
    ledger.acknowledged += 1;
  }
}

async function updateProfile(base: string, student: Client, ledger: Ledger): Promise<void> {
  const bio = `bio ${randomUUID()}`;
  const entry = ledger.bios.get(student.userId) ?? { acked: '', pending: [] };
  entry.pending.push(bio);
  ledger.bios.set(student.userId, entry);
  const result = await call(`${base}/api/auth/updateUser`, {
    method: 'PUT',
    token: student.token,
    json: {
      username: 'Crash Student',
      telephone: student.telephone,
      email: 'crash@example.com',
      bio,
    },
  });
  expectOk(result, 'profile update');
  if (result.status === 200) {
    ledger.bios.set(student.userId, { acked: bio, pending: [] });
    ledger.acknowledged += 1;
  }
}

/**
 * One student's writes at random: hand in homework, edit the profile, enrol, or sign up a new
 * student. One writer per student, so a profile has at most one update in flight at the kill.
 */
async function studentWriter(
  base: string,
  ledger: Ledger,
  student: Client,
  courses: string[],
  stopped: () => boolean,
): Promise<void> {
  while (!stopped()) {
    const dice = Math.random();
    const courseId = pick(courses);
    if (dice < 0.45) {
      await enrol(base, student, courseId, ledger);
      await upload(base, student, courseId, ledger);
    } else if (dice < 0.7) await updateProfile(base, student, ledger);
    else if (dice < 0.85) await enrol(base, student, courseId, ledger);
    else await register(base, ledger);
  }
}

/** The teacher grades what is ungraded and now and then opens a new course. */
async function teacherWriter(
  base: string,
  teacher: Client,
  ledger: Ledger,
  courses: string[],
  stopped: () => boolean,
): Promise<void> {
  while (!stopped()) {
    if (Math.random() < 0.15) courses.push(await createCourse(base, teacher, ledger));
    const courseId = pick(courses);
    const list = await call(`${base}/api/courses/${courseId}/userswithhw`, {
      method: 'GET',
      token: teacher.token,
    });
    expectOk(list, 'list homework');
    const ungraded = (list.body?.users ?? [])
      .flatMap((u: { homework: { _id: string; grade: string | null }[] }) => u.homework)
      .filter((h: { grade: string | null }) => h.grade === null);
    for (const homework of ungraded.slice(0, 5)) {
      if (stopped()) return;
      const grade = String(1 + Math.floor(Math.random() * 10));
      const result = await call(`${base}/api/homework/${homework._id}/grade`, {
        method: 'PUT',
        token: teacher.token,
        json: { grade, feedback: 'OK' },
      });
      expectOk(result, 'grade');
      if (result.status === 200) {
        ledger.grades.set(homework._id, grade);
        ledger.acknowledged += 1;
      }
    }
    if (ungraded.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs the writers until the kill; errors after it (connection reset) are expected, a 5xx before it is not. */
async function runUntilKilled(
  server: Server,
  work: (stopped: () => boolean) => Promise<void>[],
  killAfterMs: number,
): Promise<void> {
  let killed = false;
  const failures: unknown[] = [];
  const writers = work(() => killed).map((writer) =>
    writer.catch((error: unknown) => {
      if (!killed) failures.push(error);
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  killed = true;
  await kill(server);
  await Promise.all(writers);
  if (failures.length > 0) throw failures[0];
}

// ---------------------------------------------------------------- the checks

interface Rows {
  users: { id: string; bio: string }[];
  enrollments: { user_id: string; course_id: string }[];
  homework: { id: string; file_key: string; grade: string | null }[];
  courses: { id: string; cover_key: string | null }[];
}

const QUERIES = {
  users: 'select id, bio from users',
  enrollments: 'select user_id, course_id from enrollments',
  homework: 'select id, file_key, grade from homework',
  courses: 'select id, cover_key from courses',
};

interface Target {
  name: 'sqlite' | 'postgres';
  /** Per run: where the server's data lives. */
  setUp(): Promise<{ dataDir: string; databaseUrl?: string; tearDown(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'sqlite',
    async setUp() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-crash-'));
      return {
        dataDir,
        tearDown: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  ...(postgresUrl
    ? [
        {
          name: 'postgres' as const,
          async setUp() {
            const adminUrl = postgresUrl!;
            const name = `urok_crash_${randomUUID().replaceAll('-', '')}`;
            const admin = async (statement: string) => {
              const client = new pg.Client({ connectionString: adminUrl });
              await client.connect();
              try {
                await client.query(statement);
              } finally {
                await client.end();
              }
            };
            await admin(`CREATE DATABASE ${name}`);
            const url = new URL(adminUrl);
            url.pathname = `/${name}`;
            const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-crash-'));
            return {
              dataDir,
              databaseUrl: url.toString(),
              async tearDown() {
                await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
                fs.rmSync(dataDir, { recursive: true, force: true });
              },
            };
          },
        },
      ]
    : []),
];

async function readRows(dataDir: string, databaseUrl: string | undefined): Promise<Rows> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const rows = {} as Record<keyof Rows, unknown[]>;
      for (const [table, query] of Object.entries(QUERIES))
        rows[table as keyof Rows] = (await client.query(query)).rows;
      return rows as unknown as Rows;
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(path.join(dataDir, 'urok.db'), { readonly: true });
  try {
    const rows = {} as Record<keyof Rows, unknown[]>;
    for (const [table, query] of Object.entries(QUERIES))
      rows[table as keyof Rows] = db.prepare(query).all();
    return rows as unknown as Rows;
  } finally {
    db.close();
  }
}

/** The SQLite file as the crash left it (opening it replays the WAL, as the server will). */
function checkSqliteFile(dataDir: string): void {
  const db = new SQLite(path.join(dataDir, 'urok.db'));
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
  } finally {
    db.close();
  }
}

function checkLedger(ledger: Ledger, rows: Rows): void {
  const users = new Map(rows.users.map((u) => [u.id, u]));
  const enrolments = new Set(rows.enrollments.map((e) => `${e.user_id} ${e.course_id}`));
  const homework = new Map(rows.homework.map((h) => [h.id, h]));
  const courses = new Set(rows.courses.map((c) => c.id));
  for (const id of ledger.users) expect(users.has(id), `acknowledged user ${id}`).toBe(true);
  for (const key of ledger.enrolments)
    expect(enrolments.has(key), `acknowledged enrolment ${key}`).toBe(true);
  for (const id of ledger.homework)
    expect(homework.has(id), `acknowledged homework ${id}`).toBe(true);
  for (const id of ledger.courses) expect(courses.has(id), `acknowledged course ${id}`).toBe(true);
  for (const [id, grade] of ledger.grades)
    expect(homework.get(id)?.grade, `acknowledged grade of ${id}`).toBe(grade);
  for (const [id, { acked, pending }] of ledger.bios) {
    expect([acked, ...pending], `acknowledged bio of ${id}`).toContain(users.get(id)?.bio);
  }
}

function listDir(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** After the start-up sweep: every row's file is stored, every stored file has its row, nothing half-written remains. */
function checkFiles(dataDir: string, rows: Rows): void {
  const uploads = path.join(dataDir, 'uploads');
  const stored = new Set([
    ...listDir(path.join(uploads, 'homework')).map((name) => `homework/${name}`),
    ...listDir(path.join(uploads, 'covers')).map((name) => `covers/${name}`),
  ]);
  const referenced = new Set([
    ...rows.homework.map((h) => h.file_key),
    ...rows.courses.flatMap((c) => (c.cover_key ? [c.cover_key] : [])),
  ]);
  for (const key of referenced) expect(stored.has(key), `file of a row: ${key}`).toBe(true);
  for (const key of stored) expect(referenced.has(key), `row of a stored file: ${key}`).toBe(true);
  expect(listDir(path.join(uploads, '.tmp'))).toEqual([]);
}

// ---------------------------------------------------------------- the suite

describe.each(targets)('crash safety on $name', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it(
    `keeps every acknowledged write and every file through ${ROUNDS} SIGKILL${ROUNDS === 1 ? '' : 's'}`,
    async () => {
      const run = await target.setUp();
      cleanups.push(run.tearDown);
      const ledger = newLedger();
      let server = await startServer(run.dataDir, run.databaseUrl);
      cleanups.push(() => kill(server));
      const teacher = await registerTeacher(server.url, ledger);
      const courses = [
        await createCourse(server.url, teacher, ledger),
        await createCourse(server.url, teacher, ledger),
      ];
      const students: Client[] = [];
      for (let i = 0; i < 3; i++) students.push(await register(server.url, ledger));

      for (let round = 1; round <= ROUNDS; round++) {
        const base = server.url;
        const killAfterMs = 300 + Math.floor(Math.random() * 1700);
        await runUntilKilled(
          server,
          (stopped) => [
            ...students.map((student) => studentWriter(base, ledger, student, courses, stopped)),
            teacherWriter(base, teacher, ledger, courses, stopped),
          ],
          killAfterMs,
        );
        if (target.name === 'sqlite') checkSqliteFile(run.dataDir);

        server = await startServer(run.dataDir, run.databaseUrl);
        const rows = await readRows(run.dataDir, run.databaseUrl);
        checkLedger(ledger, rows);
        checkFiles(run.dataDir, rows);
        // The restarted server serves the data it kept.
        const health = await call(`${server.url}/api/health`, { method: 'GET' });
        expect(health.status).toBe(200);
      }
      await kill(server);
      // Enough acknowledged writes that the rounds tested something.
      expect(ledger.acknowledged).toBeGreaterThan(ROUNDS);
      if (process.env.CRASH_VERBOSE) {
        console.log(
          `${target.name}: ${ROUNDS} rounds, ${ledger.acknowledged} acknowledged writes (${ledger.users.size} users, ${ledger.enrolments.size} enrolments, ${ledger.homework.size} uploads, ${ledger.grades.size} grades, ${ledger.courses.size} courses)`,
        );
      }
    },
    60_000 + ROUNDS * 30_000,
  );
});
