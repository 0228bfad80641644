/**
 * Property-based fuzzing of every API endpoint: generated JSON bodies (any
 * JSON, huge strings, deep nesting, `__proto__`/`constructor` keys, wrong
 * types), raw bodies, query strings, path params, headers (bogus
 * Authorization, odd content types) and multipart forms (random fields,
 * random bytes as files, missing or cut-off parts), sent anonymously and
 * with a valid student or teacher token. Each case must get no 5xx, every
 * 4xx must carry a JSON `{ message: string }`, a refused call must leave the
 * database and the stored files exactly as they were, and the app must still
 * answer /api/health at the end.
 *
 * FUZZ_RUNS sets the total number of cases per database (2,000 by default;
 * `npm run test:fuzz` runs 20,000). FUZZ_SEED replays a run.
 */
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Course, Homework } from '@urok/contract';
import type { Db } from '../src/db/database.ts';
import { readCacheVersions } from '../src/db/cache-versions.ts';
import { hashToken } from '../src/features/auth/auth.service.ts';
import { setOperator } from '../src/features/admin/admin.service.ts';
import { submitApplication } from '../src/features/applications/applications.service.ts';
import { cliActor } from '../src/lib/audit.ts';
import {
  bearer,
  databaseTargets,
  registerAccount,
  useTestApp,
  validApplication,
  type Account,
} from './helpers.ts';
import {
  createCourse,
  enroll,
  multipart,
  registerTeacher,
  SAMPLE_JPEG,
  SAMPLE_PDF,
  SAMPLE_PNG,
  uploadHomework,
} from './course-fixtures.ts';
import { addLesson, attachFile, getOutlineAs, sampleMp4, uploadVideo } from './content-fixtures.ts';
import { STORAGE_AREAS } from '../src/storage/storage.ts';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type BodyKind = 'none' | 'json' | 'multipart';

interface Endpoint {
  method: Method;
  /** With `:param` placeholders filled from generated values. */
  path: string;
  /** What the endpoint really takes; the fuzzer sends other kinds too. */
  body: BodyKind;
  /** Field names the endpoint reads, so generated bodies hit real fields with wrong values. */
  fields?: string[];
  query?: string[];
  /** An open-ended answer (Server-Sent Events): documented, but not fuzzed here, since a valid call never ends (notifications.test.ts covers it). */
  stream?: true;
  /** A page for a person (the unsubscribe link of a mail): a refusal may be an HTML page saying why. */
  html?: true;
}

