import type { Db, SessionsTable, UsersTable } from '../../db/database.ts';

export type UserRow = UsersTable;

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByTelephone(db: Db, telephone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('telephone', '=', telephone).executeTakeFirst();
}

export async function insertUser(db: Db, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUserProfile(
  db: Db,
  id: string,
  fields: Pick<UserRow, 'username' | 'telephone' | 'email' | 'bio' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('users').set(fields).where('id', '=', id).execute();
}

export async function setUserTeacher(db: Db, id: string, updatedAt: string): Promise<void> {
  await db.updateTable('users').set({ is_admin: 1, updated_at: updatedAt }).where('id', '=', id).execute();
}

/** Registration asks this: an approved application makes the new account a teacher. */
export async function hasApprovedApplication(db: Db, telephone: string): Promise<boolean> {
  const row = await db
    .selectFrom('teacher_applications')
    .select('id')
    .where('telephone', '=', telephone)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSession(db: Db, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export function findSessionWithUser(
  db: Db,
  tokenHash: string,
): Promise<(UserRow & { session_expires_at: string }) | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function extendSession(db: Db, tokenHash: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Expired sessions are removed on each sign-in of their owner, so the table does not grow forever. */
export async function deleteExpiredSessions(db: Db, userId: string, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
}
