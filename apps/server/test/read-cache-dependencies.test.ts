import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCacheVersions } from '../src/db/cache-versions.ts';
import { APART, SCOPES } from '../src/db/migrations/0028-finer-scopes.ts';
import { declaredCachedReads } from '../src/lib/cached-json.ts';
import type { CacheAudit } from '../src/lib/read-cache.ts';
import { addAssignment } from './assignment-fixtures.ts';
import { addLesson, addSection } from './content-fixtures.ts';
import { createCourse, enroll, registerTeacher, uploadHomework } from './course-fixtures.ts';
import {
  bearer,
  databaseTargets,
  registerAccount,
  useTestApp,
  type Account,
  type TestDatabase,
} from './helpers.ts';
import { SAMPLE_QUESTIONS, addQuestion, addQuiz, startAttempt, submit } from './quiz-fixtures.ts';

/**
 * The read cache's structural check: every cached read (lib/cached-json.ts)
 * runs its load under the SQL recorder, and each table its SQL read must be
 * covered by what it declares — the table itself, or a scope (a course, a
 * person) whose versions that table's row triggers raise — read back from
 * the database's own triggers, the one record of them. A read
 * that starts reading a new table, or a declaration that loses a name, fails
 * here; so does a cached read this walk does not reach.
 */

type Audited = Parameters<CacheAudit>[0];

/** Each table's scopes as its triggers raise them: `kind:column` pairs (`kind:a+b` for two columns). */
type RowScopes = Readonly<Record<string, readonly string[]>>;

/** What `declared` leaves uncovered among the tables `read`, whose rows carry `rowScopes`. */
export function uncoveredTables(
  read: readonly string[],
  declared: readonly string[],
  rowScopes: RowScopes,
): string[] {
  const kinds = new Set(declared.filter((name) => name.includes(':')).map((n) => n.split(':')[0]));
  return read.filter((table) => {
    if (declared.includes(table)) return false;
    return !(rowScopes[table] ?? []).some((pair) => kinds.has(pair.split(':')[0]));
  });
}

/**
 * What `declared` leaves uncovered among the columns with scopes of their own (a course's
 * count of students): a read whose SQL names one must declare one of its scopes (its table's
 * version leaves it out, migration 0028).
 */
export function uncoveredColumns(
  words: ReadonlySet<string>,
  declared: readonly string[],
  apart: typeof APART,
): string[] {
  const kinds = new Set(declared.map((name) => name.split(':')[0]));
  return Object.entries(apart)
    .filter(([table, { column }]) => words.has(table) && words.has(column))
    .filter(([, { scopes }]) => !Object.keys(scopes).some((kind) => kinds.has(kind)))
    .map(([table, { column }]) => `${table}.${column}`);
}

/** The scopes as migrations 0025, 0027 and 0028 installed them, in the shape read back from the triggers. */
const INSTALLED: RowScopes = Object.fromEntries(
  Object.entries(SCOPES)
    .map(
      ([table, scopes]) =>
        [
          table,
          [...Object.entries(scopes), ...Object.entries(APART[table]?.scopes ?? {})]
            .map((p) => p.join(':'))
            .sort(),
        ] as const,
    )
    .sort(([a], [b]) => a.localeCompare(b)),
);