/** Every route of the API (features/*\/*.routes.ts). */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/health', body: 'none' },
  {
    method: 'POST',
    path: '/api/auth/register',
    body: 'json',
    fields: ['username', 'email', 'telephone', 'password'],
  },
  { method: 'POST', path: '/api/auth/login', body: 'json', fields: ['telephone', 'password'] },
  { method: 'POST', path: '/api/auth/getUser', body: 'json', fields: ['token'] },
  {
    method: 'PUT',
    path: '/api/auth/updateUser',
    body: 'json',
    fields: ['username', 'telephone', 'email', 'bio', 'currentPassword', 'newPassword'],
  },
  { method: 'POST', path: '/api/auth/logout', body: 'none' },
  {
    method: 'PUT',
    path: '/api/auth/password',
    body: 'json',
    fields: ['currentPassword', 'newPassword'],
  },
  { method: 'POST', path: '/api/auth/reset-password', body: 'json', fields: ['token', 'password'] },
  { method: 'GET', path: '/api/auth/forgot-password', body: 'none' },
  { method: 'POST', path: '/api/auth/forgot-password', body: 'json', fields: ['telephone'] },
  {
    method: 'POST',
    path: '/api/applications/teachers',
    body: 'json',
    fields: ['fullName', 'telephone', 'email', 'subject', 'experience', 'motivation'],
  },
  { method: 'POST', path: '/api/pledges', body: 'json', fields: ['name', 'amount', 'message'] },
  { method: 'GET', path: '/api/contacts', body: 'none' },
  {
    method: 'GET',
    path: '/api/courses',
    body: 'none',
    query: ['q', 'authorId', 'limit', 'cursor'],
  },
  { method: 'GET', path: '/api/courses/:course', body: 'none' },
  {
    method: 'POST',
    path: '/api/newcourses/newcteate-course',
    body: 'multipart',
    fields: [
      'title',
      'description',
      'category',
      'homeworkTask',
      'homeworkDueAt',
      'visibility',
      'cover',
    ],
  },
  {
    method: 'POST',
    path: '/api/courses',
    body: 'multipart',
    fields: [
      'title',
      'description',
      'category',
      'homeworkTask',
      'homeworkDueAt',
      'visibility',
      'cover',
    ],
  },
  {
    method: 'PUT',
    path: '/api/courses/update',
    body: 'multipart',
    fields: [
      'courseId',
      'title',
      'description',
      'category',
      'homeworkTask',
      'homeworkDueAt',
      'removeCover',
      'visibility',
      'cover',
    ],
  },
  { method: 'GET', path: '/api/users/created-courses', body: 'none' },
  { method: 'POST', path: '/api/courses/:course/enroll', body: 'none' },
  { method: 'DELETE', path: '/api/courses/:course/enroll', body: 'none' },
  { method: 'GET', path: '/api/courses/:course/join-code', body: 'none' },
  { method: 'POST', path: '/api/courses/:course/join-code', body: 'none' },
  { method: 'POST', path: '/api/courses/join', body: 'json', fields: ['code'] },
  { method: 'POST', path: '/api/courses/:course/students', body: 'json', fields: ['telephone'] },
  { method: 'GET', path: '/api/user/:user/courses', body: 'none' },
  {
    method: 'POST',
    path: '/api/courses/upload-homework',
    body: 'multipart',
    fields: ['courseId', 'assignmentId', 'comment', 'file'],
  },
  { method: 'GET', path: '/api/courses/:course/homework', body: 'none' },
  { method: 'GET', path: '/api/courses/:course/userswithhw', body: 'none' },
  {
    method: 'GET',
    path: '/api/homework/:homework/file',
    body: 'none',
    query: ['u', 'exp', 'sig', 'inline'],
  },
  { method: 'GET', path: '/api/homework/:homework/file-link', body: 'none' },
  {
    method: 'PUT',
    path: '/api/homework/:homework/grade',
    body: 'json',
    fields: ['grade', 'feedback'],
  },
  { method: 'DELETE', path: '/api/homework/:homework', body: 'none' },
  {
    method: 'POST',
    path: '/api/homework/:homework/regrade',
    body: 'json',
    fields: ['grade', 'feedback', 'reason'],
  },
  { method: 'GET', path: '/api/homework/:homework/comments', body: 'none' },
  { method: 'POST', path: '/api/homework/:homework/comments', body: 'json', fields: ['body'] },
  { method: 'GET', path: '/api/courses/:course/homework.zip', body: 'none' },
  { method: 'GET', path: '/api/courses/:course/grades.csv', body: 'none' },
  { method: 'GET', path: '/api/files/covers/:cover', body: 'none' },
  // Course content
  { method: 'GET', path: '/api/courses/:course/outline', body: 'none' },
  { method: 'PUT', path: '/api/courses/:course/outline', body: 'json', fields: ['sections'] },
  { method: 'POST', path: '/api/courses/:course/sections', body: 'json', fields: ['title'] },
  { method: 'PUT', path: '/api/sections/:section', body: 'json', fields: ['title'] },
  { method: 'DELETE', path: '/api/sections/:section', body: 'none' },
  {
    method: 'POST',
    path: '/api/courses/:course/lessons',
    body: 'json',
    fields: ['sectionId', 'title', 'body', 'videoUrl', 'published'],
  },
  { method: 'GET', path: '/api/lessons/:lesson', body: 'none' },
  {
    method: 'PUT',
    path: '/api/lessons/:lesson',
    body: 'json',
    fields: ['sectionId', 'title', 'body', 'videoUrl', 'published'],
  },
  { method: 'DELETE', path: '/api/lessons/:lesson', body: 'none' },
  { method: 'POST', path: '/api/lessons/:lesson/attachments', body: 'multipart', fields: ['file'] },
  { method: 'GET', path: '/api/attachments/:attachment/file', body: 'none' },
  { method: 'DELETE', path: '/api/attachments/:attachment', body: 'none' },
  { method: 'PUT', path: '/api/lessons/:lesson/video', body: 'multipart', fields: ['file'] },
  { method: 'GET', path: '/api/lessons/:lesson/video', body: 'none' },
  { method: 'DELETE', path: '/api/lessons/:lesson/video', body: 'none' },
  { method: 'PUT', path: '/api/lessons/:lesson/completion', body: 'none' },
  { method: 'DELETE', path: '/api/lessons/:lesson/completion', body: 'none' },
  { method: 'GET', path: '/api/courses/:course/progress', body: 'none' },
  // Assignments and grading
  {
    method: 'POST',
    path: '/api/courses/:course/assignments',
    body: 'json',
    fields: ['sectionId', 'title', 'instructions', 'dueAt', 'maxPoints', 'published'],
  },
  { method: 'GET', path: '/api/assignments/:assignment', body: 'none' },
  {
    method: 'PUT',
    path: '/api/assignments/:assignment',
    body: 'json',
    fields: ['sectionId', 'title', 'instructions', 'dueAt', 'maxPoints', 'published'],
  },
  { method: 'DELETE', path: '/api/assignments/:assignment', body: 'none' },
  { method: 'GET', path: '/api/courses/:course/gradebook', body: 'none' },
  { method: 'GET', path: '/api/courses/:course/gradebook.csv', body: 'none' },
  { method: 'GET', path: '/api/user/:user/grades', body: 'none' },
  { method: 'POST', path: '/api/calendar/feed', body: 'none' },
  { method: 'DELETE', path: '/api/calendar/feed', body: 'none' },
  { method: 'GET', path: '/api/calendar/:token.ics', body: 'none' },
  // Notifications
  { method: 'GET', path: '/api/notifications', body: 'none', query: ['cursor', 'limit'] },
  { method: 'POST', path: '/api/notifications/read', body: 'json', fields: ['ids'] },
  { method: 'GET', path: '/api/notifications/preferences', body: 'none' },
  { method: 'PUT', path: '/api/notifications/preferences', body: 'json', fields: ['email'] },
  {
    method: 'GET',
    path: '/api/notifications/stream',
    body: 'none',
    query: ['u', 'exp', 'sig'],
    stream: true,
  },
  { method: 'POST', path: '/api/notifications/stream-link', body: 'none' },
  {
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    body: 'none',
    query: ['u', 'k', 'sig'],
    html: true,
  },
  {
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    body: 'none',
    query: ['u', 'k', 'sig'],
    html: true,
  },
  // Quizzes
  {
    method: 'POST',
    path: '/api/courses/:course/questions',
    body: 'json',
    fields: [
      'kind',
      'text',
      'points',
      'tags',
      'explanation',
      'options',
      'correct',
      'accepted',
      'value',
      'tolerance',
      'alternatives',
      'pairs',
      'items',
    ],
  },
  {
    method: 'GET',
    path: '/api/courses/:course/questions',
    body: 'none',
    query: ['tag', 'q', 'cursor', 'limit'],
  },
  { method: 'GET', path: '/api/questions/:question', body: 'none' },
  {
    method: 'PUT',
    path: '/api/questions/:question',
    body: 'json',
    fields: [
      'kind',
      'text',
      'points',
      'tags',
      'explanation',
      'options',
      'correct',
      'accepted',
      'value',
      'tolerance',
      'pairs',
      'items',
    ],
  },
  { method: 'DELETE', path: '/api/questions/:question', body: 'none' },
  {
    method: 'POST',
    path: '/api/courses/:course/questions/import',
    body: 'json',
    fields: ['format', 'text', 'tag'],
  },
  {
    method: 'GET',
    path: '/api/courses/:course/questions/export',
    body: 'none',
    query: ['format', 'tag'],
  },
  {
    method: 'POST',
    path: '/api/courses/:course/quizzes',
    body: 'json',
    fields: [
      'sectionId',
      'title',
      'description',
      'published',
      'opensAt',
      'closesAt',
      'timeLimitMinutes',
      'attemptsAllowed',
      'grading',
      'shuffleQuestions',
      'shuffleOptions',
      'review',
      'slots',
    ],
  },
  { method: 'GET', path: '/api/quizzes/:quiz', body: 'none' },
  {
    method: 'PUT',
    path: '/api/quizzes/:quiz',
    body: 'json',
    fields: ['title', 'published', 'closesAt', 'timeLimitMinutes', 'grading', 'slots'],
  },
  { method: 'DELETE', path: '/api/quizzes/:quiz', body: 'none' },
  { method: 'GET', path: '/api/quizzes/:quiz/attempts', body: 'none' },
  { method: 'POST', path: '/api/quizzes/:quiz/attempts', body: 'none' },
  { method: 'GET', path: '/api/quizzes/:quiz/statistics', body: 'none' },
  { method: 'GET', path: '/api/attempts/:attempt', body: 'none' },
  { method: 'PUT', path: '/api/attempts/:attempt/answers/:slot', body: 'json', fields: ['answer'] },
  { method: 'POST', path: '/api/attempts/:attempt/submit', body: 'none' },
  {
    method: 'PUT',
    path: '/api/attempts/:attempt/slots/:slot/grade',
    body: 'json',
    fields: ['points', 'feedback'],
  },
  // ---- operators: last, so the operator's blocks and role changes reach no other route's cases ----
  { method: 'GET', path: '/api/admin/stats', body: 'none' },
  { method: 'GET', path: '/api/admin/applications', body: 'none', query: ['status'] },
  {
    method: 'POST',
    path: '/api/admin/applications/:application/approve',
    body: 'json',
    fields: ['note'],
  },
  {
    method: 'POST',
    path: '/api/admin/applications/:application/reject',
    body: 'json',
    fields: ['note'],
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    body: 'none',
    query: ['q', 'role', 'cursor', 'limit'],
  },
  {
    method: 'PUT',
    path: '/api/admin/users/:user/role',
    body: 'json',
    fields: ['role', 'reason'],
  },
  {
    method: 'PUT',
    path: '/api/admin/users/:user/operator',
    body: 'json',
    fields: ['isOperator', 'reason'],
  },
  { method: 'POST', path: '/api/admin/users/:user/block', body: 'json', fields: ['reason'] },
  { method: 'POST', path: '/api/admin/users/:user/unblock', body: 'json', fields: ['reason'] },
  { method: 'POST', path: '/api/admin/users/:user/reset-link', body: 'none' },
  { method: 'GET', path: '/api/admin/courses', body: 'none', query: ['q', 'cursor', 'limit'] },
  {
    method: 'PUT',
    path: '/api/admin/courses/:course/visibility',
    body: 'json',
    fields: ['hidden', 'reason'],
  },
  {
    method: 'GET',
    path: '/api/admin/audit',
    body: 'none',
    query: ['cursor', 'limit', 'actor', 'action', 'from', 'to'],
  },
  { method: 'GET', path: '/api/admin/settings', body: 'none' },
  // Resumable uploads (tus 1.0): their own headers join the generated ones (extraHeaders).
  { method: 'POST', path: '/api/uploads', body: 'none' },
  { method: 'HEAD', path: '/api/uploads/:upload', body: 'none' },
  { method: 'PATCH', path: '/api/uploads/:upload', body: 'none' },
  { method: 'DELETE', path: '/api/uploads/:upload', body: 'none' },
  { method: 'GET', path: '/api/uploads/:upload/result', body: 'none' },
];

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const FUZZED = ENDPOINTS.filter((endpoint) => !endpoint.stream);
const RUNS_PER_ENDPOINT = Math.max(1, Math.ceil(TOTAL_RUNS / FUZZED.length));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Long runs get the time they need; the default run stays well inside a minute per database. */
const TIMEOUT_MS = Math.max(120_000, RUNS_PER_ENDPOINT * 200);

