import type { ApplicationStatus } from '@urok/contract';
import type { Db, TeacherApplicationsTable } from '../../db/database.ts';

export type ApplicationRow = TeacherApplicationsTable;

export async function insertApplication(db: Db, row: ApplicationRow): Promise<void> {
  await db.insertInto('teacher_applications').values(row).execute();
}

export function findApplicationById(db: Db, id: string): Promise<ApplicationRow | undefined> {
  return db.selectFrom('teacher_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function hasPendingApplication(db: Db, telephone: string): Promise<boolean> {
  const row = await db
    .selectFrom('teacher_applications')
    .select('id')
    .where('telephone', '=', telephone)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

export async function isTeacherTelephone(db: Db, telephone: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('telephone', '=', telephone)
    .where('is_admin', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Oldest first: the operator works through them in the order they came. */
export function findApplications(db: Db, status?: ApplicationStatus): Promise<ApplicationRow[]> {
  let query = db.selectFrom('teacher_applications').selectAll();
  if (status) query = query.where('status', '=', status);
  return query.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

/** Decides a pending application; false when it was decided already. */
export async function setApplicationStatus(
  db: Db,
  id: string,
  status: ApplicationStatus,
  decidedAt: string,
  note = '',
): Promise<boolean> {
  // Only a pending one: of two decisions racing on one application, exactly one changes it.
  const result = await db
    .updateTable('teacher_applications')
    .set({ status, decided_at: decidedAt, decision_note: note })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Newest first: the console's queue puts what came last on top. */
export function findApplicationsNewestFirst(
  db: Db,
  status?: ApplicationStatus,
): Promise<ApplicationRow[]> {
  let query = db.selectFrom('teacher_applications').selectAll();
  if (status) query = query.where('status', '=', status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
}
