import {
  ROUTES,
  notificationText,
  canonicalTelephone,
  messages,
  serverMessages,
  type ApplicationStatus,
  type DecidedApplication,
  type TeacherApplicationInput,
} from '@urok/contract';
import { AppError } from '../../app-error.ts';
import { later } from '../../lib/language.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import type { Db } from '../../db/database.ts';
import { AUTO_APPROVE_ACTOR, recordAudit, SYSTEM_ACTOR, type AuditActor } from '../../lib/audit.ts';
import type { Announcement } from '../../lib/notify.ts';
import { notify } from '../notifications/notifications.service.ts';
import { grantOnApproval } from '../../lib/teacher-role.ts';
import { findAccountIdByTelephone } from '../auth/auth.service.ts';
import {
  findApplicationById,
  findApplications,
  findApplicationsNewestFirst,
  hasPendingApplication,
  insertApplication,
  isTeacherTelephone,
  setApplicationStatus,
  type ApplicationRow,
} from './applications.repository.ts';

export interface ApplicationDecision {
  application: DecidedApplication;
  /** The account that is a teacher now; null when none holds the number yet (it becomes one on registration). */
  teacher: { _id: string; username: string } | null;
}

function toApplication(row: ApplicationRow): DecidedApplication {
  return {
    _id: row.id,
    fullName: row.full_name,
    telephone: row.telephone,
    email: row.email,
    subject: row.subject,
    experience: row.experience,
    motivation: row.motivation,
    status: row.status,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    decisionNote: row.decision_note ?? '',
  };
}

async function getApplicationRow(db: Db, id: string): Promise<ApplicationRow> {
  const row = await findApplicationById(db, id);
  if (!row)
    throw new AppError(
      'NOT_FOUND',
      later(() => serverMessages.applicationNotFound(id)),
    );
  return row;
}

/**
 * Stores a pending application; with autoApprove (TEACHER_AUTO_APPROVE) it
 * is approved at once. A number that already belongs to a teacher, or that
 * already waits for a decision, is refused with 409: the operator would
 * otherwise see the same request twice.
 */
export async function submitApplication(
  db: Db,
  input: TeacherApplicationInput,
  options: { autoApprove: boolean },
): Promise<DecidedApplication> {
  const telephone = canonicalTelephone(input.telephone.trim());
  if (await isTeacherTelephone(db, telephone)) {
    throw new AppError('CONFLICT', messages.applicationAlreadyTeacher, {
      telephone: messages.applicationAlreadyTeacher,
    });
  }
  if (await hasPendingApplication(db, telephone)) {
    throw new AppError('CONFLICT', messages.applicationAlreadyPending, {
      telephone: messages.applicationAlreadyPending,
    });
  }
  // Time-ordered: the console's newest-first list keeps the order of two sent in one millisecond.
  const id = createTimeOrderedId();
  await insertApplication(db, {
    id,
    full_name: input.fullName.trim(),
    telephone,
    email: input.email.trim(),
    subject: input.subject.trim(),
    experience: input.experience.trim(),
    motivation: input.motivation.trim(),
    status: 'pending',
    created_at: new Date().toISOString(),
    decided_at: null,
    granted_user_id: null,
    revoked_at: null,
  });
  if (options.autoApprove)
    return (await approveApplication(db, id, AUTO_APPROVE_ACTOR)).application;
  return toApplication(await getApplicationRow(db, id));
}

export async function listApplications(
  db: Db,
  status?: ApplicationStatus,
): Promise<DecidedApplication[]> {
  return (await findApplications(db, status)).map(toApplication);
}

export async function getApplication(db: Db, id: string): Promise<DecidedApplication> {
  return toApplication(await getApplicationRow(db, id));
}

/**
 * Approves a pending application: the account holding its telephone is a
 * teacher now, or the first account to sign up with the number becomes one.
 * The approval is used once (lib/teacher-role.ts); an application already
 * decided answers 409, so approving again never grants the role to whoever
 * holds the number by then.
 */
export async function approveApplication(
  db: Db,
  id: string,
  by: AuditActor = SYSTEM_ACTOR,
  note = '',
  announcement?: Announcement,
): Promise<ApplicationDecision> {
  return db.transaction().execute(async (trx) => {
    const row = await getApplicationRow(trx, id);
    if (row.status !== 'pending') throw alreadyDecided(row);
    const now = new Date().toISOString();
    if (!(await setApplicationStatus(trx, id, 'approved', now, note.trim())))
      throw alreadyDecided(row);
    const teacher = await grantOnApproval(trx, row, now);
    await recordAudit(
      trx,
      by,
      'application.approve',
      applicationTarget(row),
      {
        note: note.trim(),
        teacher: teacher ? { _id: teacher.id, username: teacher.username } : null,
      },
      now,
    );
    await notifyApplicant(trx, row, 'approved', announcement);
    return {
      application: toApplication(await getApplicationRow(trx, id)),
      teacher: teacher ? { _id: teacher.id, username: teacher.username } : null,
    };
  });
}

/** The decision reaches the account holding the application's telephone, if there is one yet. */
async function notifyApplicant(
  trx: Db,
  row: ApplicationRow,
  decision: 'approved' | 'rejected',
  announcement: Announcement | undefined,
): Promise<void> {
  const accountId = await findAccountIdByTelephone(trx, row.telephone);
  if (!accountId) return;
  await notify(
    trx,
    [accountId],
    () =>
      decision === 'approved'
        ? {
            kind: 'application.decided',
            ...notificationText.applicationApproved(),
            link: ROUTES.courseCreate,
          }
        : {
            kind: 'application.decided',
            ...notificationText.applicationRejected(),
            link: ROUTES.futureTeacher,
          },
    announcement,
  );
}

function alreadyDecided(row: ApplicationRow): AppError {
  // A decision that lost a race read the row while it was still pending.
  const status = row.status === 'pending' ? 'decided' : row.status;
  return new AppError(
    'CONFLICT',
    later(() => serverMessages.applicationAlreadyDecided(row.id, status)),
  );
}

function applicationTarget(row: ApplicationRow) {
  return {
    type: 'application' as const,
    id: row.id,
    label: `${row.full_name} (${row.telephone})`,
  };
}

/** Rejects a pending application; one already decided answers 409. */
export async function rejectApplication(
  db: Db,
  id: string,
  by: AuditActor = SYSTEM_ACTOR,
  note = '',
  announcement?: Announcement,
): Promise<DecidedApplication> {
  return db.transaction().execute(async (trx) => {
    const row = await getApplicationRow(trx, id);
    if (row.status !== 'pending') throw alreadyDecided(row);
    const now = new Date().toISOString();
    if (!(await setApplicationStatus(trx, id, 'rejected', now, note.trim())))
      throw alreadyDecided(row);
    await recordAudit(
      trx,
      by,
      'application.reject',
      applicationTarget(row),
      { note: note.trim() },
      now,
    );
    await notifyApplicant(trx, row, 'rejected', announcement);
    return toApplication(await getApplicationRow(trx, id));
  });
}

/** The console's queue: newest first (at most 500; pending ones are few, decided ones can be filtered). */
export async function listApplicationsNewestFirst(
  db: Db,
  status?: ApplicationStatus,
): Promise<DecidedApplication[]> {
  return (await findApplicationsNewestFirst(db, status)).map(toApplication);
}

export function applicationSubmittedMessage(application: DecidedApplication): string {
  return application.status === 'approved'
    ? messages.applicationApproved
    : messages.applicationReceived;
}
