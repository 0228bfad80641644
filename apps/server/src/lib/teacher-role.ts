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
import {
  findAccountByTelephone,
  findUnusedApproval,
  markApprovalGranted,
  promoteStudent,
  revokeApprovals,
  updateRole,
} from '../db/teacher-role.repository.ts';

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
  const holder = await findAccountByTelephone(db, application.telephone);
  if (!holder) return undefined;
  if (await markApprovalGranted(db, application.id, holder.id))
    await promoteStudent(db, holder.id, now);
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
  const unused = await findUnusedApproval(db, user.telephone);
  if (!unused || !(await markApprovalGranted(db, unused.id, user.id))) return false;
  await promoteStudent(db, user.id, now);
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
  await updateRole(db, user.id, isTeacher, now);
  if (!isTeacher) await revokeApprovals(db, user, now);
}
