import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db, Dialect } from '../src/db/database.ts';
import {
  deleteExpiredSessions,
  findSessionWithUser,
  findUserByTelephone,
} from '../src/features/auth/auth.repository.ts';
import {
  findStudentsOfAuthor,
  findTeachersOfStudent,
} from '../src/features/contacts/contacts.repository.ts';
import {
  findCourses,
  findCoursesByAuthor,
  findEnrolledCourses,
} from '../src/features/courses/courses.repository.ts';
import {
  findCourseHomeworkUsage,
  findCourseHomeworkPage,
  findEnrolledStudentContacts,
  findOwnHomework,
  findUserHomeworkUsage,
} from '../src/features/homework/homework.repository.ts';
import {
  findAuthoredCalendarAssignments,
  findEnrolledCalendarAssignments,
  findFeedHolder,
} from '../src/features/calendar/calendar.repository.ts';
import {
  findCourseCellRows,
  findEnrolledStudents,
  findUserGradeRows,
} from '../src/features/gradebook/gradebook.repository.ts';
import {
  countLessons,
  countPublishedLessons,
  countSections,
  findAttachments,
  findAttachmentWithLesson,
  findCompletedLessonIds,
  findLessonItems,
  findLessonWithAuthor,
  findSections,
  findSectionWithAuthor,
  findStudentProgress,
  isLessonCompleted,
  maxLessonPosition,
  nextSectionPosition,
  sectionHasLessons,
  findAssignmentItems,
  maxAssignmentPosition,
  sectionHasAssignments,
} from '../src/features/content/content.repository.ts';
import {
  assignmentHasSubmissions,
  countAssignments,
  deleteAssignmentIfUnused,
  findAssignmentWithAuthor,
  findCourseAssignments,
  findDefaultAssignment,
  maxAssignmentPoints,
} from '../src/features/assignments/assignments.repository.ts';
import {
  findComments,
  findGradeHistory,
  findHomeworkById,
} from '../src/features/homework/homework.repository.ts';
import { databaseTargets, type TestDatabase } from './helpers.ts';

/**
 * Every hot query is served by an index, never by a full scan of a big
 * table. The SQL is the repositories' own: each call runs against a Kysely
 * whose driver executes nothing and whose log keeps the compiled query; the
 * real database then explains it. No data is needed — a plan depends on the
 * indexes — and no ANALYZE: SQLite plans by its defaults, and PostgreSQL,
 * whose planner prefers a sequential scan of a tiny table, is asked with
 * enable_seqscan off, so a "Seq Scan" left in the plan means no index can
 * serve the query.
 */

const BIG_TABLES = [
  'users',
  'sessions',
  'courses',
  'enrollments',
  'homework',
  'sections',
  'lessons',
  'lesson_attachments',
  'lesson_completions',
  'assignments',
  'homework_grade_history',
  'homework_comments',
  'calendar_feeds',
];
const id = '01941f38-ba58-7528-8e8e-742484d35447';
const other = '01941f38-c228-7314-9f13-7ee06ebdc805';

interface HotQuery {
  name: string;
  run: (db: Db) => Promise<unknown>;
}

