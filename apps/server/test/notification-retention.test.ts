/**
 * Retention (README, NOTIFICATION_RETENTION_DAYS and MAIL_RETENTION_DAYS):
 * read notifications past their days go, with their mail; finished mail past
 * its days goes; unread notifications and mail still to send stay.
 */
import { describe, expect, it } from 'vitest';
import { deleteOldNotifications } from '../src/features/notifications/notifications.service.ts';
import { createTimeOrderedId } from '../src/lib/ids.ts';
import { databaseTargets, registerAccount, useTestApp } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseTargets)('notification retention on $name', (target) => {
  const t = useTestApp(target);

  it('deletes read notifications older than their days and finished mail older than its days, nothing else', async () => {
    const student = await registerAccount(t.app);
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    const notification = async (
      title: string,
      createdDaysAgo: number,
      readDaysAgo: number | null,
    ) => {
      const id = createTimeOrderedId();
      await t.db
        .insertInto('notifications')
        .values({
          id,
          user_id: student.user._id,
          kind: 'assignment.published',
          title,
          body: 'Тіло',
          link: '/grades',
          created_at: at(createdDaysAgo),
          read_at: readDaysAgo === null ? null : at(readDaysAgo),
        })
        .execute();
      return id;
    };
    const mail = async (notificationId: string, status: string, finishedDaysAgo: number | null) => {
      const id = createTimeOrderedId();
      await t.db
        .insertInto('mail_outbox')
        .values({
          id,
          notification_id: notificationId,
          status: status as 'pending',
          attempts: 1,
          next_attempt_at: at(40),
          claimed_until: null,
          last_error: null,
          created_at: at(40),
          finished_at: finishedDaysAgo === null ? null : at(finishedDaysAgo),
        })
        .execute();
      return id;
    };
    const oldRead = await notification('read 200 days ago', 300, 200);
    const oldUnread = await notification('unread for 300 days', 300, null);
    const recentRead = await notification('read 10 days ago', 100, 10);
    const oldReadMail = await mail(oldRead, 'sent', 250);
    const oldSent = await mail(recentRead, 'sent', 31);
    const oldFailed = await mail(oldUnread, 'failed', 45);
    const recentSent = await mail(oldUnread, 'sent', 29);
    const pending = await mail(oldUnread, 'pending', null);

    const deleted = await deleteOldNotifications(t.db, { readDays: 180, mailDays: 30 }, now);

    const notifications = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', student.user._id)
      .execute();
    expect(notifications.map((row) => row.id).sort()).toEqual([oldUnread, recentRead].sort());
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('id', 'in', [oldReadMail, oldSent, oldFailed, recentSent, pending])
      .execute();
    expect(mails.map((row) => row.id).sort()).toEqual([recentSent, pending].sort());
    expect(deleted).toEqual({ notifications: 1, mail: 3 });
  });
});
