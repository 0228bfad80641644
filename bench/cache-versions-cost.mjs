#!/usr/bin/env node
// What read-your-writes across processes costs the read cache: every use of
// a kept answer first reads the versions it depends on — tables, a course, a
// person (apps/server/src/db/cache-versions.ts). This times that read against the reads it saves, in one
// process, interleaved round by round, on a fresh SQLite file and (with
// DATABASE_URL) a fresh PostgreSQL schema of about a school's size. `node
// bench/cache-versions-cost.mjs [rounds]` prints a table of µs per call.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const server = (file) => import(pathToFileURL(path.join(root, 'apps/server/src', file)).href);
const { migrateToLatest, openDatabase } = await server('db/connection.ts');
const { compactVersionLog, readVersionsOf } = await server('db/cache-versions.ts');
const courses = await server('features/courses/courses.repository.ts');
const auth = await server('features/auth/auth.repository.ts');

const rounds = Number(process.argv[2] ?? 10);
const CALLS = 500;

/** 2,000 users, 200 courses, each user enrolled in five. */
async function fill(db) {
  const now = new Date().toISOString();
  const users = Array.from({ length: 2000 }, (_, i) => ({
    id: `u${String(i).padStart(5, '0')}`,
    username: `Учень ${i}`,
    telephone: `+38050${String(i).padStart(7, '0')}`,
    email: `u${i}@example.com`,
    bio: '',
    is_admin: i < 20 ? 1 : 0,
    password_hash: 'x',
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < users.length; i += 200)
    await db
      .insertInto('users')
      .values(users.slice(i, i + 200))
      .execute();
  const courseRows = Array.from({ length: 200 }, (_, i) => ({
    id: `c${String(i).padStart(5, '0')}`,
    author_id: users[i % 20].id,
    title: `Курс ${i}`,
    description: 'Опис курсу для вимірювання.',
    category: 'Математика',
    homework_task: '',
    homework_due_at: null,
    cover_key: null,
    search_text: `курс ${i}`,
    enrolled_count: 0,
    created_at: now,
    updated_at: now,
  }));
  await db.insertInto('courses').values(courseRows).execute();
  const enrollments = users.flatMap((user, u) =>
    Array.from({ length: 5 }, (_, k) => ({
      user_id: user.id,
      course_id: courseRows[(u + k * 37) % 200].id,
      created_at: now,
    })),
  );
  for (let i = 0; i < enrollments.length; i += 500)
    await db
      .insertInto('enrollments')
      .values(enrollments.slice(i, i + 500))
      .execute();
}

async function measure(label, db) {
  await fill(db);
  // As the server does once the log is long (lib/read-cache.ts): the fill's lines folded.
  await compactVersionLog(db);
  const reads = {
    'a course and a person (a typical check)': () =>
      readVersionsOf(db, ['course:c00010', 'user:u00100']),
    'ten courses, a person, two tables': () =>
      readVersionsOf(db, [
        'users',
        'courses',
        'user:u00100',
        ...Array.from({ length: 10 }, (_, i) => `course:c000${String(i).padStart(2, '0')}`),
      ]),
    'session by token hash': () => auth.findSessionWithUser(db, 'f'.repeat(64)),
    'catalog page (24)': () => courses.findCourses(db, { terms: [], limit: 25 }),
    'enrolled courses': () => courses.findEnrolledCourses(db, 'u00100'),
  };
  const spent = Object.fromEntries(Object.keys(reads).map((name) => [name, 0]));
  for (const read of Object.values(reads)) for (let i = 0; i < 50; i += 1) await read();
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, read] of Object.entries(reads)) {
      const started = performance.now();
      for (let i = 0; i < CALLS; i += 1) await read();
      spent[name] += performance.now() - started;
    }
  }
  console.log(`\n${label}`);
  for (const [name, ms] of Object.entries(spent)) {
    console.log(`  ${name.padEnd(46)} ${((ms * 1000) / (rounds * CALLS)).toFixed(1)} µs`);
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-bench-versions-'));
const sqlite = openDatabase({ sqlitePath: path.join(dir, 'urok.db') }).db;
await migrateToLatest(sqlite);
await measure('SQLite (one process, in memory pages)', sqlite);
await sqlite.destroy();
fs.rmSync(dir, { recursive: true, force: true });

if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const schema = `bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const db = openDatabase({ url: process.env.DATABASE_URL, schema, sqlitePath: '' }).db;
    await migrateToLatest(db, { schema });
    await measure('PostgreSQL (loopback, one connection at a time)', db);
    await db.destroy();
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
