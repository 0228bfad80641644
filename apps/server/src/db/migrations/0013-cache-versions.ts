import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-of.ts';
import {
  installCacheVersions,
  trackTableVersion,
  untrackTableVersion,
} from '../cache-versions.ts';

// Frozen once landed: add a new migration instead of editing this one.

/** Every table up to this migration; a later migration that creates one calls trackTableVersion. */
const TABLES = [
  'users',
  'sessions',
  'teacher_applications',
  'courses',
  'enrollments',
  'homework',
  'pledges',
  'password_resets',
  'sections',
  'lessons',
  'lesson_attachments',
  'lesson_completions',
  'audit_log',
  'assignments',
  'homework_grade_history',
  'homework_comments',
  'calendar_feeds',
  'media_signing_key',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await installCacheVersions(db);
  for (const table of TABLES) await trackTableVersion(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await untrackTableVersion(db, table);
  if (dialectOf(db) === 'postgres') {
    await sql`drop table cache_version_commits`.execute(db);
    await sql`drop function cache_version_commit`.execute(db);
    await sql`drop function cache_version_note`.execute(db);
  }
  await db.schema.dropTable('cache_versions').execute();
}