describe('the coverage rule itself', () => {
  it('asks a read that names the count of students for the roster', () => {
    const words = new Set(['courses', 'enrolled_count', 'title']);
    expect(uncoveredColumns(words, ['course:c1'], APART)).toEqual(['courses.enrolled_count']);
    expect(uncoveredColumns(words, ['course:c1', 'roster:c1'], APART)).toEqual([]);
    expect(uncoveredColumns(words, ['courses'], APART)).toEqual(['courses.enrolled_count']);
    expect(uncoveredColumns(words, ['courses', 'roster:c1'], APART)).toEqual([]);
    expect(uncoveredColumns(new Set(['courses', 'title']), ['course:c1'], APART)).toEqual([]);
  });

  it('takes a table, or a scope its rows carry, and nothing else', () => {
    expect(uncoveredTables(['users'], ['users'], INSTALLED)).toEqual([]);
    expect(uncoveredTables(['enrollments'], ['course:c1'], INSTALLED)).toEqual(['enrollments']);
    expect(uncoveredTables(['enrollments'], ['roster:c1'], INSTALLED)).toEqual([]);
    expect(uncoveredTables(['enrollments'], ['user:u1'], INSTALLED)).toEqual(['enrollments']);
    expect(uncoveredTables(['enrollments'], ['enrolments:u1'], INSTALLED)).toEqual([]);
    expect(uncoveredTables(['enrollments'], ['member:u1:c1'], INSTALLED)).toEqual([]);
    expect(uncoveredTables(['sessions'], ['user:u1'], INSTALLED)).toEqual(['sessions']);
    expect(uncoveredTables(['sessions'], ['sessions:u1'], INSTALLED)).toEqual([]);
    expect(uncoveredTables(['homework'], ['user:u1'], INSTALLED)).toEqual(['homework']);
    expect(uncoveredTables(['homework'], ['member:u1:c1'], INSTALLED)).toEqual(['homework']);
    expect(uncoveredTables(['homework'], ['submitted:u1:c1'], INSTALLED)).toEqual([]);
    expect(uncoveredTables(['quiz_attempts'], ['submitted:u1:c1'], INSTALLED)).toEqual([]);
    expect(uncoveredTables(['lesson_completions'], ['progress:u1'], INSTALLED)).toEqual([]);
    expect(uncoveredTables(['courses'], ['user:u1'], INSTALLED)).toEqual(['courses']);
    expect(uncoveredTables(['courses'], ['author:u1'], INSTALLED)).toEqual([]);
    expect(uncoveredTables(['homework'], ['course:c1'], INSTALLED)).toEqual(['homework']);
    expect(uncoveredTables(['homework'], ['work:c1'], INSTALLED)).toEqual([]);
    expect(uncoveredTables(['lesson_completions'], ['course:c1'], INSTALLED)).toEqual([
      'lesson_completions',
    ]);
    expect(uncoveredTables(['lesson_attachments'], ['course:c1'], INSTALLED)).toEqual([
      'lesson_attachments',
    ]);
    expect(uncoveredTables(['users', 'courses'], [], INSTALLED)).toEqual(['users', 'courses']);
  });
});