// ---------------------------------------------------------------- the world the fuzzer plays in

interface World {
  student: Account;
  teacher: Account;
  operator: Account;
  /** A pending teacher application (admin decisions). */
  applicationId: string;
  course: Course;
  homework: Homework;
  coverName: string;
  /** The course's first section, a published lesson with a file and a video, and that file. */
  sectionId: string;
  lessonId: string;
  attachmentId: string;
  /** The course's default assignment (it holds the world's submission). */
  assignmentId: string;
  /** Tokens used by generated requests; refreshed when a generated logout ends one. */
  tokens: { student: string; teacher: string; operator: string };
}

/** A session made straight in the database (no argon2, no throttle): the fuzzer's logouts end sessions. */
async function newSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 30 * 24 * 3600 * 1000).toISOString(),
    })
    .execute();
  return token;
}

/**
 * The student, teacher and operator as the world began, each with a live
 * session: the operator's generated calls may block them or change their roles.
 */
async function restoreAccounts(db: Db, world: World): Promise<void> {
  const roles = [
    [world.student, 0, 0, 'student'],
    [world.teacher, 1, 0, 'teacher'],
    [world.operator, 0, 1, 'operator'],
  ] as const;
  for (const [account, isAdmin, isOperator, key] of roles) {
    await db
      .updateTable('users')
      .set({ is_admin: isAdmin, is_operator: isOperator, is_blocked: 0 })
      .where('id', '=', account.user._id)
      .execute();
    const alive = await db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', '=', hashToken(world.tokens[key]))
      .executeTakeFirst();
    if (!alive) world.tokens[key] = await newSession(db, account.user._id);
  }
}