const hotQueries: HotQuery[] = [
  { name: 'catalog page', run: (db) => findCourses(db, { terms: [], limit: 25 }) },
  {
    name: 'catalog page after a cursor',
    run: (db) =>
      findCourses(db, {
        terms: [],
        limit: 25,
        after: { createdAt: '2025-06-01T00:00:00.000Z', id },
      }),
  },
  {
    name: 'catalog by author',
    run: (db) => findCourses(db, { terms: [], authorId: id, limit: 25 }),
  },
  {
    name: 'catalog search ?q=фізика',
    run: (db) => findCourses(db, { terms: ['фізика'], limit: 25 }),
  },
  { name: "a user's enrolled courses", run: (db) => findEnrolledCourses(db, id) },
  { name: "a teacher's created courses", run: (db) => findCoursesByAuthor(db, id) },
  {
    name: 'userswithhw: the enrolled students',
    run: (db) => findEnrolledStudentContacts(db, id),
  },
  {
    name: 'userswithhw: a page of submissions, newest first',
    run: (db) => findCourseHomeworkPage(db, id, { submittedAt: '2026-01-01', id: 'x' }, 2000),
  },
  { name: 'own homework', run: (db) => findOwnHomework(db, id, other) },
  { name: "upload quota: a user's files and bytes", run: (db) => findUserHomeworkUsage(db, id) },
  {
    name: "upload quota: a course's files and bytes",
    run: (db) => findCourseHomeworkUsage(db, id),
  },
  { name: "contacts: a teacher's students", run: (db) => findStudentsOfAuthor(db, id) },
  { name: "contacts: a student's teachers", run: (db) => findTeachersOfStudent(db, id) },
  { name: 'session by token hash', run: (db) => findSessionWithUser(db, 'a'.repeat(64)) },
  { name: 'user by telephone', run: (db) => findUserByTelephone(db, '+380501112233') },
  // Course content
  { name: "a course's sections (outline)", run: (db) => findSections(db, id) },
  { name: "a course's lessons (outline)", run: (db) => findLessonItems(db, id) },
  { name: 'section by id, with its author', run: (db) => findSectionWithAuthor(db, id) },
  { name: 'sections of a course counted', run: (db) => countSections(db, id) },
  { name: 'next section position', run: (db) => nextSectionPosition(db, id) },
  { name: 'a section holds a lesson', run: (db) => sectionHasLessons(db, id) },
  { name: 'next lesson position in a section', run: (db) => maxLessonPosition(db, id) },
  { name: 'lessons of a course counted', run: (db) => countLessons(db, id) },
  { name: 'published lessons counted (progress)', run: (db) => countPublishedLessons(db, id) },
  { name: 'lesson by id, with its author', run: (db) => findLessonWithAuthor(db, id) },
  { name: "a lesson's attachments", run: (db) => findAttachments(db, id) },
  { name: 'attachment by id, with its lesson', run: (db) => findAttachmentWithLesson(db, id) },
  {
    name: "a student's completions in a course",
    run: (db) => findCompletedLessonIds(db, id, other),
  },
  { name: 'one completion', run: (db) => isLessonCompleted(db, id, other) },
  { name: "every student's progress in a course", run: (db) => findStudentProgress(db, id) },
  // Assignments
  { name: "a course's assignments (outline)", run: (db) => findAssignmentItems(db, id) },
  { name: "a course's assignments in order", run: (db) => findCourseAssignments(db, id) },
  { name: "a course's default assignment", run: (db) => findDefaultAssignment(db, id) },
  { name: 'assignment by id, with its author', run: (db) => findAssignmentWithAuthor(db, id) },
  { name: 'assignments of a course counted', run: (db) => countAssignments(db, id) },
  { name: 'a section holds an assignment', run: (db) => sectionHasAssignments(db, id) },
  { name: 'next assignment position in a section', run: (db) => maxAssignmentPosition(db, id) },
  { name: 'an assignment has submissions', run: (db) => assignmentHasSubmissions(db, id) },
  { name: "an assignment's highest points", run: (db) => maxAssignmentPoints(db, id) },
  { name: 'an unused assignment deleted', run: (db) => deleteAssignmentIfUnused(db, id) },
  { name: 'homework by id, with its course and assignment', run: (db) => findHomeworkById(db, id) },
  { name: 'grade history of submissions', run: (db) => findGradeHistory(db, [id, other]) },
  { name: "a submission's comments", run: (db) => findComments(db, id) },
  { name: 'gradebook: enrolled students', run: (db) => findEnrolledStudents(db, id) },
  { name: "gradebook: a course's submissions", run: (db) => findCourseCellRows(db, id) },
  {
    name: "grades: a student's submissions to a course",
    run: (db) => findUserGradeRows(db, id, other),
  },
  { name: 'calendar feed by token hash', run: (db) => findFeedHolder(db, 'a'.repeat(64)) },
  {
    name: "calendar: due dates of a student's courses",
    run: (db) => findEnrolledCalendarAssignments(db, id),
  },
  {
    name: "calendar: due dates of a teacher's courses",
    run: (db) => findAuthoredCalendarAssignments(db, id),
  },
  {
    name: 'expired-session sweep',
    run: (db) => deleteExpiredSessions(db, '2025-06-01T00:00:00.000Z'),
  },
];

