import type { Db } from './database.ts';

/**
 * The queries of the teacher role, over the accounts' `is_admin` and the
 * approvals' grants (`teacher_applications.granted_user_id`, `revoked_at`):
 * lib/teacher-role.ts holds the rule, which registration (auth), the
 * applications and the admin CLI share, so its SQL belongs to no one feature.
 */

/** Sets an account's role (a teacher when `isTeacher`). */
export async function updateRole(
  db: Db,
  userId: string,
  isTeacher: boolean,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: isTeacher ? 1 : 0, updated_at: updatedAt })
    .where('id', '=', userId)
    .execute();
}

/** Makes a student a teacher (a teacher's row is left as it is). */
export async function promoteStudent(db: Db, userId: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: 1, updated_at: updatedAt })
    .where('id', '=', userId)
    .where('is_admin', '=', 0)
    .execute();
}

/** The account holding `telephone` now, if any. */
export async function findAccountByTelephone(
  db: Db,
  telephone: string,
): Promise<{ id: string; username: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('telephone', '=', telephone)
    .executeTakeFirst();
}

/**
 * Records the account an approval was used on, only if it was not used (or
 * revoked) yet; true when this call used it.
 */
export async function markApprovalGranted(
  db: Db,
  applicationId: string,
  userId: string,
): Promise<boolean> {
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

/** The oldest approval of `telephone` that no account has used and nobody revoked. */
export async function findUnusedApproval(
  db: Db,
  telephone: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('teacher_applications')
    .select('id')
    .where('telephone', '=', telephone)
    .where('status', '=', 'approved')
    .where('granted_user_id', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('decided_at')
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Revokes every approval used on the account and any unused approval of its
 * current number.
 */
export async function revokeApprovals(
  db: Db,
  user: { id: string; telephone: string },
  now: string,
): Promise<void> {
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