/**
 * Every table's version and every stored file: what a refused call must not
 * change. The database raises a table's version at every commit that wrote
 * it (db/cache-versions.ts; read-cache.test.ts checks that every table has
 * its triggers), so a refused call that changed any row of any table shows
 * here — cheaper than reading every row after each case, and no table list
 * to keep by hand.
 */
async function snapshot(
  db: Db,
  listFiles: () => Promise<string[]>,
): Promise<Record<string, number | string>> {
  const result: Record<string, number | string> = Object.fromEntries(await readCacheVersions(db));
  result.files = (await listFiles()).join(',');
  return result;
}

// ---------------------------------------------------------------- generators

const HUGE_SIZES = [1_000, 70_000, 300_000, 1_100_000];

/** Strings a validator may choke on: empty, whitespace, control characters, unicode, huge, injection-shaped. */
const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '\uFEFF',
      '\uD800',
      '../../etc/passwd',
      '..',
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      '+380501110001',
      '380671234567',
      'Secret2024',
      'NaN',
      '-1',
      '1e309',
      'true',
      'null',
      '2026-13-45T99:99:99Z',
      '__proto__',
      'constructor',
      'Ж'.repeat(300),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_SIZES).map((n) => 'x'.repeat(n)) },
);

const jsonLeaf = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 1e300, 0.5),
);
const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: jsonLeaf },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.array(jsonLeaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, jsonLeaf, { maxKeys: 4 }) },
);

/** A value that is plausible for a field, so some bodies get past the validator. */
function plausible(field: string, world: World): fc.Arbitrary<unknown> {
  const byField: Record<string, unknown[]> = {
    username: ['Taras Bondar', 'Оксана'],
    email: ['someone@example.com'],
    telephone: [world.student.telephone, '+380671234560', '380501110001'],
    password: ['Secret2024', 'short'],
    currentPassword: ['Secret2024'],
    newPassword: ['Secret2025', 'weak'],
    token: [world.tokens.student, 'not-a-token'],
    bio: ['Учень 9 класу'],
    fullName: ['Oksana Petrenko'],
    subject: ['Математика'],
    experience: ['5 років'],
    motivation: ['Хочу ділитися знаннями з ширшою аудиторією.'],
    name: ['Анонім'],
    amount: [100, 0, -5, 1.5, 1e9],
    message: ['Дякую'],
    grade: ['10', '9,5', '', 'A+'.repeat(20)],
    reason: ['Помилка в підрахунку', ''],
    feedback: ['Добре'],
    courseId: [world.course._id],
    title: ['Фізика для всіх'],
    description: ['Механіка, оптика, електрика: досліди вдома.'],
    category: ['Фізика'],
    homeworkTask: ['Розв’яжіть задачі 1–5.'],
    homeworkDueAt: ['2030-01-01T00:00:00Z', ''],
    removeCover: ['true', 'false'],
    note: ['Підходить', ''],
    role: ['student', 'teacher', 'operator'],
    isOperator: [true, false],
    hidden: [true, false],
    comment: ['Моя робота'],
    sectionId: [world.sectionId],
    body: [
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Текст' }] }] },
      {
        type: 'doc',
        content: [{ type: 'image', attrs: { src: `attachment:${world.attachmentId}` } }],
      },
      { type: 'doc', content: [{ type: 'script' }] },
    ],
    videoUrl: ['https://youtu.be/dQw4w9WgXcQ', 'javascript:alert(1)', '', null],
    published: [true, false],
    assignmentId: [world.assignmentId, ''],
    instructions: [
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Умова' }] }] },
      { type: 'doc', content: [{ type: 'image', attrs: { src: 'attachment:x' } }] },
    ],
    dueAt: ['2030-01-01T00:00:00Z', '', null, 'завтра'],
    maxPoints: [12, 0, 101, 1.5, '12'],
    sections: [
      [
        {
          _id: world.sectionId,
          items: [{ kind: 'lesson', _id: world.lessonId }],
        },
      ],
      [],
    ],
  };
  return fc.oneof(fc.constantFrom(...(byField[field] ?? ['x'])), jsonValue);
}

