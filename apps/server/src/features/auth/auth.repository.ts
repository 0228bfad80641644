import type { Db, PasswordResetsTable, SessionsTable, UsersTable } from '../../db/database.ts';

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
  fields: Pick<UserRow, 'username' | 'telephone' | 'email' | 'bio' | 'updated_at' | 'language'>,
): Promise<void> {
  await db.updateTable('users').set(fields).where('id', '=', id).execute();
}

export async function insertSession(db: Db, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export function findSessionWithUser(
  db: Db,
  tokenHash: string,
): Promise<(UserRow & { session_expires_at: string; session_created_at: string }) | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.expires_at as session_expires_at',
      'sessions.created_at as session_created_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function extendSession(db: Db, tokenHash: string, expiresAt: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expires_at: expiresAt })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/** The token hashes of a user's sessions, ended or not yet swept alike. */
export async function findSessionHashes(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.token_hash);
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Deletes every session expired by `now` (on the expires_at index) and says how many there were. */
export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---------------------------------------------------------------- passwords and roles

export async function updateUserPassword(
  db: Db,
  id: string,
  passwordHash: string,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
}

/** Signs the user out everywhere except the session `keepTokenHash` (none kept when undefined). */
export async function deleteUserSessions(
  db: Db,
  userId: string,
  keepTokenHash?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}

/**
 * Revokes the user's calendar address (a password reset: whoever had the
 * account before may have copied it, and it is a credential like a session).
 */
export async function deleteUserCalendarFeed(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** Every account, oldest first (the operator's list). */
export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function insertPasswordReset(db: Db, row: PasswordResetsTable): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/**
 * Spends a reset token: marks it used only if it is unused and unexpired, in
 * one statement, so two requests with one token cannot both succeed.
 * Resolves to the user id, or undefined when the token cannot be used.
 */
export async function consumePasswordReset(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<string | undefined> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.user_id;
}

/** Old links of a user are dropped when a new one is made, so at most one works at a time. */
export async function deletePasswordResets(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}
