import type { AppInstance } from '../src/app.ts';
import type { Assignment } from '@urok/contract/schemas';
import { bearer, type Account } from './helpers.ts';
import { paragraphDoc } from './content-fixtures.ts';

/** Adds an assignment through the API (201 or the test fails). */
export async function addAssignment(
  app: AppInstance,
  author: Account,
  courseId: string,
  fields: Record<string, unknown> & { sectionId: string },
): Promise<Assignment> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/assignments`,
    headers: bearer(author.token),
    payload: { title: 'Есе', instructions: paragraphDoc('Напишіть есе.'), ...fields },
  });
  if (response.statusCode !== 201)
    throw new Error(`add assignment failed: ${response.statusCode} ${response.body}`);
  return response.json().assignment as Assignment;
}

/** The course's default assignment id, straight from the database. */
export async function defaultAssignmentId(app: AppInstance, courseId: string): Promise<string> {
  const row = await app.db
    .selectFrom('assignments')
    .select('id')
    .where('course_id', '=', courseId)
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  return row.id;
}
