import { hash, randomBytes, randomUUID } from 'node:crypto';
import {
  accountMessages,
  canonicalTelephone,
  checkTelephoneChange,
  messages,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  type UpdateUserInput,
  type PasswordChangeInput,
  type PasswordResetInput,
  type LoginInput,
  type RegisterInput,
  type User,
} from '@urok/contract';
import { AppError } from '../../app-error.ts';
import { speaking } from '../../lib/language.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import {
  sessionsScope,
  userScope,
  type CacheUse,
  type Depends,
  type ReadCache,
} from '../../lib/read-cache.ts';
import { declaredCachedReads } from '../../lib/cached-json.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAudit, SYSTEM_ACTOR, userTarget, type AuditActor } from '../../lib/audit.ts';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import { grantOnSignUp, setAccountRole } from '../../lib/teacher-role.ts';
import {
  composeResetMail,
  passwordResetLink,
  type PasswordResetMailer,
} from '../../lib/password-reset-mail.ts';
import { RATE_LIMITS, type RateLimiter } from '../../lib/rate-limiter.ts';
import {
  consumePasswordReset,
  deleteExpiredSessions,
  deletePasswordResets,
  deleteSession,
  deleteUserCalendarFeed,
  deleteUserSessions,
  extendSession,
  findSessionHashes,
  findSessionWithUser,
  findUserById,
  findUserByTelephone,
  insertPasswordReset,
  insertSession,
  insertUser,
  listUsers,
  updateUserPassword,
  updateUserProfile,
  type UserRow,
} from './auth.repository.ts';

/** What other features read of accounts (through this service, never the repository). */
export {
  deleteUserSessions,
  findUserById,
  findUserByTelephone,
  type UserRow,
} from './auth.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A used session is pushed out at most once a day: one write a day, not one a request. */
export const SESSION_EXTEND_AFTER_MS = DAY_MS;

/**
 * How long a session lives (config SESSION_IDLE_DAYS and SESSION_MAX_DAYS):
 * `sessionIdleMs` after its last use, and never more than `sessionMaxMs`
 * after the sign-in that made it.
 */
export type SessionPolicy = Pick<Config, 'sessionIdleMs' | 'sessionMaxMs'>;

/**
 * The expiry a session used at `now` gets: its idle timeout, cut at its
 * absolute end. Storing the earlier of the two in expires_at keeps one rule
 * for the refusal, the extension and the sweep (on the sessions_expires_at index).
 */
function sessionExpiry(createdAt: number, now: number, policy: SessionPolicy): number {
  return Math.min(now + policy.sessionIdleMs, createdAt + policy.sessionMaxMs);
}

export interface SignedIn {
  token: string;
  user: User;
}

export interface Authenticated {
  user: User;
  tokenHash: string;
}

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    username: row.username,
    telephone: row.telephone,
    email: row.email,
    bio: row.bio,
    isAdmin: Number(row.is_admin) === 1,
    isOperator: Number(row.is_operator ?? 0) === 1,
    createdAt: row.created_at,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
  };
}

export function isBlocked(row: Pick<UserRow, 'is_blocked'>): boolean {
  return Number(row.is_blocked ?? 0) === 1;
}

/** The sessions table keeps only this digest, so a leaked table holds no usable token. */
export function hashToken(token: string): string {
  // One-shot: a third of createHash().update().digest()'s time (0.5 against 1.4 µs on one
  // core), paid by every signed-in request.
  return hash('sha256', token, 'hex');
}

function telephoneTaken(): AppError {
  return new AppError('CONFLICT', messages.telephoneTaken, { telephone: messages.telephoneTaken });
}

/**
 * One statement: a sign-in writes its session and nothing else. Expired
 * sessions are left to sweepExpiredSessions, so the sign-in path holds no
 * clean-up: its main-thread time is taken from what argon2 can use.
 */