/** A JSON text: an object over the endpoint's fields (and strangers), or any JSON at all. */
function jsonBody(endpoint: Endpoint, world: World): fc.Arbitrary<string> {
  const fields = endpoint.fields ?? [];
  const object =
    fields.length > 0
      ? fc.record(Object.fromEntries(fields.map((f) => [f, plausible(f, world)])), {
          requiredKeys: [],
        })
      : fc.constant({});
  const withStrangers = fc
    .tuple(
      object,
      fc.dictionary(
        fc.oneof(nastyString, fc.constantFrom('isAdmin', 'is_admin', 'id', '_id', 'role')),
        jsonValue,
        { maxKeys: 3 },
      ),
    )
    .map(([a, b]) => JSON.stringify({ ...b, ...a }));
  // JSON.stringify never writes a `__proto__` own key from an object literal: splice them in as text.
  const poisoned = fc
    .tuple(
      object,
      fc.constantFrom(
        '"__proto__":{"isAdmin":true}',
        '"constructor":{"prototype":{"isAdmin":true}}',
        '"__proto__":null',
      ),
    )
    .map(([a, key]) => {
      const text = JSON.stringify(a);
      return text === '{}' ? `{${key}}` : `{${key},${text.slice(1)}`;
    });
  const deep = fc
    .integer({ min: 50, max: 5_000 })
    .map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`);
  const broken = fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '"unterminated',
    '{"a":1}}',
    'nul',
    '\u0000',
    '{"a":"\\u12"}',
    '',
  );
  return fc.oneof(
    { weight: 5, arbitrary: withStrangers },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: poisoned },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: broken },
  );
}

/** Text values that pass the contract's rules. */
const VALID_FORM = {
  title: 'Фізика для всіх',
  description: 'Механіка, оптика, електрика: досліди вдома.',
  category: 'Фізика',
  homeworkTask: 'Розв’яжіть задачі 1–5.',
  homeworkDueAt: '2030-01-01T00:00:00Z',
  removeCover: 'false',
  comment: 'Моя робота',
};

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; type: string };

/** Parts with real and random names; files of random bytes or real samples; sometimes cut off or with no end. */
function multipartBody(
  endpoint: Endpoint,
  world: World,
): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const fields = endpoint.fields ?? ['courseId', 'file'];
  const fieldName = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fields, 'file', 'cover') },
    { weight: 1, arbitrary: nastyString.map((s) => s.slice(0, 200)) },
  );
  const fileContent = fc.oneof(
    fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
    fc.constantFrom(
      SAMPLE_PDF,
      SAMPLE_PNG,
      SAMPLE_JPEG,
      Buffer.alloc(0),
      Buffer.from('%PDF-'),
      Buffer.from('hello, world\n'),
    ),
  );
  const textValue = fc.oneof(
    fc.constantFrom(
      world.course._id,
      'Фізика для всіх',
      'Механіка, оптика, електрика: досліди вдома.',
      'true',
      '',
    ),
    nastyString.map((s) => s.slice(0, 70_000)),
  );
  const part: fc.Arbitrary<Part> = fc.oneof(
    fc.record({ name: fieldName, value: textValue }),
    fc.record({
      name: fieldName,
      filename: fc.oneof(
        fc.constantFrom('homework.pdf', 'cover.png', '../../x.exe', '', 'a"b.txt'),
        fc.string({ maxLength: 30 }),
      ),
      content: fileContent,
      type: fc.constantFrom(
        'application/pdf',
        'image/png',
        'application/octet-stream',
        'text/plain',
        'x/y',
      ),
    }),
  );
  // A form that is almost right, in any order, with a value or two spoiled: these reach the storage and the rules behind it.
  const validParts: Part[] = [
    ...fields
      .filter((f) => f !== 'file' && f !== 'cover')
      .map((name) => ({
        name,
        value: String((VALID_FORM as Record<string, string>)[name] ?? world.course._id),
      })),
    ...(fields.includes('file')
      ? [{ name: 'file', filename: 'homework.pdf', content: SAMPLE_PDF, type: 'application/pdf' }]
      : []),
    ...(fields.includes('cover')
      ? [{ name: 'cover', filename: 'cover.png', content: SAMPLE_PNG, type: 'image/png' }]
      : []),
  ];
  const spoiled: fc.Arbitrary<Part> = fc.oneof(
    fc.record({
      name: fc.constantFrom(...fields),
      value: nastyString.map((s) => s.slice(0, 70_000)),
    }),
    fc.record({
      name: fc.constantFrom(...fields),
      filename: fc.constantFrom('x.pdf', 'x.exe'),
      content: fileContent,
      type: fc.constant('application/pdf'),
    }),
  );
  const nearlyValid = fc
    .tuple(
      fc.shuffledSubarray(validParts, { minLength: Math.max(0, validParts.length - 1) }),
      fc.array(spoiled, { maxLength: 2 }),
      fc.boolean(),
    )
    .map(([kept, extra, spoilFirst]) => (spoilFirst ? [...extra, ...kept] : [...kept, ...extra]));
  return fc
    .record({
      parts: fc.oneof(fc.array(part, { maxLength: 8 }), nearlyValid),
      ending: fc.constantFrom('closed', 'closed', 'closed', 'open', 'truncated', 'garbage'),
      boundary: fc.constantFrom('ok', 'ok', 'ok', 'missing', 'wrong'),
    })
    .map(({ parts, ending, boundary }) => {
      const mark = `fuzz${randomBytes(8).toString('hex')}`;
      const chunks: Buffer[] = [];
      for (const p of parts) {
        // Quotes and line breaks in a name would end the header early: that is fuzzing too, keep them.
        chunks.push(Buffer.from(`--${mark}\r\n`));
        if ('value' in p) {
          chunks.push(
            Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
          );
        } else {
          chunks.push(
            Buffer.from(
              `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
            ),
            p.content,
            Buffer.from('\r\n'),
          );
        }
      }
      if (ending === 'closed') chunks.push(Buffer.from(`--${mark}--\r\n`));
      if (ending === 'garbage') chunks.push(Buffer.from('\r\n--nonsense\r\n\u0000\u0001'));
      let payload = Buffer.concat(chunks);
      if (ending === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
      const contentType =
        boundary === 'ok'
          ? `multipart/form-data; boundary=${mark}`
          : boundary === 'missing'
            ? 'multipart/form-data'
            : 'multipart/form-data; boundary=zzz';
      return { payload, contentType };
    });
}

