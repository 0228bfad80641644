/**
 * The operator's console: figures, accounts, courses
 * and the audit log. The decisions the admin CLI also takes (applications,
 * roles, reset links) go through the same services as the CLI — one rule,
 * two doors; the operator flag and blocking live here and the CLI calls them
 * too. Every change writes its audit entry in its own transaction.
 */
import {
  ADMIN_LIMITS,
  canonicalTelephone,
  messages,
  type AdminCourse,
  type AdminStats,
  type AdminUser,
  type AssignableRole,
  type AuditEntry,
} from '@urok/contract';
import type { AdminAuditQuery, AdminCoursesQuery, AdminUsersQuery } from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import type { AuditLogTable, Db } from '../../db/database.ts';
import { recordAudit, userTarget, type AuditActor } from '../../lib/audit.ts';
import { searchTerms } from '../../lib/search-text.ts';
import { latinVariants } from '../../lib/transliteration.ts';
import {
  createPasswordResetForUser,
  deleteUserSessions,
  findUserById,
  findUserByTelephone,
  isBlocked,
  setRoleById,
  toUser,
  type UserRow,
} from '../auth/auth.service.ts';
import {
  decodeCursor,
  encodeCursor,
  findCourseById,
  findCourses,
  isHidden,
  setCourseHidden,
  toCourse,
  type CourseRow,
} from '../courses/courses.service.ts';
import { passwordResetLink } from '../../lib/password-reset-mail.ts';
import {
  findAuditEntries,
  findUsers,
  lockOperators,
  readStats,
  setBlockedFlag,
  setOperatorFlag,
  type Position,
} from './admin.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function toAdminUser(row: UserRow): AdminUser {
  return { ...toUser(row), isBlocked: isBlocked(row) };
}

function toAdminCourse(row: CourseRow): AdminCourse {
  return { ...toCourse(row), hidden: isHidden(row) };
}

export { passwordResetLink };

// Cursors are the courses' opaque (timestamp, id) pairs.
const decodePosition = (cursor: string | undefined): Position | undefined => {
  if (!cursor) return undefined;
  const { createdAt, id } = decodeCursor(cursor);
  return { at: createdAt, id };
};
const encodePosition = (at: string, id: string) => encodeCursor({ createdAt: at, id });

function page<R, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
  position: (row: R) => [string, string],
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(map),
    nextCursor: rows.length > limit && last ? encodePosition(...position(last)) : null,
  };
}

// ---------------------------------------------------------------- figures

/** The day (UTC, YYYY-MM-DD) of an instant. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function getStats(db: Db, now = Date.now()): Promise<AdminStats> {
  const days = ADMIN_LIMITS.statsDays;
  const today = Date.parse(`${dayOf(now)}T00:00:00.000Z`);
  const seriesStart = today - (days - 1) * DAY_MS;
  const row = await readStats(
    db,
    new Date(now - 7 * DAY_MS).toISOString(),
    new Date(seriesStart).toISOString(),
  );
  const counts = new Map(row.perDay.map((entry) => [entry.day, entry.count]));
  const perDay = Array.from({ length: days }, (_, index) => {
    const day = dayOf(seriesStart + index * DAY_MS);
    return { day, count: counts.get(day) ?? 0 };
  });
  return {
    users: { students: row.students, teachers: row.teachers, operators: row.operators },
    courses: row.courses,
    submissions: { total: row.submissions, last7Days: row.submissionsSince, perDay },
    applications: { pending: row.pending },
    storageBytes: row.storageBytes,
  };
}

// ---------------------------------------------------------------- accounts

export async function listUsers(
  db: Db,
  query: AdminUsersQuery,
): Promise<{ users: AdminUser[]; nextCursor: string | null }> {
  const digits = (query.q ?? '').replace(/\D/g, '');
  const rows = await findUsers(db, {
    terms: searchTerms(query.q).map((word) => ({ folded: word, latin: latinVariants(word) })),
    digits: digits.length >= 3 ? digits : '',
    role: query.role,
    after: decodePosition(query.cursor),
    limit: query.limit + 1,
  });
  const { items, nextCursor } = page(rows, query.limit, toAdminUser, (r) => [r.created_at, r.id]);
  return { users: items, nextCursor };
}

async function getUserRow(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw new AppError('NOT_FOUND', messages.notFound);
  return row;
}

async function getUserRowByTelephone(db: Db, telephone: string): Promise<UserRow> {
  const row = await findUserByTelephone(db, canonicalTelephone(telephone.trim()));
  if (!row) throw new AppError('NOT_FOUND', `No account with telephone ${telephone}.`);
  return row;
}

export async function findUserIdByTelephone(db: Db, telephone: string): Promise<string> {
  return (await getUserRowByTelephone(db, telephone)).id;
}

/** PUT admin/users/{id}/role: the CLI's make-teacher / make-student (auth.service setRoleById). */
export async function setUserRole(
  db: Db,
  id: string,
  role: AssignableRole,
  by: AuditActor,
): Promise<AdminUser> {
  await setRoleById(db, id, role === 'teacher', by);
  return toAdminUser(await getUserRow(db, id));
}

/**
 * Gives or takes the operator role. Taking it from the last operator is
 * refused (409): the platform must keep someone who can run it. A blocked
 * account cannot become an operator.
 */
