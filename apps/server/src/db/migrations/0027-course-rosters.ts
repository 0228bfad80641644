import type { Kysely } from 'kysely';
import {
  installScopeNote,
  trackRowScopes,
  untrackRowScopes,
  type ApartColumn,
} from '../cache-versions.ts';
import { SCOPES as SCOPES_0025 } from './0025-scoped-versions.ts';

// Frozen once landed: add a new migration instead of editing this one.

/**
 * A course's roster apart from its own rows (db/cache-versions.ts rosterScope):
 * an enrolment raised the course's scope, and so did the count of students it
 * changes on the course's row, so every student's outline and lessons of the
 * course were loaded again after anyone enrolled. Enrolments now raise the
 * course's roster and the student's own scope; the course's row raises its
 * roster when only its count changed, and its own scopes when anything else did.
 */
export const SCOPES = {
  ...SCOPES_0025,
  enrollments: { roster: 'course_id', user: 'user_id' },
} as const;

/** The columns whose changes raise scopes of their own instead of their row's. */
export const APART: Readonly<Record<string, ApartColumn>> = {
  courses: { column: 'enrolled_count', scopes: { roster: 'id' } },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL: the row triggers' function again, in the form that stops searching its noted
  // list once it is long (db/cache-versions.ts installScopeNote); `down` leaves it.
  await installScopeNote(db);
  await untrackRowScopes(db, 'enrollments');
  await trackRowScopes(db, 'enrollments', SCOPES.enrollments);
  await untrackRowScopes(db, 'courses');
  await trackRowScopes(db, 'courses', SCOPES.courses, APART.courses);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await untrackRowScopes(db, 'courses');
  await trackRowScopes(db, 'courses', SCOPES_0025.courses);
  await untrackRowScopes(db, 'enrollments');
  await trackRowScopes(db, 'enrollments', SCOPES_0025.enrollments);
}