describe.each(databaseTargets)('what each cached read depends on, on $name', (target) => {
  const t = useTestApp(target);
  const records: Audited[] = [];
  let teacher: Account;
  let student: Account;
  let courseId: string;
  let lessonId: string;

  const get = async (account: Account | null, url: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/${url}`,
      headers: account ? bearer(account.token) : {},
    });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  };

  beforeAll(async () => {
    teacher = await registerTeacher(t.app, t.db);
    student = await registerAccount(t.app);
    courseId = (await createCourse(t.app, teacher))._id;
    const sectionId = (await addSection(t.app, teacher, courseId, 'Тема 1'))._id;
    lessonId = (await addLesson(t.app, teacher, courseId, { sectionId, published: true }))._id;
    const assignment = await addAssignment(t.app, teacher, courseId, {
      sectionId,
      published: true,
    });
    const question = await addQuestion(t.app, teacher, courseId, SAMPLE_QUESTIONS.truefalse!);
    const quiz = await addQuiz(t.app, teacher, courseId, {
      sectionId,
      title: 'Тест',
      published: true,
      slots: [{ questionId: question._id }],
    });
    await enroll(t.app, student, courseId);
    await uploadHomework(t.app, student, courseId, undefined, { assignmentId: assignment._id });
    await submit(t.app, student, (await startAttempt(t.app, student, quiz._id))._id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/lessons/${lessonId}/completion`,
      headers: bearer(student.token),
    });

    t.app.readCache.audit = (record) => records.push(record);
    // Every cached read, as each kind of asker makes it (the session lookup with each), each with
    // something in its answer: names found in an answer (`after`, the rosters of the courses a
    // list shows) cover their kinds only when it shows one.
    await get(null, 'courses');
    await get(null, `courses?q=${encodeURIComponent('історія')}`);
    await get(teacher, 'users/created-courses');
    await get(student, `user/${student.user._id}/courses`);
    await get(null, `courses/${courseId}`);
    await get(student, `courses/${courseId}`);
    await get(teacher, `courses/${courseId}`);
    await get(null, `courses/${courseId}/outline`);
    await get(student, `courses/${courseId}/outline`);
    await get(teacher, `courses/${courseId}/outline`);
    await get(student, `lessons/${lessonId}`);
    await get(teacher, `lessons/${lessonId}`);
    await get(teacher, `courses/${courseId}/userswithhw`);
    await get(teacher, `courses/${courseId}/gradebook`);
    // A new account's first request: its session is looked up (the writes above raised none of
    // the others' account or sessions versions, so theirs stayed kept), and it sees the outline
    // of a course it is not in.
    const newcomer = await registerAccount(t.app);
    await get(newcomer, `courses/${courseId}/outline`);
  });

  afterAll(() => {
    t.app.readCache.audit = undefined;
  });

  it('reaches every declared cached read', () => {
    const reached = new Set(records.map((record) => record.key.split(':')[0]));
    expect([...declaredCachedReads].filter((name) => !reached.has(name))).toEqual([]);
  });

  it('covers every table a cached read reads by what it declares', async () => {
    const rowScopes = await installedRowScopes(t.db, target.name);
    const tables = [...(await readCacheVersions(t.db)).keys()].filter((n) => !n.includes(':'));
    const gaps = records.flatMap((record) => {
      const read = tables.filter((table) => record.words.has(table));
      expect(read.length, record.key).toBeGreaterThan(0);
      const missing = uncoveredTables(read, record.declared, rowScopes);
      return missing.length > 0
        ? [`${record.key} reads ${missing.join(', ')}; declares ${record.declared.join(', ')}`]
        : [];
    });
    expect(gaps, gaps.join('\n')).toEqual([]);
  });

  it('covers the count of students wherever a cached read names it', () => {
    const gaps = records.flatMap((record) => {
      const missing = uncoveredColumns(record.words, record.declared, APART);
      return missing.length > 0 ? [`${record.key} reads ${missing.join(', ')}`] : [];
    });
    expect(gaps, gaps.join('\n')).toEqual([]);
  });

  it('has in the database exactly the row scopes migrations 0025, 0027 and 0028 installed', async () => {
    expect(await installedRowScopes(t.db, target.name)).toEqual(INSTALLED);
  });

  it.runIf(target.name === 'sqlite')(
    'compares every other column of a table with an apart column in its update triggers',
    async () => {
      for (const [table, { column }] of Object.entries(APART)) {
        const { rows: columns } = await sql<{ name: string }>`
          select name from pragma_table_info(${table})`.execute(t.db);
        const others = columns.map((c) => c.name).filter((name) => name !== column);
        expect(others.length).toBeGreaterThan(1);
        // The row's scopes and the table's version: a migration that adds a column to the table
        // must track the table again.
        for (const trigger of [`cache_scope_${table}_update`, `cache_version_${table}_update`]) {
          const { rows } = await sql<{ sql: string }>`
            select sql from sqlite_master where type = 'trigger' and name = ${trigger}`.execute(
            t.db,
          );
          expect(rows, trigger).toHaveLength(1);
          for (const name of others)
            expect(rows[0]!.sql, trigger).toContain(`old.${name} is not new.${name}`);
          expect(rows[0]!.sql, trigger).not.toContain(`old.${column} `);
        }
      }
    },
  );

  it.runIf(target.name === 'postgres')(
    "names every other column of a table with an apart column in its version's update trigger",
    async () => {
      for (const [table, { column }] of Object.entries(APART)) {
        const { rows: columns } = await sql<{ name: string }>`
          select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(t.db);
        const { rows } = await sql<{ name: string }>`
          select a.attname as name from pg_trigger g
          join pg_class c on c.oid = g.tgrelid
          join pg_attribute a on a.attrelid = c.oid and a.attnum = any (g.tgattr)
          where g.tgname = ${`cache_version_${table}_update`}
            and c.relnamespace = current_schema()::regnamespace`.execute(t.db);
        const others = columns.map((c) => c.name).filter((name) => name !== column);
        expect(others.length).toBeGreaterThan(1);
        // A migration that adds a column to the table must track the table again.
        expect(rows.map((r) => r.name).sort()).toEqual(others.sort());
      }
    },
  );
});

/** Each table's scope triggers as installed: `kind:column` pairs, from the triggers themselves. */
async function installedRowScopes(
  db: TestDatabase['db'],
  dialect: string,
): Promise<Record<string, string[]>> {
  const found = new Map<string, Set<string>>();
  const note = (table: string, pair: string) => {
    if (!found.has(table)) found.set(table, new Set());
    found.get(table)!.add(pair);
  };
  if (dialect === 'postgres') {
    const { rows } = await sql<{ table: string; args: string }>`
      select c.relname as table, encode(t.tgargs, 'escape') as args
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname like 'cache_scope_%' and c.relnamespace = current_schema()::regnamespace`.execute(
      db,
    );
    for (const row of rows) {
      for (const pair of row.args.split('\\000').filter(Boolean)) note(row.table, pair);
    }
  } else {
    const { rows } = await sql<{ table: string; sql: string }>`
      select tbl_name as "table", sql from sqlite_master
      where type = 'trigger' and name like 'cache_scope_%'`.execute(db);
    // `'kind:' || new.a`, or `'kind:' || new.a || ':' || new.b` for a scope named by two columns.
    const bump = /'(\w+):' \|\| (?:new|old)\.(\w+)(?: \|\| ':' \|\| (?:new|old)\.(\w+))?/g;
    for (const row of rows) {
      for (const match of row.sql.matchAll(bump)) {
        note(row.table, `${match[1]}:${match[2]}${match[3] ? `+${match[3]}` : ''}`);
      }
    }
  }
  return Object.fromEntries(
    [...found.entries()]
      .map(([table, pairs]) => [table, [...pairs].sort()] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}
