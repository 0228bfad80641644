import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';
import {
  installScopeNote,
  trackRowScopes,
  uninstallScopeNote,
  untrackRowScopes,
} from '../cache-versions.ts';

// Frozen once landed: add a new migration instead of editing this one.

/** Versions per course and per person beside the tables' (db/cache-versions.ts, ROW_SCOPES). */
const SCOPES = {
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