async function startSession(db: Db, userId: string, policy: SessionPolicy): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await insertSession(db, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(sessionExpiry(now, now, policy)).toISOString(),
  });
  return token;
}

/** How often the server sweeps expired sessions (and once at start-up). */
export const SESSION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes every expired session, so the table does not grow forever with
 * sessions nobody will present again; an expired token is refused anyway
 * (authenticateToken). expires_at never passes a session's absolute end, so
 * this removes sessions past SESSION_MAX_DAYS too. Resolves to how many were deleted.
 */
export function sweepExpiredSessions(db: Db, now = Date.now()): Promise<number> {
  return deleteExpiredSessions(db, new Date(now).toISOString());
}

/**
 * Creates a student account, or a teacher account when an approval of this
 * telephone waits for its first account (lib/teacher-role.ts: used once).
 */
export async function registerUser(
  db: Db,
  input: RegisterInput,
  sessions: SessionPolicy,
  language: Language = DEFAULT_LANGUAGE,
): Promise<SignedIn> {
  const telephone = canonicalTelephone(input.telephone.trim());
  if (await findUserByTelephone(db, telephone)) throw telephoneTaken();

  const passwordHash = await hashPassword(input.password);
  const now = new Date().toISOString();
  const id = randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        id,
        username: input.username.trim(),
        telephone,
        email: input.email.trim(),
        bio: '',
        is_admin: 0,
        language,
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
      });
      // Checked after the insert: an approval committed at any moment is seen either here or by the approval itself.
      await grantOnSignUp(trx, { id, telephone }, now);
    });
  } catch (error) {
    // Two registrations of one number at once: the second loses on the unique index.
    if (isUniqueViolation(error)) throw telephoneTaken();
    throw error;
  }
  const row = await findUserById(db, id);
  if (!row) throw new Error(`user ${id} vanished after insert`);
  return { token: await startSession(db, id, sessions), user: toUser(row) };
}

/** One answer for an unknown telephone and a wrong password, in about the same time. */
export async function loginUser(
  db: Db,
  input: LoginInput,
  sessions: SessionPolicy,
): Promise<SignedIn> {
  const row = await findUserByTelephone(db, canonicalTelephone(input.telephone.trim()));
  if (!row) {
    await spendPasswordCheck(input.password);
    throw new AppError('UNAUTHORIZED', messages.loginFailed);
  }
  if (!(await verifyPassword(row.password_hash, input.password))) {
    throw new AppError('UNAUTHORIZED', messages.loginFailed);
  }
  // Told only to whoever knows the password: a blocked account is not revealed to a guesser.
  if (isBlocked(row)) throw new AppError('FORBIDDEN', messages.accountBlocked);
  return { token: await startSession(db, row.id, sessions), user: toUser(row) };
}

/** The session lookup's cached read (its name among lib/cached-json.ts's declared reads). */
const SESSION_READ = 'session';
declaredCachedReads.add(SESSION_READ);

type SessionRow = Awaited<ReturnType<typeof findSessionWithUser>>;

/**
 * What a kept session depends on: its person's account and sessions. Made once: built
 * inside authenticateToken, its functions were made and named again on every request.
 */
const SESSION_DEPENDS: Depends<SessionRow> = {
  before: [],
  after: (found) => (found ? [userScope(found.id), sessionsScope(found.id)] : []),
};

/** Only a found session is kept. */
const isFound = (found: SessionRow): boolean => found !== undefined;

/**
 * Resolves a bearer token to its user. A session past its expiry or its
 * absolute end is refused and deleted; a live one is pushed out at most once
 * a day, never past its absolute end. The session-and-account row may come
 * from the read cache, which keeps it only while its person's sessions and
 * account are unchanged: a logout, a block or a demotion by any process holds from the
 * next request on (docs/decisions.md, "Caches across processes").
 */
