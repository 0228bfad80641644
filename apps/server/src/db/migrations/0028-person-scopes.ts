import type { Kysely } from 'kysely';
import { installScopeNote, trackRowScopes, untrackRowScopes } from '../cache-versions.ts';
import { APART, SCOPES as SCOPES_0027 } from './0027-course-rosters.ts';

// Frozen once landed: add a new migration instead of editing this one.

/**
 * A person's rows apart by kind and by course (db/cache-versions.ts): every
 * row of a person raised their one scope, so an upload, a grade or an
 * enrolment in one course made everything kept for them load again — their
 * session, their course list, their outlines and lessons and gradebook rows
 * of every other course. Now their account row raises `user`, their sessions
 * `sessions`, their enrolments `enrolments` (the list of their courses), their
 * lessons done `progress`; and in one course, named by person and course,
 * their enrolment there `member`, their submissions, grades and quiz attempts
 * there `submitted`.
 */
export const SCOPES = {
  ...SCOPES_0027,
  sessions: { sessions: 'user_id' },
  enrollments: { roster: 'course_id', enrolments: 'user_id', member: 'user_id+course_id' },
  homework: { work: 'course_id', submitted: 'user_id+course_id' },
  lesson_completions: { progress: 'user_id' },
  quiz_attempts: { work: 'course_id', submitted: 'user_id+course_id' },
} as const;

export { APART };

const RETRACKED = ['sessions', 'enrollments', 'homework', 'lesson_completions', 'quiz_attempts'];

export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL: the row triggers' function again, in the form that names a scope by two
  // columns; `down` leaves it (it names single-column scopes as before).
  await installScopeNote(db);
  for (const table of RETRACKED) {
    await untrackRowScopes(db, table);
    await trackRowScopes(db, table, SCOPES[table as keyof typeof SCOPES]);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of RETRACKED) {
    await untrackRowScopes(db, table);
    await trackRowScopes(db, table, SCOPES_0027[table as keyof typeof SCOPES_0027]);
  }
}