/** A path parameter: a real id of the world, or something odd (encoded, so it stays one segment). */
function pathParam(kind: string, world: World): fc.Arbitrary<string> {
  const real: Record<string, string[]> = {
    course: [world.course._id],
    user: [world.student.user._id, world.teacher.user._id, world.operator.user._id],
    application: [world.applicationId],
    homework: [world.homework._id],
    cover: [world.coverName, world.coverName.replace(/\.\w+$/, '.exe')],
    section: [world.sectionId],
    lesson: [world.lessonId],
    attachment: [world.attachmentId],
    assignment: [world.assignmentId],
  };
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...(real[kind] ?? ['x'])) },
    { weight: 3, arbitrary: nastyString.map((s) => encode(s.slice(0, 300)) || 'x') },
    // Raw forms that survive as one segment: dots, bad percent escapes, an encoded slash or NUL.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '%2F',
        '%00',
        '%ZZ',
        '%',
        '%c0%af',
        '..%2F..%2Fetc%2Fpasswd',
        '0'.repeat(101),
      ),
    },
  );
}

/** encodeURIComponent that takes lone surrogates too (as U+FFFD). */
const encode = (s: string) => encodeURIComponent(Buffer.from(s, 'utf8').toString('utf8'));

function queryString(endpoint: Endpoint): fc.Arbitrary<string> {
  const names = fc.oneof(
    fc.constantFrom(
      ...(endpoint.query ?? []),
      'q',
      'limit',
      '__proto__',
      'constructor[prototype][x]',
      'a[b]',
    ),
    nastyString.map((s) => s.slice(0, 50)),
  );
  const values = fc.oneof(
    fc.constantFrom('', '0', '-1', '101', '24', '1e3', 'NaN', 'abc', '%ZZ', 'x'.repeat(5000)),
    nastyString.map((s) => encode(s.slice(0, 500))),
  );
  return fc
    .array(fc.tuple(names, values), { maxLength: 5 })
    .map((pairs) =>
      pairs.length === 0 ? '' : `?${pairs.map(([n, v]) => `${encode(n)}=${v}`).join('&')}`,
    );
}