export async function authenticateToken(
  db: Db,
  token: string,
  policy: SessionPolicy,
  now = Date.now(),
  cache?: ReadCache,
  /** The request's use of the cache (cacheUseOf): its checks share the versions read since. */
  use?: CacheUse,
): Promise<Authenticated> {
  const tokenHash = hashToken(token);
  // Through the read cache when given: the row is kept under its person's account and sessions
  // versions, which every write to their account row or their sessions raises, so a sign-in,
  // logout, block or role change anywhere makes their next request read it again (and their
  // uploads, grades and enrolments do not), and the checks below run on every request. Only a
  // found session is kept.
  const row = cache
    ? await cache.get(
        `${SESSION_READ}:${tokenHash}`,
        SESSION_DEPENDS,
        () => findSessionWithUser(db, tokenHash),
        isFound,
        use,
      )
    : await findSessionWithUser(db, tokenHash);
  if (!row) throw new AppError('UNAUTHORIZED', messages.sessionInvalid);
  // A blocked account's sessions stay refused until the unblock deletes them; the holder of
  // one (who had the password) is told why, and the web app signs them out with it.
  if (isBlocked(row)) throw new AppError('UNAUTHORIZED', messages.accountBlocked);
  const expiresAt = Date.parse(row.session_expires_at);
  const createdAt = Date.parse(row.session_created_at);
  // The absolute end is checked on created_at too: a session written before the cap existed, or
  // before SESSION_MAX_DAYS was lowered, may carry a later expires_at.
  if (!(expiresAt > now) || !(createdAt + policy.sessionMaxMs > now)) {
    await deleteSession(db, tokenHash);
    throw new AppError('UNAUTHORIZED', messages.sessionInvalid);
  }
  const extended = sessionExpiry(createdAt, now, policy);
  if (extended - expiresAt > SESSION_EXTEND_AFTER_MS) {
    await extendSession(db, tokenHash, new Date(extended).toISOString());
  }
  return { user: toUser(row), tokenHash };
}

/**
 * The user of the session of `tokenHash` while it stands as authenticateToken
 * would find it: not ended, not past its idle or absolute end, its account not
 * blocked. Read afresh (no cache): a live stream asks this at every keep-alive
 * and whenever the bus says a session of its user ended.
 */
export async function liveSessionUser(
  db: Db,
  tokenHash: string,
  policy: SessionPolicy,
  now = Date.now(),
): Promise<User | undefined> {
  const row = await findSessionWithUser(db, tokenHash);
  if (!row || isBlocked(row)) return undefined;
  const stands =
    Date.parse(row.session_expires_at) > now &&
    Date.parse(row.session_created_at) + policy.sessionMaxMs > now;
  return stands ? toUser(row) : undefined;
}

/** The token hashes of a user's sessions (a signed stream link names one of them by its signature). */
export function sessionHashesOf(db: Db, userId: string): Promise<string[]> {
  return findSessionHashes(db, userId);
}

/**
 * Updates the four profile fields; the role never changes here. A new
 * telephone (the sign-in name) needs the current password, checked before
 * whether another account holds the number: 400 without it, 401 with
 * fields.currentPassword when wrong (docs/decisions.md, changing the telephone; the web app ends a
 * session only on a 401 of auth/getUser, so this one is shown beside the field).
 */
