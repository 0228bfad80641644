import type { Kysely } from 'kysely';
import { trackTableVersion, untrackTableVersion } from '../cache-versions.ts';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Notification mail waiting to be sent (features/notifications/mail-queue.ts): a row per notification to mail,
  // written in the notification's own transaction, so the two commit together.
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('notification_id', 'text', (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    // A process that takes a row holds it until then; one that dies lets it go by itself.
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // The queue's question: what is pending and due, oldest first.
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  // Due-soon reminders sent (features/assignments): one row per assignment and due date, so a reminder
  // goes once however many processes look, and again if the teacher moves the date.
  await db.schema
    .createTable('assignment_reminders')
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignments.id').onDelete('cascade'),
    )
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('assignment_reminders_pk', ['assignment_id', 'due_at'])
    .execute();
  // Every table has its version triggers, so no write escapes the read cache (db/cache-versions.ts).
  await trackTableVersion(db, 'mail_outbox');
  await trackTableVersion(db, 'assignment_reminders');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await untrackTableVersion(db, 'assignment_reminders');
  await untrackTableVersion(db, 'mail_outbox');
  await db.schema.dropTable('assignment_reminders').execute();
  await db.schema.dropTable('mail_outbox').execute();
}
