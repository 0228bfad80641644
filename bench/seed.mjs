#!/usr/bin/env node
// `npm run bench:seed [-- --data-dir DIR] [--scale 0.1]`: the scale fixture —
// 100,000 users, 10,000 courses, 500,000 enrolments, 200,000 submissions —
// into bench/data/sqlite/urok.db (the fixture `npm run bench` reads; replaced
// when it exists), --data-dir DIR (or $DATA_DIR) or DATABASE_URL (PostgreSQL). Rows go in by
// batch inside transactions with prepared statements; every account shares
// ONE precomputed password hash. Submissions' files are NOT written to disk:
// the fixture serves read benchmarks (listing who submitted), not downloads.
// The big course gets sections and lessons too (seedContent, below), one
// lesson with a 50 MB video whose bytes writeBenchVideo puts in a DATA_DIR.
// Writes seed.json beside the database: ids, tokens and credentials the
// benchmark uses.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
register();
const server = (file) => import(pathToFileURL(path.join(root, 'apps/server/src', file)).href);
const { migrateToLatest, openDatabase } = await server('db/connection.ts');
const { compactVersionLog } = await server('db/cache-versions.ts');
const { hashPassword } = await server('lib/passwords.ts');
const { createTimeOrderedId, createStorageName } = await server('lib/ids.ts');
const { buildSearchText } = await server('lib/search-text.ts');
const { textToDocument } = await import(
  pathToFileURL(path.join(root, 'packages/contract/src/assignments.ts')).href
);

export const BENCH_PASSWORD = 'Bench2024';
/** Words course titles are made of, so `?q=` finds some courses and not others. */
const SUBJECTS = [
  'математика',
  'фізика',
  'історія',
  'англійська',
  'python',
  'дизайн',
  'хімія',
  'біологія',
  'географія',
  'література',
  'javascript',
  'економіка',
];
const LEVELS = ['вступ до', 'основи', 'практикум з', 'поглиблений курс', 'інтенсив', 'олімпіадна'];
const CATEGORIES = [
  'Математика',
  'Природничі науки',
  'Мови',
  'Програмування',
  'Мистецтво',
  'Суспільні науки',
];