export async function updateProfile(db: Db, userId: string, input: UpdateUserInput): Promise<User> {
  const current = await findUserById(db, userId);
  if (!current) throw new AppError('UNAUTHORIZED', messages.sessionInvalid);
  const telephone = canonicalTelephone(input.telephone.trim());
  if (telephone !== current.telephone) {
    const missing = checkTelephoneChange(current.telephone, input);
    if (missing)
      throw new AppError('BAD_REQUEST', missing.message, { currentPassword: missing.message });
    if (!(await verifyPassword(current.password_hash, input.currentPassword ?? ''))) {
      throw new AppError('UNAUTHORIZED', accountMessages.telephoneChangePasswordWrong, {
        currentPassword: accountMessages.telephoneChangePasswordWrong,
      });
    }
    if (await findUserByTelephone(db, telephone)) throw telephoneTaken();
  }
  try {
    await updateUserProfile(db, userId, {
      username: input.username.trim(),
      telephone,
      email: input.email.trim(),
      bio: input.bio,
      updated_at: new Date().toISOString(),
      ...(input.language ? { language: input.language } : {}),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw telephoneTaken();
    throw error;
  }
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('UNAUTHORIZED', messages.sessionInvalid);
  return toUser(row);
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await deleteSession(db, tokenHash);
}

// ---------------------------------------------------------------- passwords

/** A reset link is valid this long. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Changes the signed-in user's password after checking the current one, and
 * signs out every other session of the user; the session of this request stays.
 * A pending reset link goes too: it must not outlive the password it was made for.
 */
export async function changePassword(
  db: Db,
  userId: string,
  currentTokenHash: string,
  input: PasswordChangeInput,
): Promise<void> {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('UNAUTHORIZED', messages.sessionInvalid);
  if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', accountMessages.currentPasswordWrong, {
      currentPassword: accountMessages.currentPasswordWrong,
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await updateUserPassword(trx, userId, passwordHash, new Date().toISOString());
    await deleteUserSessions(trx, userId, currentTokenHash);
    await deletePasswordResets(trx, userId);
  });
}

/**
 * A one-time reset token for the account of `telephone` (the admin CLI turns
 * it into a link). Only its SHA-256 is stored; older links of the user stop working.
 */
export async function createPasswordReset(
  db: Db,
  telephone: string,
  now = Date.now(),
  by: AuditActor = SYSTEM_ACTOR,
): Promise<{ token: string; user: User; expiresAt: string }> {
  return issuePasswordReset(db, await getUserByTelephone(db, telephone), by, now);
}

/** The same for the account `userId` (the operator's console). */
export async function createPasswordResetForUser(
  db: Db,
  userId: string,
  by: AuditActor,
  now = Date.now(),
): Promise<{ token: string; user: User; expiresAt: string }> {
  return issuePasswordReset(db, await getUserById(db, userId), by, now);
}

async function issuePasswordReset(
  db: Db,
  row: UserRow,
  by: AuditActor,
  now: number,
): Promise<{ token: string; user: User; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + PASSWORD_RESET_TTL_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await deletePasswordResets(trx, row.id);
    await insertPasswordReset(trx, {
      token_hash: hashToken(token),
      user_id: row.id,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
      used_at: null,
    });
    // Never the token: the log says a link was made and until when it works.
    await recordAudit(trx, by, 'user.reset-link', userTarget(row), { expiresAt });
  });
  return { token, user: toUser(row), expiresAt };
}

/**
 * Sets a new password with a reset token: single use, within the hour; every
 * session of the user ends, and so does every other reset link of the user
 * and their calendar address. Resolves to the user's id.
 */
export async function resetPassword(db: Db, input: PasswordResetInput): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const userId = await consumePasswordReset(trx, hashToken(input.token.trim()), now);
    // Thrown inside: a refused token commits nothing (not even the update that matched no row).
    if (!userId)
      throw new AppError('BAD_REQUEST', accountMessages.resetTokenInvalid, {
        token: accountMessages.resetTokenInvalid,
      });
    await updateUserPassword(trx, userId, passwordHash, now);
    await deleteUserSessions(trx, userId);
    await deletePasswordResets(trx, userId);
    await deleteUserCalendarFeed(trx, userId);
    return userId;
  });
}

// ---------------------------------------------------------------- operator (admin CLI)

export async function findAllUsers(db: Db): Promise<User[]> {
  return (await listUsers(db)).map(toUser);
}

async function getUserByTelephone(db: Db, telephone: string): Promise<UserRow> {
  const row = await findUserByTelephone(db, canonicalTelephone(telephone.trim()));
  if (!row) throw new AppError('NOT_FOUND', `No account with telephone ${telephone}.`);
  return row;
}

