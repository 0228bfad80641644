import { randomUUID } from 'node:crypto';
import {
  canonicalTelephone,
  messages,
  type ApplicationStatus,
  type TeacherApplication,
  type TeacherApplicationInput,
} from '@urok/contract';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import {
  findApplicationById,
  findApplications,
  hasPendingApplication,
  insertApplication,
  isTeacherTelephone,
  promoteUserByTelephone,
  setApplicationStatus,
  type ApplicationRow,
} from './applications.repository.ts';

export interface ApplicationDecision {
  application: TeacherApplication;
  /** The account that is a teacher now; null when none holds the number yet (it becomes one on registration). */
  teacher: { _id: string; username: string } | null;
}

function toApplication(row: ApplicationRow): TeacherApplication {
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
  };
}

async function getApplicationRow(db: Db, id: string): Promise<ApplicationRow> {
  const row = await findApplicationById(db, id);
  if (!row) throw new AppError('NOT_FOUND', `No teacher application with id ${id}.`);
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
): Promise<TeacherApplication> {
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
  const id = randomUUID();
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
  });
  if (options.autoApprove) return (await approveApplication(db, id)).application;
  return toApplication(await getApplicationRow(db, id));
}

export async function listApplications(
  db: Db,
  status?: ApplicationStatus,
): Promise<TeacherApplication[]> {
  return (await findApplications(db, status)).map(toApplication);
}

export async function getApplication(db: Db, id: string): Promise<TeacherApplication> {
  return toApplication(await getApplicationRow(db, id));
}

/**
 * Approves an application: the account with its telephone is a teacher now,
 * or becomes one when it registers. Approving twice is harmless (it
 * re-applies the promotion); approving a rejected one reverses the rejection.
 */
export async function approveApplication(db: Db, id: string): Promise<ApplicationDecision> {
  return db.transaction().execute(async (trx) => {
    const row = await getApplicationRow(trx, id);
    const now = new Date().toISOString();
    if (row.status !== 'approved') await setApplicationStatus(trx, id, 'approved', now);
    const teacher = await promoteUserByTelephone(trx, row.telephone, now);
    return {
      application: toApplication(await getApplicationRow(trx, id)),
      teacher: teacher ? { _id: teacher.id, username: teacher.username } : null,
    };
  });
}

/**
 * Rejects a pending application. An approved one is refused: taking a
 * teacher's role away is a decision about the account, not the application.
 */
export async function rejectApplication(db: Db, id: string): Promise<TeacherApplication> {
  return db.transaction().execute(async (trx) => {
    const row = await getApplicationRow(trx, id);
    if (row.status === 'approved') {
      throw new AppError(
        'CONFLICT',
        `Application ${id} is already approved; it cannot be rejected.`,
      );
    }
    if (row.status === 'pending')
      await setApplicationStatus(trx, id, 'rejected', new Date().toISOString());
    return toApplication(await getApplicationRow(trx, id));
  });
}

export function applicationSubmittedMessage(application: TeacherApplication): string {
  return application.status === 'approved'
    ? messages.applicationApproved
    : messages.applicationReceived;
}