/** Deterministic pseudo-random numbers (mulberry32), so every run builds the same shape. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** Builds every row in memory (a few hundred MB at full scale), then hands them to the writer by table. */
async function buildRows(scale) {
  const rnd = random(42);
  const count = (n) => Math.max(1, Math.round(n * scale));
  const nUsers = count(100_000);
  const nCourses = count(10_000);
  const nEnrollments = count(500_000);
  const nHomework = count(200_000);
  const nTeachers = Math.max(1, Math.round(nCourses / 10));
  const bigCourseStudents = Math.min(1000, nUsers - nTeachers);

  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const start = Date.UTC(2025, 0, 1);
  const iso = (ms) => new Date(ms).toISOString();

  const users = [];
  for (let i = 0; i < nUsers; i += 1) {
    const ms = start + i * 1000;
    const id = createTimeOrderedId(ms);
    const teacher = i < nTeachers;
    users.push([
      id,
      `${teacher ? 'Викладач' : 'Студент'} ${i}`,
      `+38050${String(i).padStart(7, '0')}`,
      `user${i}@bench.example`,
      '',
      teacher ? 1 : 0,
      passwordHash,
      iso(ms),
      iso(ms),
    ]);
  }

  const courses = [];
  const enrolledCount = new Array(nCourses).fill(0);
  for (let i = 0; i < nCourses; i += 1) {
    const ms = start + 200_000_000 + i * 60_000;
    const subject = SUBJECTS[i % SUBJECTS.length];
    const title = `${LEVELS[Math.floor(rnd() * LEVELS.length)]} ${subject} ${i}`;
    const description = `Курс №${i}: ${subject}, домашні завдання щотижня, перевірка викладачем.`;
    const category = CATEGORIES[i % CATEGORIES.length];
    courses.push({
      id: createTimeOrderedId(ms),
      author: users[i % nTeachers][0],
      title,
      description,
      category,
      ms,
    });
  }

  // The big course: the newest one, with 1,000 enrolled students who each submitted.
  const bigIndex = nCourses - 1;
  const enrollments = [];
  const seen = new Set();
  const enroll = (userIndex, courseIndex, ms) => {
    const key = userIndex * nCourses + courseIndex;
    if (seen.has(key)) return false;
    seen.add(key);
    enrollments.push([users[userIndex][0], courses[courseIndex].id, iso(ms)]);
    enrolledCount[courseIndex] += 1;
    return true;
  };
  const enrollTime = start + 900_000_000;
  for (let s = 0; s < bigCourseStudents; s += 1)
    enroll(nTeachers + s, bigIndex, enrollTime + s * 1000);
  while (enrollments.length < nEnrollments) {
    const userIndex = nTeachers + Math.floor(rnd() * (nUsers - nTeachers));
    const courseIndex = Math.floor(rnd() * nCourses);
    enroll(userIndex, courseIndex, enrollTime + enrollments.length * 1000);
  }

  const homework = [];
  const submit = ([userId, courseId, enrolledAt], k) => {
    const ms = Date.parse(enrolledAt) + 3_600_000 + k;
    homework.push([
      createTimeOrderedId(ms),
      courseId,
      userId,
      `homework/${createStorageName()}`,
      `робота-${homework.length}.pdf`,
      123_456,
      'application/pdf',
      '',
      iso(ms),
      0,
      null,
      null,
      null,
    ]);
  };
  for (let s = 0; s < bigCourseStudents && homework.length < nHomework; s += 1)
    submit(enrollments[s], s);
  for (let k = bigCourseStudents; homework.length < nHomework; k += 1) {
    submit(
      enrollments[bigCourseStudents + Math.floor(rnd() * (enrollments.length - bigCourseStudents))],
      k,
    );
  }

  const courseRows = courses.map((c, i) => [
    c.id,
    c.author,
    c.title,
    c.description,
    c.category,
    'Розв’яжіть задачі 1–10 і завантажте PDF.',
    null,
    null,
    buildSearchText(c.title, c.description, c.category),
    enrolledCount[i],
    iso(c.ms),
    iso(c.ms),
  ]);

  // Known tokens: the benchmark signs in with these instead of logging in first.
  const teacherToken = 'bench-teacher-token-0000000000000000000000000000000000000000';
  const studentToken = 'bench-student-token-0000000000000000000000000000000000000000';
  const bigAuthorIndex = bigIndex % nTeachers;
  const student = nTeachers + 1;
  const expires = iso(Date.now() + 30 * 86_400_000);
  const sessions = [
    [sha256(teacherToken), users[bigAuthorIndex][0], iso(Date.now()), expires],
    [sha256(studentToken), users[student][0], iso(Date.now()), expires],
  ];
  // One signed-in session for every fourth account, as a school in use has: the statistics ANALYZE
  // records then describe a sessions table of a real size, not of two rows (the planner would scan it).
  for (let u = 0; u < nUsers; u += 4) {
    sessions.push([sha256(`bench-session-${u}`), users[u][0], iso(Date.now()), expires]);
  }

  const manifest = {
    counts: {
      users: nUsers,
      courses: nCourses,
      enrollments: enrollments.length,
      homework: homework.length,
    },
    password: BENCH_PASSWORD,
    loginTelephone: users[student][2],
    teacher: { id: users[bigAuthorIndex][0], token: teacherToken },
    student: { id: users[student][0], token: studentToken },
    // A student outside the big course enrols and uploads in the upload benchmark.
    uploader: { telephone: users[nUsers - 1][2], courseId: courses[0].id },
    bigCourseId: courses[bigIndex].id,
    searchWord: 'фізика',
  };
  return {
    manifest,
    tables: {
      users: {
        columns: [
          'id',
          'username',
          'telephone',
          'email',
          'bio',
          'is_admin',
          'password_hash',
          'created_at',
          'updated_at',
        ],
        rows: users,
      },
      courses: {
        columns: [
          'id',
          'author_id',
          'title',
          'description',
          'category',
          'homework_task',
          'homework_due_at',
          'cover_key',
          'search_text',
          'enrolled_count',
          'created_at',
          'updated_at',
        ],
        rows: courseRows,
      },
      enrollments: { columns: ['user_id', 'course_id', 'created_at'], rows: enrollments },
      homework: {
        columns: [
          'id',
          'course_id',
          'user_id',
          'file_key',
          'file_name',
          'size',
          'mime_type',
          'comment',
          'submitted_at',
          'is_late',
          'grade',
          'feedback',
          'graded_at',
        ],
        rows: homework,
      },
      sessions: { columns: ['token_hash', 'user_id', 'created_at', 'expires_at'], rows: sessions },
    },
  };
}

// ---------------------------------------------------------------- seedContent (course content)
// The big course's outline: SECTIONS sections of lessons (LESSONS in all, published, with
// documents of a real lesson's length), one lesson with an uploaded video of VIDEO_BYTES. The
// video's row is seeded here; its bytes are written by writeBenchVideo into the DATA_DIR a
// server runs on (bench/run.mjs copies only the database). Adds the `sections` and `lessons`
// tables to `tables` and `content` to the manifest.