/** The id of the account holding `telephone` (stored form), if there is one yet. */
export async function findAccountIdByTelephone(
  db: Db,
  telephone: string,
): Promise<string | undefined> {
  return (await findUserByTelephone(db, telephone))?.id;
}

async function getUserById(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw new AppError('NOT_FOUND', messages.notFound);
  return row;
}

/**
 * Makes the account of `telephone` a teacher (true) or a student (false);
 * a student's approvals are revoked (lib/teacher-role.ts).
 */
export async function setRoleByTelephone(
  db: Db,
  telephone: string,
  isAdmin: boolean,
  by: AuditActor = SYSTEM_ACTOR,
): Promise<User> {
  return setRole(db, await getUserByTelephone(db, telephone), isAdmin, by);
}

/** The same for the account `userId` (the operator's console): one rule, two doors. */
export async function setRoleById(
  db: Db,
  userId: string,
  isAdmin: boolean,
  by: AuditActor,
): Promise<User> {
  return setRole(db, await getUserById(db, userId), isAdmin, by);
}

async function setRole(db: Db, row: UserRow, isAdmin: boolean, by: AuditActor): Promise<User> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await setAccountRole(trx, row, isAdmin, now);
    await recordAudit(
      trx,
      by,
      'user.role',
      userTarget(row),
      {
        from: Number(row.is_admin) === 1 ? 'teacher' : 'student',
        to: isAdmin ? 'teacher' : 'student',
      },
      now,
    );
  });
  return { ...toUser(row), isAdmin };
}

/** The account that signs in with `telephone` (as typed: made canonical here), or null. */
export async function findAccountByTelephone(db: Db, telephone: string): Promise<User | null> {
  const row = await findUserByTelephone(db, canonicalTelephone(telephone.trim()));
  return row ? toUser(row) : null;
}

// ---------------------------------------------------------------- forgot password

/** Who made a reset link asked for by its owner: the audit log says so. */
const FORGOT_PASSWORD_ACTOR: AuditActor = { kind: 'system', reason: 'forgot-password' };

export interface ForgotPasswordDeps {
  /** Counts the mails per number and per address (the sign-in limiter: memory or Redis). */
  limiter: RateLimiter;
  mailer: PasswordResetMailer;
  publicUrl: string;
}

/**
 * POST auth/forgot-password, after the 202 has gone: when the number has an
 * account with an e-mail address, that is not blocked, and neither the
 * number nor the address has had its mails this hour, a one-time reset link
 * (the same as the operator's, 1 h, one use) is mailed to it. Anything else
 * ends quietly: the asker has their answer already.
 */
export async function mailPasswordReset(
  db: Db,
  deps: ForgotPasswordDeps,
  telephone: string,
): Promise<'mailed' | 'no-mail' | 'throttled'> {
  if (!deps.mailer.enabled) return 'no-mail';
  const row = await findUserByTelephone(db, canonicalTelephone(telephone.trim()));
  if (!row || !row.email || isBlocked(row)) return 'no-mail';
  const byNumber = await deps.limiter.consume(
    row.telephone,
    RATE_LIMITS.forgotPasswordPerTelephone,
  );
  if (!byNumber.allowed) return 'throttled';
  const byAddress = await deps.limiter.consume(
    row.email.trim().toLowerCase(),
    RATE_LIMITS.forgotPasswordPerEmail,
  );
  if (!byAddress.allowed) return 'throttled';
  const { token } = await issuePasswordReset(db, row, FORGOT_PASSWORD_ACTOR, Date.now());
  // In the account's language (DESIGN section 16), whoever asked for it.
  const mail = speaking(isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE, () =>
    composeResetMail({
      to: row.email,
      username: row.username,
      link: passwordResetLink(deps.publicUrl, token),
    }),
  );
  await deps.mailer.send(mail);
  return 'mailed';
}
