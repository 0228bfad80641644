import { sql, type SqlBool } from 'kysely';
import type { AdminRole } from '@urok/contract';
import type { AuditLogTable, Db } from '../../db/database.ts';
import { SQLITE_FOLD_FUNCTION } from '../../db/connection.ts';
import { dialectOf } from '../../db/dialect-of.ts';
import { containsPattern } from '../../lib/search-text.ts';
import { UKRAINIAN_TO_LATIN } from '../../lib/transliteration.ts';
import type { UserRow } from '../auth/auth.service.ts';

export interface Position {
  at: string;
  id: string;
}

// ---------------------------------------------------------------- figures

async function count(query: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }) {
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

export interface StatsRow {
  students: number;
  teachers: number;
  operators: number;
  courses: number;
  submissions: number;
  submissionsSince: number;
  pending: number;
  storageBytes: number;
  perDay: { day: string; count: number }[];
}

/** The console's figures; `weekStart` and `seriesStart` are ISO instants (UTC). */
export async function readStats(db: Db, weekStart: string, seriesStart: string): Promise<StatsRow> {
  const users = await db
    .selectFrom('users')
    .select([
      sql<number>`sum(case when is_operator = 1 then 1 else 0 end)`.as('operators'),
      sql<number>`sum(case when is_operator = 0 and is_admin = 1 then 1 else 0 end)`.as('teachers'),
      sql<number>`sum(case when is_operator = 0 and is_admin = 0 then 1 else 0 end)`.as('students'),
    ])
    .executeTakeFirst();
  const homework = await db
    .selectFrom('homework')
    .select([sql<number>`count(*)`.as('total'), sql<number>`coalesce(sum(size), 0)`.as('bytes')])
    .executeTakeFirst();
  const perDay = await db
    .selectFrom('homework')
    .select([sql<string>`substr(submitted_at, 1, 10)`.as('day'), sql<number>`count(*)`.as('n')])
    .where('submitted_at', '>=', seriesStart)
    .groupBy(sql`substr(submitted_at, 1, 10)`)
    .execute();
  return {
    students: Number(users?.students ?? 0),
    teachers: Number(users?.teachers ?? 0),
    operators: Number(users?.operators ?? 0),
    courses: await count(db.selectFrom('courses').select(sql<number>`count(*)`.as('n'))),
    submissions: Number(homework?.total ?? 0),
    submissionsSince: await count(
      db
        .selectFrom('homework')
        .select(sql<number>`count(*)`.as('n'))
        .where('submitted_at', '>=', weekStart),
    ),
    pending: await count(
      db
        .selectFrom('teacher_applications')
        .select(sql<number>`count(*)`.as('n'))
        .where('status', '=', 'pending'),
    ),
    // Homework, lesson attachments and lesson videos (covers' sizes are not stored).
    storageBytes:
      Number(homework?.bytes ?? 0) +
      (await count(
        db.selectFrom('lesson_attachments').select(sql<number>`coalesce(sum(size), 0)`.as('n')),
      )) +
      (await count(
        db.selectFrom('lessons').select(sql<number>`coalesce(sum(video_size), 0)`.as('n')),
      )),
    perDay: perDay.map((row) => ({ day: row.day, count: Number(row.n) })),
  };
}

// ---------------------------------------------------------------- accounts

/** A word of a search: folded as typed, and the Latin forms it may take (lib/transliteration.ts). */
export interface SearchWord {
  folded: string;
  latin: string[];
}

export interface UserFilter {
  /**
   * Words of the name; an account matches when its name holds every one, as
   * typed or in Latin letters ('Мельник' finds 'Melnyk' and back)…
   */
  terms: SearchWord[];
  /** …or when its telephone holds these digits (3 or more). */
  digits: string;
  role?: AdminRole | undefined;
  after?: Position | undefined;
  limit: number;
}

/** One page of accounts, newest first by (created_at, id) (index users_created_id). */
export function findUsers(db: Db, filter: UserFilter): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll();
  if (filter.terms.length > 0 || filter.digits) {
    const folded =
      dialectOf(db) === 'sqlite'
        ? sql`${sql.raw(SQLITE_FOLD_FUNCTION)}(username)`
        : sql`lower(username)`;
    // The folded name in Latin letters: one replace() per row of the national table, the same
    // SQL on both databases (neither has a transliteration of its own).
    let latin = folded;
    for (const [from, to] of UKRAINIAN_TO_LATIN) latin = sql`replace(${latin}, ${from}, ${to})`;
    const holds = (text: typeof folded, part: string) =>
      sql<SqlBool>`${text} like ${containsPattern(part)} escape '\\'`;
    query = query.where((eb) => {
      const alternatives = [];
      if (filter.terms.length > 0)
        alternatives.push(
          eb.and(
            filter.terms.map((term) =>
              eb.or([
                holds(folded, term.folded),
                ...term.latin.map((variant) => holds(latin, variant)),
              ]),
            ),
          ),
        );
      if (filter.digits) alternatives.push(eb('telephone', 'like', `%${filter.digits}%`));
      return eb.or(alternatives);
    });
  }
  if (filter.role === 'operator') query = query.where('is_operator', '=', 1);
  else if (filter.role === 'teacher')
    query = query.where('is_operator', '=', 0).where('is_admin', '=', 1);
  else if (filter.role === 'student')
    query = query.where('is_operator', '=', 0).where('is_admin', '=', 0);
  const after = filter.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.at),
        eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

/**
 * The operators, their rows locked until the transaction ends (PostgreSQL;
 * SQLite runs one write transaction at a time anyway): two operators taking
 * each other's role at once cannot both see the other still there.
 */
export async function lockOperators(db: Db): Promise<string[]> {
  let query = db.selectFrom('users').select('id').where('is_operator', '=', 1).orderBy('id');
  if (dialectOf(db) === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}

export async function setOperatorFlag(
  db: Db,
  id: string,
  isOperator: boolean,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_operator: isOperator ? 1 : 0, updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
}

export async function setBlockedFlag(
  db: Db,
  id: string,
  blocked: boolean,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_blocked: blocked ? 1 : 0, updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
}

// ---------------------------------------------------------------- audit log

export interface AuditFilter {
  after: Position | undefined;
  limit: number;
  /** Folded words the actor's recorded name must all hold. */
  actorTerms: string[];
  action?: string | undefined;
  /** From this instant on (ISO)… */
  since?: string | undefined;
  /** …and before this one. */
  before?: string | undefined;
}

/** One page of the audit log, newest first by (at, id) (index audit_log_at_id), filtered. */
export function findAuditEntries(db: Db, filter: AuditFilter): Promise<AuditLogTable[]> {
  const { after, limit } = filter;
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.actorTerms.length > 0) {
    const folded =
      dialectOf(db) === 'sqlite'
        ? sql`${sql.raw(SQLITE_FOLD_FUNCTION)}(actor_name)`
        : sql`lower(actor_name)`;
    for (const term of filter.actorTerms)
      query = query.where(sql<SqlBool>`${folded} like ${containsPattern(term)} escape '\\'`);
  }
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.since) query = query.where('at', '>=', filter.since);
  if (filter.before) query = query.where('at', '<', filter.before);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]),
    );
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