const CONTENT_SECTIONS = ['Загальне', 'Механіка', 'Електрика', 'Оптика'];
const CONTENT_LESSONS = 20;
export const BENCH_VIDEO_BYTES = 50 * 1024 * 1024;

/** A lesson's document: a heading, paragraphs, a list and a code block (about 3 KB of JSON). */
function lessonDocument(n, rnd) {
  const text = (value) => [{ type: 'text', text: value }];
  const paragraph = (value) => ({ type: 'paragraph', content: text(value) });
  const sentences = [
    'Спершу повторимо означення з попереднього уроку і розберемо, де вони знадобляться сьогодні.',
    'Розгляньмо приклад із повсякденного життя: візок, який штовхають з однаковою силою, але з різним вантажем.',
    'Зверніть увагу на одиниці вимірювання: помилка в них — найчастіша причина неправильної відповіді.',
    'Запишіть умову задачі, виділіть відомі та невідомі величини і лише тоді обирайте формулу.',
    'Після розв’язання перевірте, чи має відповідь сенс: швидкість автомобіля не буває 3000 м/с.',
    'Наприкінці уроку — коротка самоперевірка з п’яти запитань; відповіді є в кінці розділу.',
  ];
  const pick = () => sentences[Math.floor(rnd() * sentences.length)];
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: text(`Урок ${n + 1}: мета і план`) },
      paragraph(`${pick()} ${pick()} ${pick()}`),
      paragraph(`${pick()} ${pick()}`),
      {
        type: 'bulletList',
        content: [
          'Прочитайте теоретичну частину.',
          'Розв’яжіть приклади 1–5 у зошиті.',
          'Перевірте відповіді та позначте урок пройденим.',
        ].map((item) => ({ type: 'listItem', content: [paragraph(item)] })),
      },
      { type: 'heading', attrs: { level: 2 }, content: text('Розрахунок') },
      paragraph(`${pick()} ${pick()} ${pick()}`),
      {
        type: 'codeBlock',
        attrs: { language: 'python' },
        content: text(`m = 2.5  # кг\na = ${n + 1}.0  # м/с²\nF = m * a\nprint(f"F = {F} Н")`),
      },
      paragraph(`${pick()} ${pick()}`),
    ],
  };
}

function seedContent(manifest, tables) {
  const rnd = random(15);
  const courseId = manifest.bigCourseId;
  const at = new Date(Date.UTC(2025, 6, 1)).toISOString();
  const sections = CONTENT_SECTIONS.map((title, position) => [
    createTimeOrderedId(Date.UTC(2025, 6, 1) + position),
    courseId,
    title,
    position,
    at,
    at,
  ]);
  const lessons = [];
  const videoKey = `lessons/${createStorageName()}`;
  for (let n = 0; n < CONTENT_LESSONS; n += 1) {
    const section = sections[n % sections.length];
    const video = n === 1;
    lessons.push([
      createTimeOrderedId(Date.UTC(2025, 6, 2) + n),
      courseId,
      section[0],
      `Урок ${n + 1}. ${['Швидкість', 'Сила', 'Енергія', 'Струм', 'Лінзи'][n % 5]}`,
      JSON.stringify(lessonDocument(n, rnd)),
      null,
      video ? videoKey : null,
      video ? 'лекція.mp4' : null,
      video ? BENCH_VIDEO_BYTES : null,
      video ? 'video/mp4' : null,
      1,
      Math.floor(n / sections.length),
      at,
      at,
    ]);
  }
  tables.sections = {
    columns: ['id', 'course_id', 'title', 'position', 'created_at', 'updated_at'],
    rows: sections,
  };
  tables.lessons = {
    columns: [
      'id',
      'course_id',
      'section_id',
      'title',
      'body',
      'video_url',
      'video_key',
      'video_name',
      'video_size',
      'video_mime',
      'published',
      'position',
      'created_at',
      'updated_at',
    ],
    rows: lessons,
  };
  manifest.counts.sections = sections.length;
  manifest.counts.lessons = lessons.length;
  manifest.content = {
    lessonId: lessons[CONTENT_LESSONS - 1][0],
    videoLessonId: lessons[1][0],
    videoKey,
    videoBytes: BENCH_VIDEO_BYTES,
  };
}

/**
 * Writes the seeded lesson video's bytes under `dataDir`'s local-disk storage (uploads/<key>):
 * an MP4 `ftyp` box, then an `mdat` of patterned bytes, so its head is a real video's.
 */