export async function setOperator(
  db: Db,
  id: string,
  isOperator: boolean,
  by: AuditActor,
): Promise<AdminUser> {
  await db.transaction().execute(async (trx) => {
    const operators = await lockOperators(trx);
    const row = await getUserRow(trx, id);
    const was = Number(row.is_operator ?? 0) === 1;
    if (isOperator && isBlocked(row))
      throw new AppError('CONFLICT', messages.blockedCannotBeOperator);
    if (!isOperator && was && operators.filter((other) => other !== id).length === 0)
      throw new AppError('CONFLICT', messages.lastOperator);
    const now = new Date().toISOString();
    await setOperatorFlag(trx, id, isOperator, now);
    await recordAudit(
      trx,
      by,
      'user.operator',
      userTarget(row),
      { from: was, to: isOperator },
      now,
    );
  });
  return toAdminUser(await getUserRow(db, id));
}

/**
 * Blocks an account: it cannot sign in (403) and every session of it is
 * refused from the next request on (401 'Обліковий запис заблоковано.', so
 * the web app signs its holder out saying why). The sessions' rows stay while
 * the block does, only to say that; unblocking deletes them, so no session of
 * before the block ever works again. An operator is never
 * blocked — not themselves, not another: take the operator role first (which
 * the last operator cannot lose), so the platform always keeps one.
 */
export async function setBlocked(
  db: Db,
  id: string,
  blocked: boolean,
  by: AuditActor,
): Promise<AdminUser> {
  await db.transaction().execute(async (trx) => {
    // Locked like the operator flag: a block never slips past a concurrent make-operator.
    await lockOperators(trx);
    const row = await getUserRow(trx, id);
    if (blocked && Number(row.is_operator ?? 0) === 1)
      throw new AppError('CONFLICT', messages.operatorCannotBeBlocked);
    const now = new Date().toISOString();
    await setBlockedFlag(trx, id, blocked, now);
    if (!blocked) await deleteUserSessions(trx, id);
    await recordAudit(trx, by, blocked ? 'user.block' : 'user.unblock', userTarget(row), {}, now);
  });
  return toAdminUser(await getUserRow(db, id));
}

/**
 * POST admin/users/{id}/reset-link: the CLI's reset-password (auth.service),
 * as a link. Never for an operator (409): a link for another operator's
 * account would let one operator sign in as another and act under their
 * name. An operator who lost their password gets a link from the host's
 * CLI, or is made a plain account first (an audited step of its own).
 */
export async function createResetLink(
  db: Db,
  publicUrl: string,
  id: string,
  by: AuditActor,
): Promise<{ url: string; expiresAt: string }> {
  const row = await getUserRow(db, id);
  if (Number(row.is_operator ?? 0) === 1)
    throw new AppError('CONFLICT', messages.operatorResetLinkRefused);
  const { token, expiresAt } = await createPasswordResetForUser(db, id, by);
  return { url: passwordResetLink(publicUrl, token), expiresAt };
}

// ---------------------------------------------------------------- courses

export async function listAdminCourses(
  db: Db,
  query: AdminCoursesQuery,
): Promise<{ courses: AdminCourse[]; nextCursor: string | null }> {
  const rows = await findCourses(db, {
    terms: searchTerms(query.q),
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
    includeHidden: true,
  });
  const { items, nextCursor } = page(rows, query.limit, toAdminCourse, (r) => [r.created_at, r.id]);
  return { courses: items, nextCursor };
}

/** Hides a course from the catalog, search and public pages, or shows it again. */
export async function setCourseVisibility(
  db: Db,
  id: string,
  hidden: boolean,
  by: AuditActor,
): Promise<AdminCourse> {
  await db.transaction().execute(async (trx) => {
    const row = await findCourseById(trx, id);
    if (!row) throw new AppError('NOT_FOUND', messages.courseNotFound);
    const now = new Date().toISOString();
    await setCourseHidden(trx, id, hidden, now);
    await recordAudit(
      trx,
      by,
      'course.visibility',
      { type: 'course', id, label: `${row.title} (${row.author_username})` },
      { from: isHidden(row) ? 'hidden' : 'visible', to: hidden ? 'hidden' : 'visible' },
      now,
    );
  });
  const row = await findCourseById(db, id);
  if (!row) throw new AppError('NOT_FOUND', messages.courseNotFound);
  return toAdminCourse(row);
}

// ---------------------------------------------------------------- audit log

function toAuditEntry(row: AuditLogTable): AuditEntry {
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.details);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      details = parsed as Record<string, unknown>;
  } catch {
    // Written by recordAudit as JSON; anything else reads as no details.
  }
  return {
    _id: row.id,
    at: row.at,
    actor: {
      _id: row.actor_id,
      username: row.actor_name,
      telephone: row.actor_telephone ?? null,
      kind: row.actor_kind,
    },
    action: row.action as AuditEntry['action'],
    target: { type: row.target_type, _id: row.target_id, label: row.target_label },
    details,
  };
}

/** The instant a day (YYYY-MM-DD) starts in `timeZone`. */
export function dayStart(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(instant);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const local = Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    );
    return local - instant;
  };
  // The offset at the guess, then again at the result (a change of offset that day).
  let start = asUtc - offsetAt(asUtc);
  start = asUtc - offsetAt(start);
  return new Date(start).toISOString();
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export async function listAudit(
  db: Db,
  query: AdminAuditQuery,
  timeZone: string,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const rows = await findAuditEntries(db, {
    after: decodePosition(query.cursor),
    limit: query.limit + 1,
    actorTerms: searchTerms(query.actor),
    action: query.action,
    since: query.from ? dayStart(query.from, timeZone) : undefined,
    before: query.to ? dayStart(nextDay(query.to), timeZone) : undefined,
  });
  const { items, nextCursor } = page(rows, query.limit, toAuditEntry, (r) => [r.at, r.id]);
  return { entries: items, nextCursor };
}