/** Printable ASCII only: a header value with a line break is refused by the HTTP layer before the app. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 200,
});

type Auth = 'anonymous' | 'student' | 'teacher' | 'operator' | 'bogus';

function authHeader(world: World): fc.Arbitrary<{ auth: Auth; value: string | undefined }> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ auth: 'anonymous' as const, value: undefined }) },
    { weight: 3, arbitrary: fc.constant({ auth: 'student' as const, value: 'student' }) },
    { weight: 3, arbitrary: fc.constant({ auth: 'teacher' as const, value: 'teacher' }) },
    { weight: 3, arbitrary: fc.constant({ auth: 'operator' as const, value: 'operator' }) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          headerText,
          headerText.map((t) => `Bearer ${t}`),
          fc.constantFrom(
            'Bearer',
            'Bearer ',
            'Basic dXNlcjpwYXNz',
            'bearer \t x',
            `Bearer ${'a'.repeat(8000)}`,
            'Token abc',
            'Bearer a b c',
          ),
          fc.constant(world.tokens.student).map((t) => `Bearer ${t}x`),
          fc.constant(world.tokens.student).map((t) => `Bearer ${t.slice(0, -1)}`),
        )
        .map((value) => ({ auth: 'bogus' as const, value })),
    },
  );
}

const contentTypes = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/octet-stream',
    'multipart/form-data',
    'application/xml',
    'application/json, text/plain',
    '',
  ),
  headerText,
);

interface Generated {
  url: string;
  method: string;
  auth: { auth: Auth; value: string | undefined };
  headers: Record<string, string>;
  body:
    | { kind: 'none' }
    | { kind: 'json'; text: string; contentType: string }
    | { kind: 'raw'; bytes: Buffer; contentType: string }
    | { kind: 'multipart'; payload: Buffer; contentType: string };
}

function requestFor(endpoint: Endpoint, world: World): fc.Arbitrary<Generated> {
  const params = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const path = fc.tuple(...params.map((p) => pathParam(p, world))).map((values) => {
    let url = endpoint.path;
    params.forEach((p, i) => {
      url = url.replace(`:${p}`, values[i]!);
    });
    return url;
  });
  const json = fc
    .record({
      text: jsonBody(endpoint, world),
      contentType: fc.oneof(
        { weight: 4, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: contentTypes },
      ),
    })
    .map((b) => ({ kind: 'json' as const, ...b }));
  const multipartArb = multipartBody(endpoint, world).map((b) => ({
    kind: 'multipart' as const,
    ...b,
  }));
  const raw = fc
    .record({
      bytes: fc.uint8Array({ maxLength: 1024 }).map((a) => Buffer.from(a)),
      contentType: contentTypes,
    })
    .map((b) => ({ kind: 'raw' as const, ...b }));
  const native =
    endpoint.body === 'json'
      ? json
      : endpoint.body === 'multipart'
        ? multipartArb
        : fc.constant({ kind: 'none' as const });
  const body = fc.oneof(
    { weight: 6, arbitrary: native },
    { weight: 1, arbitrary: json },
    { weight: 1, arbitrary: multipartArb },
    { weight: 1, arbitrary: raw },
  );
  const extraHeaders = fc.dictionary(
    fc.constantFrom(
      'accept',
      'accept-encoding',
      'x-forwarded-for',
      'origin',
      'cookie',
      'range',
      'if-none-match',
      'transfer-encoding-x',
      'x-request-id',
      'content-language',
      'tus-resumable',
      'upload-length',
      'upload-metadata',
      'upload-offset',
    ),
    headerText,
    { maxKeys: 3 },
  );
  return fc.record({
    url: fc
      .tuple(
        path,
        endpoint.method === 'GET'
          ? queryString(endpoint)
          : fc.oneof(fc.constant(''), queryString(endpoint)),
      )
      .map(([p, q]) => p + q),
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constant(endpoint.method) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
      },
    ),
    auth: authHeader(world),
    headers: extraHeaders,
    body,
  });
}

function toInject(generated: Generated, world: World): InjectOptions {
  const headers: Record<string, string> = { ...generated.headers };
  const { auth } = generated;
  if (auth.auth === 'student') Object.assign(headers, bearer(world.tokens.student));
  else if (auth.auth === 'teacher') Object.assign(headers, bearer(world.tokens.teacher));
  else if (auth.auth === 'operator') Object.assign(headers, bearer(world.tokens.operator));
  else if (auth.value !== undefined) headers.authorization = auth.value;
  const options: InjectOptions = {
    method: generated.method as InjectOptions['method'],
    url: generated.url,
    headers,
  };
  const { body } = generated;
  if (body.kind === 'json') {
    headers['content-type'] = body.contentType;
    options.payload = body.text;
  } else if (body.kind === 'raw' || body.kind === 'multipart') {
    headers['content-type'] = body.contentType;
    options.payload = body.kind === 'raw' ? body.bytes : body.payload;
  }
  if (headers['content-type'] === '') delete headers['content-type'];
  return options;
}

// ---------------------------------------------------------------- the suite

describe.each(databaseTargets)('fuzzing every endpoint on $name', (target) => {
  const t = useTestApp(target);
  let world: World;
  let files: () => Promise<string[]>;
  let last: Record<string, number | string>;
  let cases = 0;
  /** How often each status came back: FUZZ_VERBOSE=1 prints it, to see the cases reach past the validators. */
  const statuses: Record<number, number> = {};

  beforeAll(async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const student = await registerAccount(t.app);
    const course = await createCourse(
      t.app,
      teacher,
      {},
      { content: SAMPLE_PNG, filename: 'cover.png' },
    );
    await enroll(t.app, student, course._id);
    const homework = await uploadHomework(t.app, student, course._id);
    const sectionId = (await getOutlineAs(t.app, teacher, course._id)).sections[0]._id as string;
    const lesson = await addLesson(t.app, teacher, course._id, { sectionId, published: true });
    const attachment = await attachFile(t.app, teacher, lesson._id, SAMPLE_PDF, 'конспект.pdf');
    await uploadVideo(t.app, teacher, lesson._id, sampleMp4());
    const operator = await registerAccount(t.app);
    await setOperator(t.db, operator.user._id, true, cliActor('fuzz'));
    const application = await submitApplication(t.db, validApplication(), { autoApprove: false });
    world = {
      sectionId,
      lessonId: lesson._id,
      attachmentId: attachment._id,
      assignmentId: (
        await t.db
          .selectFrom('assignments')
          .select('id')
          .where('course_id', '=', course._id)
          .executeTakeFirstOrThrow()
      ).id,
      student,
      teacher,
      operator,
      applicationId: application._id,
      course,
      homework,
      coverName: course.coverUrl!.split('/').pop()!,
      tokens: { student: student.token, teacher: teacher.token, operator: operator.token },
    };
    files = async () => {
      const keys: string[] = [];
      for (const area of STORAGE_AREAS)
        for await (const key of t.app.storage.list(area)) keys.push(key);
      return keys.sort();
    };
    last = await snapshot(t.db, files);
  });

  it.each(FUZZED)(
    `$method $path: no 5xx, 4xx with a message, refused calls change nothing (${RUNS_PER_ENDPOINT} cases)`,
    async (endpoint) => {
      await fc.assert(
        fc.asyncProperty(
          fc.constant(null).chain(() => requestFor(endpoint, world)),
          async (generated) => {
            cases += 1;
            const response = await t.app.inject(toInject(generated, world));
            const status = response.statusCode;
            statuses[status] = (statuses[status] ?? 0) + 1;
            const where = `${generated.method} ${generated.url.slice(0, 200)} → ${status} ${response.body.slice(0, 300)}`;
            expect(status, where).toBeLessThan(500);
            if (status >= 400) {
              const page =
                endpoint.html && /^text\/html/.test(String(response.headers['content-type']));
              if (page && generated.method !== 'HEAD') {
                expect(response.body, where).toMatch(/<p>[^<]+<\/p>/);
              } else if (!page && generated.method !== 'HEAD') {
                let body: unknown;
                expect(() => (body = JSON.parse(response.body)), where).not.toThrow();
                expect(typeof (body as { message?: unknown }).message, where).toBe('string');
              }
              // Refused: not one row, not one stored file changed.
              expect(await snapshot(t.db, files), where).toEqual(last);
            } else {
              last = await snapshot(t.db, files);
            }
            // An operator's change to the world's accounts (a block, a role): put them back as they were.
            if (status < 300 && generated.url.startsWith('/api/admin/users/')) {
              await restoreAccounts(t.db, world);
              last = await snapshot(t.db, files);
            }
            // A generated logout ended a session the next cases need: make a new one.
            if (status === 204 && generated.url.startsWith('/api/auth/logout')) {
              world.tokens.student = await newSession(t.db, world.student.user._id);
              world.tokens.teacher = await newSession(t.db, world.teacher.user._id);
              world.tokens.operator = await newSession(t.db, world.operator.user._id);
              last = await snapshot(t.db, files);
            }
          },
        ),
        {
          numRuns: RUNS_PER_ENDPOINT,
          ...(SEED !== undefined ? { seed: SEED } : {}),
          endOnFailure: true,
        },
      );
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
    },
    TIMEOUT_MS,
  );

  it('fuzzes every route the API documents (a new route must join ENDPOINTS)', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const shape = (method: string, route: string) =>
      `${method.toUpperCase()} ${route.replace(/\{\w+\}|:\w+/g, ':param')}`;
    const documented = Object.entries(spec.paths)
      .flatMap(([route, methods]) =>
        Object.keys(methods).map((method) =>
          shape(method, route.startsWith('/api') ? route : `/api${route}`),
        ),
      )
      .filter((route) => !route.includes('/api/docs'))
      .sort();
    expect(documented.length).toBeGreaterThan(20);
    expect(documented).toEqual(ENDPOINTS.map((e) => shape(e.method, e.path)).sort());
  });

  // Found by this fuzzer: on PostgreSQL, which cannot store U+0000 in text, these answered 500.
  it.each([
    {
      where: 'a path param',
      request: () => ({
        method: 'GET' as const,
        url: '/api/courses/%00/homework',
        headers: bearer(world.tokens.student),
      }),
    },
    { where: 'a query', request: () => ({ method: 'GET' as const, url: '/api/courses?q=%00' }) },
    {
      where: 'a JSON body',
      request: () => ({
        method: 'PUT' as const,
        url: `/api/homework/${world.homework._id}/grade`,
        payload: { grade: '5', feedback: 'a\u0000b' },
        headers: bearer(world.tokens.teacher),
      }),
    },
    {
      where: 'a form field',
      request: () => {
        const form = multipart([
          { name: 'courseId', value: world.course._id },
          { name: 'comment', value: 'x\u0000' },
          { name: 'file', filename: 'a.pdf', content: SAMPLE_PDF },
        ]);
        return {
          method: 'POST' as const,
          url: '/api/courses/upload-homework',
          payload: form.payload,
          headers: { ...form.headers, ...bearer(world.tokens.student) },
        };
      },
    },
  ])('refuses a NUL character in $where with 400 and changes nothing', async ({ request }) => {
    const before = await snapshot(t.db, files);
    const response = await t.app.inject(request());
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
    expect(await snapshot(t.db, files)).toEqual(before);
  });

  it('ran every case and still answers /api/health with valid sessions', async () => {
    if (process.env.FUZZ_VERBOSE)
      console.log(`${target.name}: ${cases} cases, statuses ${JSON.stringify(statuses)}`);
    expect(cases).toBeGreaterThanOrEqual(RUNS_PER_ENDPOINT * FUZZED.length);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/getUser',
      headers: bearer(world.tokens.teacher),
    });
    expect(me.statusCode).toBe(200);
  });
});