export function writeBenchVideo(dataDir, content) {
  const file = path.join(dataDir, 'uploads', content.videoKey);
  if (fs.existsSync(file) && fs.statSync(file).size === content.videoBytes) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const bytes = Buffer.alloc(content.videoBytes);
  const ftyp = Buffer.from('\0\0\0\x18ftypisom\0\0\x02\0isomavc1', 'latin1');
  ftyp.copy(bytes, 0);
  bytes.writeUInt32BE(content.videoBytes - ftyp.length, ftyp.length);
  bytes.write('mdat', ftyp.length + 4, 'latin1');
  for (let i = ftyp.length + 8; i < bytes.length; i += 1) bytes[i] = i % 251;
  fs.writeFileSync(file, bytes);
  return file;
}
// ---------------------------------------------------------------- end of seedContent

// ---------------------------------------------------------------- seedAssignments
// What the product writes for every course since assignments exist: a first section 'Загальне'
// (the big course's comes from seedContent) holding the course's default assignment, which every
// submission so far belongs to. The big course gets BIG_ASSIGNMENTS in all, due weekly over a
// term, and its students hand in about nine in ten of them (some late), about seven in ten of
// those graded with points: the gradebook benchmark's 1,000 students × 20 assignments.

export const BIG_ASSIGNMENTS = 20;

function seedAssignments(manifest, tables) {
  const rnd = random(17);
  const iso = (ms) => new Date(ms).toISOString();
  const bigSection = tables.sections.rows.find((row) => row[1] === manifest.bigCourseId);
  const defaults = new Map();
  const assignments = [];
  for (const course of tables.courses.rows) {
    const [courseId, , , , , task, dueAt, , , , createdAt] = course;
    let sectionId = courseId === manifest.bigCourseId ? bigSection[0] : undefined;
    if (!sectionId) {
      sectionId = createTimeOrderedId(Date.parse(createdAt));
      tables.sections.rows.push([sectionId, courseId, 'Загальне', 0, createdAt, createdAt]);
    }
    const id = createTimeOrderedId(Date.parse(createdAt));
    defaults.set(courseId, id);
    assignments.push([
      id,
      courseId,
      sectionId,
      'Домашнє завдання',
      JSON.stringify(textToDocument(task)),
      dueAt,
      12,
      1,
      1,
      100,
      createdAt,
      createdAt,
    ]);
  }
  // Every submission so far is to its course's default assignment.
  for (const row of tables.homework.rows) row.push(defaults.get(row[1]), null);

  const termStart = Date.UTC(2025, 8, 1);
  const week = 7 * 86_400_000;
  const big = [];
  for (let n = 1; n < BIG_ASSIGNMENTS; n += 1) {
    const id = createTimeOrderedId(termStart + n);
    big.push({ id, dueAt: termStart + n * week });
    assignments.push([
      id,
      manifest.bigCourseId,
      bigSection[0],
      `Завдання ${n + 1}`,
      JSON.stringify(textToDocument(`Розв’яжіть задачі розділу ${n + 1} і завантажте PDF.`)),
      iso(termStart + n * week),
      12,
      1,
      0,
      100 + n,
      iso(termStart),
      iso(termStart),
    ]);
  }
  const students = tables.enrollments.rows.filter((row) => row[1] === manifest.bigCourseId);
  for (const [userId] of students) {
    for (const assignment of big) {
      if (rnd() >= 0.9) continue;
      const submittedAt = assignment.dueAt - 3 * 86_400_000 + Math.floor(rnd() * 4 * 86_400_000);
      const graded = rnd() < 0.7;
      const points = graded ? 4 + Math.floor(rnd() * 9) : null;
      tables.homework.rows.push([
        createTimeOrderedId(submittedAt),
        manifest.bigCourseId,
        userId,
        `homework/${createStorageName()}`,
        `робота-${tables.homework.rows.length}.pdf`,
        123_456,
        'application/pdf',
        '',
        iso(submittedAt),
        submittedAt > assignment.dueAt ? 1 : 0,
        graded ? String(points) : null,
        graded ? 'Добре.' : null,
        graded ? iso(submittedAt + 86_400_000) : null,
        assignment.id,
        points,
      ]);
    }
  }
  tables.homework.columns.push('assignment_id', 'points');
  tables.assignments = {
    columns: [
      'id',
      'course_id',
      'section_id',
      'title',
      'instructions',
      'due_at',
      'max_points',
      'published',
      'is_default',
      'position',
      'created_at',
      'updated_at',
    ],
    rows: assignments,
  };
  manifest.counts.assignments = assignments.length;
  manifest.counts.homework = tables.homework.rows.length;
  manifest.counts.sections = tables.sections.rows.length;
  manifest.bigCourseAssignments = BIG_ASSIGNMENTS;
}

