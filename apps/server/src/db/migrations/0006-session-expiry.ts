import type { Kysely } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The expired-session sweep (sweepExpiredSessions) reads sessions by expiry, not by user.
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_expires_at').execute();
}
