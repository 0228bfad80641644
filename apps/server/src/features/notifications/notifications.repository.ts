/**
 * Every query of the notifications feature: the rows of `notifications`,
 * their mail (`mail_outbox` rows written with them and worked by
 * mail-queue.ts), the e-mail preferences,
 * and the few reads of other tables a notification needs (a course's title
 * and students, whether an unsubscribe link's user still exists).
 */
import type { Db, NotificationsTable } from '../../db/database.ts';

export type NotificationRow = NotificationsTable;

/** Rows per insert: 8 values each stays far below SQLite's 32,766 bound values. */
const INSERT_BATCH = 500;

/** Writes notification rows (and, with `mail`, one pending mail each) through `db`, the event's transaction. */
export async function insertNotifications(
  db: Db,
  rows: readonly NotificationRow[],
  mail: { makeId: () => string } | undefined,
): Promise<void> {
  // A course's whole class in one statement each, within SQLite's limit of bound values.
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    await db.insertInto('notifications').values(batch).execute();
    if (mail) {
      await db
        .insertInto('mail_outbox')
        .values(
          batch.map((row) => ({
            id: mail.makeId(),
            notification_id: row.id,
            status: 'pending' as const,
            attempts: 0,
            next_attempt_at: row.created_at,
            claimed_until: null,
            last_error: null,
            created_at: row.created_at,
            finished_at: null,
          })),
        )
        .execute();
    }
  }
}

/** A course's title and the ids of its enrolled students, read in `db` (the event's transaction). */
export async function findCourseAudience(
  db: Db,
  courseId: string,
): Promise<{ title: string; studentIds: string[] } | undefined> {
  const course = await db
    .selectFrom('courses')
    .select('title')
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) return undefined;
  const students = await db
    .selectFrom('enrollments')
    .select('user_id')
    .where('course_id', '=', courseId)
    .execute();
  return { title: course.title, studentIds: students.map((row) => row.user_id) };
}

/** A page of a user's notifications, newest first, before `cursor` when given. */
export function findPage(
  db: Db,
  userId: string,
  cursor: string | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit);
  if (cursor) query = query.where('id', '<', cursor);
  return query.execute();
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks a user's unread notifications read: these ids, or all when `ids` is undefined. */
export async function markRead(
  db: Db,
  userId: string,
  ids: readonly string[] | undefined,
  readAt: string,
): Promise<void> {
  let update = db
    .updateTable('notifications')
    .set({ read_at: readAt })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== undefined) update = update.where('id', 'in', ids);
  await update.execute();
}

/** A user's notifications with ids above `afterId` (time-ordered ids), oldest first, at most `limit`. */
export function findNewer(
  db: Db,
  userId: string,
  afterId: string,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The id of a user's newest notification, or undefined when they have none. */
export async function findNewestId(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The kinds a user set a mail switch for, with the switch. */
export async function findPreferences(
  db: Db,
  userId: string,
): Promise<{ kind: string; email: boolean }[]> {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['kind', 'email'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => ({ kind: row.kind, email: Number(row.email) === 1 }));
}

/** Sets the mail switch of these kinds for a user; kinds not named keep theirs. */
export async function upsertPreferences(
  db: Db,
  userId: string,
  entries: readonly (readonly [kind: string, email: boolean])[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('notification_preferences')
    .values(entries.map(([kind, on]) => ({ user_id: userId, kind, email: on ? 1 : 0 })))
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'kind'])
        .doUpdateSet((eb) => ({ email: eb.ref('excluded.email') })),
    )
    .execute();
}

/** Each user's language (DESIGN section 16), by id. */
export async function findUserLanguages(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'language'])
    .where('id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((row) => [row.id, String(row.language)]));
}

/** The language of the account `userId`, or undefined when there is no such account. */
export async function findUserLanguage(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('language')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? undefined : String(row.language);
}

// ---------------------------------------------------------------- the mail outbox (mail-queue.ts)

/** Ids of pending mail due at `now` and held by no process, the longest waiting first. */
export async function findDueMailIds(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes a pending mail for this process until `until`, if no other process
 * holds it at `now`: one statement, atomic on both databases.
 */
export async function claimMail(db: Db, id: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ claimed_until: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A mail with what it sends as it is now: its notification, the user's
 * address and name, and their mail switch for the kind (`wanted`: null when
 * never set).
 */
export async function findMailToSend(db: Db, id: string) {
  const row = await db
    .selectFrom('mail_outbox as o')
    .innerJoin('notifications as n', 'n.id', 'o.notification_id')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('notification_preferences as p', (join) =>
      join.onRef('p.user_id', '=', 'n.user_id').onRef('p.kind', '=', 'n.kind'),
    )
    .select([
      'o.attempts',
      'n.user_id',
      'n.kind',
      'n.title',
      'n.body',
      'n.link',
      'u.email',
      'u.username',
      'u.language',
      'p.email as wanted',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, wanted: row.wanted === null ? null : Number(row.wanted) === 1 };
}

/** A mail done with: sent, or skipped (its kind turned off, or no address). */
export async function finishMail(
  db: Db,
  id: string,
  status: 'sent' | 'skipped',
  at: string,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status, finished_at: at, claimed_until: null })
    .where('id', '=', id)
    .execute();
}

/** A refused mail: tried again at `nextAttemptAt`, or given up on (`failed`) with `gaveUp`. */
export async function scheduleMailRetry(
  db: Db,
  id: string,
  retry: {
    attempts: number;
    gaveUp: boolean;
    nextAttemptAt: string;
    lastError: string;
    now: string;
  },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      attempts: retry.attempts,
      status: retry.gaveUp ? 'failed' : 'pending',
      next_attempt_at: retry.nextAttemptAt,
      claimed_until: null,
      last_error: retry.lastError,
      finished_at: retry.gaveUp ? retry.now : null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Retention: deletes notifications read before `readBefore` (their mail rows
 * first, which point at them) and finished mail rows (sent, or given up on)
 * finished before `mailFinishedBefore`. At most `batch` rows of each a call,
 * so one sweep never holds a long write; resolves to how many of each went.
 */
export async function deleteExpired(
  db: Db,
  {
    readBefore,
    mailFinishedBefore,
    batch,
  }: { readBefore: string; mailFinishedBefore: string; batch: number },
): Promise<{ notifications: number; mail: number }> {
  const mail = await db
    .deleteFrom('mail_outbox')
    .where(
      'id',
      'in',
      db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '!=', 'pending')
        .where('finished_at', '<', mailFinishedBefore)
        .limit(batch),
    )
    .executeTakeFirst();
  const old = await db
    .selectFrom('notifications')
    .select('id')
    .where('read_at', '<', readBefore)
    .limit(batch)
    .execute();
  let notifications = 0;
  if (old.length > 0) {
    const ids = old.map((row) => row.id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('mail_outbox').where('notification_id', 'in', ids).execute();
      const result = await trx
        .deleteFrom('notifications')
        .where('id', 'in', ids)
        .executeTakeFirst();
      notifications = Number(result.numDeletedRows);
    });
  }
  return { notifications, mail: Number(mail.numDeletedRows) };
}
