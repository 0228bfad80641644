import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';
import {
  installScopeNote,
  trackRowScopes,
  uninstallScopeNote,
  untrackRowScopes,
} from '../cache-versions.ts';

// Frozen once landed: add a new migration instead of editing this one.

/**
 * Which scopes a row of each table belongs to, by the column that names it: a
 * write to the row raises those scopes' versions as well as its table's
 * (db/cache-versions.ts). Tables written often in a term are here, so an
 * enrolment, a submission or a grade in one course leaves every other
 * course's and person's kept answers alone; any other table has its table's
 * version only.
 */
export const SCOPES = {
  users: { user: 'id' },
  sessions: { user: 'user_id' },
  courses: { course: 'id', author: 'author_id' },
  enrollments: { course: 'course_id', user: 'user_id' },
  homework: { work: 'course_id', user: 'user_id' },
  sections: { course: 'course_id' },
  lessons: { course: 'course_id' },
  assignments: { course: 'course_id' },
  lesson_completions: { user: 'user_id' },
  quizzes: { course: 'course_id' },
  quiz_attempts: { work: 'course_id', user: 'user_id' },
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await installScopeNote(db);
  for (const [table, scopes] of Object.entries(SCOPES)) await trackRowScopes(db, table, scopes);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(SCOPES)) await untrackRowScopes(db, table);
  await uninstallScopeNote(db);
  if (dialectOf(db) === 'postgres') {
    await sql`delete from cache_version_log where name like '%:%'`.execute(db);
  }
  await sql`delete from cache_versions where name like '%:%'`.execute(db);
}
