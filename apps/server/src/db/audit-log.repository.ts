import type { Insertable } from 'kysely';
import type { AuditLogTable, Db } from './database.ts';

/**
 * Appends one entry to the audit log (lib/audit.ts builds it; the operator's
 * console reads the log through the admin repository). Only ever an insert.
 */
export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}
