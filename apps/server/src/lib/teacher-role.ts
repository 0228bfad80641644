/**
 * Who is a teacher, and who is a course's author: one module, so every door
 * (the API, the admin CLI, registration) applies the same rule.
 *
 * The teacher role belongs to the account it was granted to, never to a
 * telephone number (docs/decisions.md, "the teacher role"): an approved
 * application is used once, on the account that held its number when it was
 * approved or, failing that, on the first account to sign up with the number.
 * Moving an account to another number takes the role along; the freed number
 * grants nothing. Making the account a student revokes its approvals.
 */
import { messages, type User } from '@urok/contract';
import { AppError } from '../app-error.ts';
import type { Db } from '../db/database.ts';

/** Who asks: the signed-in account as its session found it (its current role). */
export type Requester = Pick<User, '_id' | 'isAdmin'>;

/**
 * The course's author who is still a teacher: the one test of every author
 * power (editing the course, its submissions, files, grades and exports).
 * A demoted teacher keeps their courses' rows but none of these powers.
 */
export function isCourseAuthor(user: Requester, authorId: string): boolean {
  return user.isAdmin && user._id === authorId;
}

/** 403 'not the course author' unless isCourseAuthor. */
export function assertCourseAuthor(user: Requester, authorId: string): void {
  if (!isCourseAuthor(user, authorId)) throw new AppError('FORBIDDEN', messages.notCourseAuthor);
}

async function makeTeacher(db: Db, userId: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: 1, updated_at: updatedAt })
    .where('id', '=', userId)
    .where('is_admin', '=', 0)
    .execute();
}

/**
 * Records the account an approval was used on, only if it was not used (or
 * revoked) yet; true when this call used it.
 */
async function markGranted(db: Db, applicationId: string, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('teacher_applications')
    .set({ granted_user_id: userId })
    .where('id', '=', applicationId)
    .where('status', '=', 'approved')
    .where('granted_user_id', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * On approval: the account holding the application's number now, if any,
 * becomes a teacher and the approval is used on it. Resolves to that account,
 * or undefined when no account has the number yet (grantOnSignUp then uses it).
 */
export async function grantOnApproval(
  db: Db,
  application: { id: string; telephone: string },
  now: string,
): Promise<{ id: string; username: string } | undefined> {
  const holder = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('telephone', '=', application.telephone)
    .executeTakeFirst();
  if (!holder) return undefined;
  if (await markGranted(db, application.id, holder.id)) await makeTeacher(db, holder.id, now);
  return holder;
}

/**
 * On sign-up, inside the transaction that inserted the account: an approval
 * of this number that no account has used yet makes it a teacher, once.
 * True when the account became a teacher.
 */
export async function grantOnSignUp(
  db: Db,
  user: { id: string; telephone: string },
  now: string,
): Promise<boolean> {
  const unused = await db
    .selectFrom('teacher_applications')
    .select('id')
    .where('telephone', '=', user.telephone)
    .where('status', '=', 'approved')
    .where('granted_user_id', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('decided_at')
    .orderBy('id')
    .executeTakeFirst();
  if (!unused || !(await markGranted(db, unused.id, user.id))) return false;
  await makeTeacher(db, user.id, now);
  return true;
}

/**
 * Sets the role of an account by the operator's decision. Making it a student
 * also revokes every approval used on it and any unused approval of its
 * current number, so no later sign-up or number change can bring the role back.
 */
export async function setAccountRole(
  db: Db,
  user: { id: string; telephone: string },
  isTeacher: boolean,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: isTeacher ? 1 : 0, updated_at: now })
    .where('id', '=', user.id)
    .execute();
  if (isTeacher) return;
  await db
    .updateTable('teacher_applications')
    .set({ revoked_at: now })
    .where('status', '=', 'approved')
    .where('revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('granted_user_id', '=', user.id),
        eb.and([eb('telephone', '=', user.telephone), eb('granted_user_id', 'is', null)]),
      ]),
    )
    .execute();
}