/** The tables in an order their foreign keys allow. */
function inInsertOrder(tables) {
  const order = [
    'users',
    'courses',
    'sections',
    'lessons',
    'assignments',
    'enrollments',
    'homework',
    'sessions',
  ];
  return Object.fromEntries(
    order.filter((name) => tables[name]).map((name) => [name, tables[name]]),
  );
}
// ---------------------------------------------------------------- end of seedAssignments

async function writeSqlite(sqlitePath, tables) {
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(sqlitePath);
  // A fixture, rebuilt at will: no journal and no fsync while loading, and a
  // cache big enough (512 MB) that the random-order index inserts stay in memory.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -524288');
  db.pragma('temp_store = MEMORY');
  db.pragma('foreign_keys = ON');
  for (const [table, { columns, rows }] of Object.entries(tables)) {
    const per = 50;
    const one = `(${columns.map(() => '?').join(', ')})`;
    const batch = db.prepare(
      `insert into ${table} (${columns.join(', ')}) values ${new Array(per).fill(one).join(', ')}`,
    );
    const single = db.prepare(`insert into ${table} (${columns.join(', ')}) values ${one}`);
    db.transaction(() => {
      let i = 0;
      for (; i + per <= rows.length; i += per) batch.run(rows.slice(i, i + per).flat());
      for (; i < rows.length; i += 1) single.run(rows[i]);
    })();
  }
  db.exec('analyze');
  // Back to the server's mode (openDatabase sets WAL too; this keeps the file consistent on its own).
  db.pragma('journal_mode = WAL');
  db.close();
}

async function writePostgres(db, tables) {
  const { sql } = await import('kysely');
  await db.transaction().execute(async (trx) => {
    for (const [table, { columns, rows }] of Object.entries(tables)) {
      // 65,535 bind parameters at most per statement.
      const per = Math.floor(30_000 / columns.length);
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(
          chunk.map((row) => sql`(${sql.join(row)})`),
        )}`.execute(trx);
      }
    }
  });
  await sql`analyze`.execute(db);
  // The load's version log lines (one per row past the first few thousand scopes) folded into
  // the counters and vacuumed now, not by the first reads measured.
  await compactVersionLog(db);
}

/** Seeds a new database; refuses one that already holds users. */
export async function seed({ dataDir, databaseUrl, scale = 1, log = console.log }) {
  const began = performance.now();
  const sqlitePath = path.join(dataDir, 'urok.db');
  fs.mkdirSync(dataDir, { recursive: true });
  const { db } = openDatabase({ url: databaseUrl, sqlitePath });
  await migrateToLatest(db);
  const existing = await db
    .selectFrom('users')
    .select(db.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) {
    await db.destroy();
    throw new Error(
      `the database at ${databaseUrl ? 'DATABASE_URL' : sqlitePath} already has users: seed a new one`,
    );
  }
  const { manifest, tables: built } = await buildRows(scale);
  seedContent(manifest, built);
  seedAssignments(manifest, built);
  const tables = inInsertOrder(built);
  log(`rows built in ${((performance.now() - began) / 1000).toFixed(1)} s; writing…`);
  if (databaseUrl) {
    await writePostgres(db, tables);
    await db.destroy();
  } else {
    await db.destroy();
    await writeSqlite(sqlitePath, tables);
  }
  const seconds = (performance.now() - began) / 1000;
  // CPU time too: on a busy machine the wall time says more about the neighbours than about the seed.
  const cpu = process.cpuUsage();
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  manifest.seedSeconds = Math.round(seconds * 10) / 10;
  manifest.seedCpuSeconds = Math.round(cpuSeconds * 10) / 10;
  fs.writeFileSync(path.join(dataDir, 'seed.json'), JSON.stringify(manifest, null, 2));
  const c = manifest.counts;
  log(
    `seeded ${c.users} users, ${c.courses} courses, ${c.enrollments} enrolments, ${c.homework} submissions ` +
      `into ${databaseUrl ? 'PostgreSQL' : sqlitePath} in ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} s of this process's CPU)`,
  );
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { 'data-dir': { type: 'string' }, scale: { type: 'string' } },
  });
  const chosen = values['data-dir'] ?? process.env.DATA_DIR;
  const dataDir = path.resolve(chosen ?? path.join(root, 'bench/data/sqlite'));
  // The default fixture is regenerable: a new seed replaces it.
  if (chosen === undefined && !process.env.DATABASE_URL) {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await seed({ dataDir, databaseUrl: process.env.DATABASE_URL, scale: Number(values.scale ?? 1) });
}