/** The queries `run` would send, compiled for `dialect` but never executed. */
async function compile(dialect: Dialect, run: HotQuery['run']): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const dryRun = new Kysely<Database>({
    dialect: {
      createAdapter: () => (dialect === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        dialect === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db),
      createQueryCompiler: () =>
        dialect === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  await run(dryRun);
  await dryRun.destroy();
  return captured;
}

/** The plan's lines, and those that read a whole big table. */
async function explain(
  database: TestDatabase,
  query: CompiledQuery,
): Promise<{ plan: string[]; fullScans: string[] }> {
  if (database.dialect === 'sqlite') {
    const { rows } = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const plan = rows.map((row) => row.detail);
    // "SCAN t" alone reads every row; "SCAN t USING [COVERING] INDEX i" walks an index (in order, to a LIMIT);
    // a virtual table (FTS5) scan names its index plan ("INDEX 0:M2"), and "INDEX 0:" alone means all of it.
    const fullScans = plan.filter((line) => {
      const table = /^SCAN (\w+)/.exec(line)?.[1];
      if (!table) return false;
      if (/VIRTUAL TABLE INDEX \d+:$/.test(line)) return true;
      return BIG_TABLES.includes(table) && !/USING (COVERING )?INDEX/.test(line);
    });
    return { plan, fullScans };
  }
  return database.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    const plan = rows.map((row) => row['QUERY PLAN']);
    const fullScans = plan.filter((line) =>
      BIG_TABLES.some(
        (table) => line.includes(`Seq Scan on ${table} `) || line.endsWith(`Seq Scan on ${table}`),
      ),
    );
    return { plan, fullScans };
  });
}

describe.each(databaseTargets)('query plans on $name', (target) => {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(hotQueries)('$name uses an index', async ({ run }) => {
    const queries = await compile(target.name, run);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      const { plan, fullScans } = await explain(database!, query);
      expect(fullScans, `${query.sql}\n${plan.join('\n')}`).toEqual([]);
    }
  });

  it.runIf(target.name === 'sqlite')(
    'searches 3+ character words through the FTS5 trigram index',
    async () => {
      const [query] = await compile('sqlite', (db) =>
        findCourses(db, { terms: ['фізика'], limit: 25 }),
      );
      const { plan } = await explain(database!, query!);
      expect(plan.join('\n')).toMatch(/SCAN course_search VIRTUAL TABLE INDEX \d+:M/);
    },
  );

  it.runIf(target.name === 'postgres')(
    'searches through the pg_trgm GIN index when pg_trgm is installed',
    async () => {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(
        database!.db,
      );
      if (rows[0]?.n === 0) return; // Without the extension search walks the catalog (bench/README.md).
      const [query] = await compile('postgres', (db) =>
        findCourses(db, { terms: ['фізика'], limit: 25 }),
      );
      const { plan } = await explain(database!, query!);
      expect(plan.join('\n')).toMatch(/courses_search_text_trgm/);
    },
  );

  // The documented limit: a trigram index cannot find a 1–2 character word, so such a word is matched by
  // walking the catalog in order (courses_created_id) and testing each course — every row when few match.
  it.runIf(target.name === 'sqlite')(
    'matches a 1–2 character word without the search index (the documented limit)',
    async () => {
      const [query] = await compile('sqlite', (db) =>
        findCourses(db, { terms: ['ab'], limit: 25 }),
      );
      const { plan } = await explain(database!, query!);
      expect(plan.join('\n')).not.toMatch(/course_search/);
      expect(plan.join('\n')).toMatch(/SCAN courses USING INDEX courses_created_id/);
    },
  );
});
