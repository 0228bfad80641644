import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCacheVersions } from '../src/db/cache-versions.ts';
import { SCOPES as MIGRATION_0025_SCOPES } from '../src/db/migrations/0025-scoped-versions.ts';
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

/** Each table's scopes as its triggers raise them: `kind:column` pairs. */
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

/** The scopes as migration 0025 installed them, in the shape read back from the triggers. */
const INSTALLED_BY_0025: RowScopes = Object.fromEntries(
  Object.entries(MIGRATION_0025_SCOPES)
    .map(
      ([table, scopes]) =>
        [
          table,
          Object.entries(scopes)
            .map((p) => p.join(':'))
            .sort(),
        ] as const,
    )
    .sort(([a], [b]) => a.localeCompare(b)),
);

describe('the coverage rule itself', () => {
  it('takes a table, or a scope its rows carry, and nothing else', () => {
    expect(uncoveredTables(['users'], ['users'], INSTALLED_BY_0025)).toEqual([]);
    expect(uncoveredTables(['enrollments'], ['course:c1'], INSTALLED_BY_0025)).toEqual([]);
    expect(uncoveredTables(['enrollments'], ['user:u1'], INSTALLED_BY_0025)).toEqual([]);
    expect(uncoveredTables(['courses'], ['user:u1'], INSTALLED_BY_0025)).toEqual(['courses']);
    expect(uncoveredTables(['courses'], ['author:u1'], INSTALLED_BY_0025)).toEqual([]);
    expect(uncoveredTables(['homework'], ['course:c1'], INSTALLED_BY_0025)).toEqual(['homework']);
    expect(uncoveredTables(['homework'], ['work:c1'], INSTALLED_BY_0025)).toEqual([]);
    expect(uncoveredTables(['lesson_completions'], ['course:c1'], INSTALLED_BY_0025)).toEqual([
      'lesson_completions',
    ]);
    expect(uncoveredTables(['lesson_attachments'], ['course:c1'], INSTALLED_BY_0025)).toEqual([
      'lesson_attachments',
    ]);
    expect(uncoveredTables(['users', 'courses'], [], INSTALLED_BY_0025)).toEqual([
      'users',
      'courses',
    ]);
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
    // Every cached read, as each kind of asker makes it (the session lookup with each).
    await get(null, 'courses');
    await get(null, `courses?q=${encodeURIComponent('курс')}`);
    await get(teacher, 'users/created-courses');
    await get(student, `user/${student.user._id}/courses`);
    await get(null, `courses/${courseId}/outline`);
    await get(student, `courses/${courseId}/outline`);
    await get(teacher, `courses/${courseId}/outline`);
    await get(student, `lessons/${lessonId}`);
    await get(teacher, `lessons/${lessonId}`);
    await get(teacher, `courses/${courseId}/userswithhw`);
    await get(teacher, `courses/${courseId}/gradebook`);
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

  it('has in the database exactly the row scopes migration 0025 installed', async () => {
    expect(await installedRowScopes(t.db, target.name)).toEqual(INSTALLED_BY_0025);
  });
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
    for (const row of rows) {
      for (const match of row.sql.matchAll(/'(\w+):' \|\| (?:new|old)\.(\w+)/g)) {
        note(row.table, `${match[1]}:${match[2]}`);
      }
    }
  }
  return Object.fromEntries(
    [...found.entries()]
      .map(([table, pairs]) => [table, [...pairs].sort()] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}
