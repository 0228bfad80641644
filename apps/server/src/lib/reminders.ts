import { ROUTES, notificationText } from '@urok/contract';
import type { Db } from '../db/database.ts';
import { notify, type Announcement } from './notify.ts';

/** How long before a due date its reminder goes out. */
export const DUE_SOON_MS = 24 * 60 * 60 * 1000;

/**
 * Due-soon reminders (DESIGN section 10): for each published assignment due
 * within the next 24 hours, an `assignment.due_soon` notification to every
 * enrolled student without a submission to it. A reminder is recorded per
 * assignment and due date in the transaction that writes its notifications,
 * and only the transaction that inserts that row writes them: it goes once
 * however many processes sweep at the same moment and across restarts, and
 * again if the teacher moves the date. Returns how many assignments it reminded of.
 */
export async function sendDueSoonReminders(
  db: Db,
  announcement: Announcement,
  now: number = Date.now(),
): Promise<number> {
  const from = new Date(now).toISOString();
  const until = new Date(now + DUE_SOON_MS).toISOString();
  const due = await db
    .selectFrom('assignments as a')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .select(['a.id', 'a.title', 'a.due_at', 'a.course_id', 'c.title as course_title'])
    .where('a.published', '=', 1)
    .where('a.due_at', '>', from)
    .where('a.due_at', '<=', until)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('assignment_reminders as r')
            .select('r.assignment_id')
            .whereRef('r.assignment_id', '=', 'a.id')
            .whereRef('r.due_at', '=', 'a.due_at'),
        ),
      ),
    )
    .execute();
  let reminded = 0;
  for (const assignment of due) {
    const dueAt = assignment.due_at!;
    const sent = await db.transaction().execute(async (trx) => {
      const taken = await trx
        .insertInto('assignment_reminders')
        .values({ assignment_id: assignment.id, due_at: dueAt, sent_at: from })
        .onConflict((conflict) => conflict.columns(['assignment_id', 'due_at']).doNothing())
        .returning('assignment_id')
        .executeTakeFirst();
      if (!taken) return false;
      const waiting = await trx
        .selectFrom('enrollments as e')
        .select('e.user_id')
        .where('e.course_id', '=', assignment.course_id)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('homework as h')
                .select('h.id')
                .whereRef('h.user_id', '=', 'e.user_id')
                .where('h.assignment_id', '=', assignment.id),
            ),
          ),
        )
        .execute();
      await notify(
        trx,
        waiting.map((row) => row.user_id),
        {
          kind: 'assignment.due_soon',
          ...notificationText.dueSoon(assignment.course_title, assignment.title, dueAt),
          link: ROUTES.assignment(assignment.course_id, assignment.id),
        },
        announcement,
      );
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}
