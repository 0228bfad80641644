import type { Kysely } from 'kysely';
import {
  installScopeNote,
  retrackTableVersion,
  trackRowScopes,
  untrackRowScopes,
} from '../cache-versions.ts';
import { APART, SCOPES as SCOPES_0027 } from './0027-course-rosters.ts';

// Frozen once landed: add a new migration instead of editing this one.

/**
 * Scopes by what changed, a step further (db/cache-versions.ts).
 *
 * A person's rows apart by kind and by course: every row of a person raised
 * their one scope, so an upload, a grade or an enrolment in one course made
 * everything kept for them load again — their session, their course list,
 * their outlines and lessons and gradebook rows of every other course. Now
 * their account row raises `user`, their sessions `sessions`, their
 * enrolments `enrolments` (the list of their courses), their lessons done
 * `progress`; and in one course, named by person and course, their enrolment
 * there `member`, their submissions, grades and quiz attempts there
 * `submitted`.
 *
 * A course's count of students apart from the courses table too: every
 * enrolment raised the table's version, and with it dropped the catalog and
 * every search, which now depend on the rosters of the courses they show.
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

/** The table whose version leaves out its apart column: the courses and their count of students. */
const APART_TABLE = 'courses';

export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL: the row triggers' function again, in the form that names a scope by two
  // columns; `down` leaves it (it names single-column scopes as before).
  await installScopeNote(db);
  for (const table of RETRACKED) {
    await untrackRowScopes(db, table);
    await trackRowScopes(db, table, SCOPES[table as keyof typeof SCOPES]);
  }
  await retrackTableVersion(db, APART_TABLE, APART[APART_TABLE]!.column);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await retrackTableVersion(db, APART_TABLE);
  for (const table of RETRACKED) {
    await untrackRowScopes(db, table);
    await trackRowScopes(db, table, SCOPES_0027[table as keyof typeof SCOPES_0027]);
  }
}
