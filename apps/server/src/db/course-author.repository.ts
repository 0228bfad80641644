import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@urok/contract';
import type { Db } from './database.ts';

/**
 * The language of a course's author: what the course's own default names (its
 * first section, its default assignment) are written in, whoever's request
 * makes them.
 */
export async function findCourseAuthorLanguage(db: Db, courseId: string): Promise<Language> {
  const row = await db
    .selectFrom('courses')
    .innerJoin('users', 'users.id', 'courses.author_id')
    .select('users.language')
    .where('courses.id', '=', courseId)
    .executeTakeFirst();
  return row && isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
}
