/**
 * The audit log: every operator action and every
 * admin CLI decision writes one entry — who, when, what, on what, with
 * details — through the same transaction as the action, so an action and
 * its record commit together or not at all. Nothing in the product changes
 * or deletes an entry: this module only appends, and no route or command
 * offers more.
 */
import os from 'node:os';
import type { AuditAction, User } from '@urok/contract';
import { insertAuditEntry } from '../db/audit-log.repository.ts';
import type { AuditLogTable, Db } from '../db/database.ts';
import { createTimeOrderedId } from './ids.ts';

/** Who did it: an operator's account, the admin CLI (its OS user), or the system itself. */
export type AuditActor =
  | {
      kind: 'operator';
      userId: string;
      username: string;
      telephone: string;
      /** The operator's optional reason for this decision, kept in the entry's details. */
      why?: string | undefined;
    }
  | { kind: 'cli'; osUser: string }
  | { kind: 'system'; reason: string };

export interface AuditTarget {
  type: AuditLogTable['target_type'];
  id: string;
  /** How a person recognises it later (a name and telephone, a course title), as it was then. */
  label: string;
}

/**
 * An operator by id, name and telephone as they are now (the entry keeps them
 * as they were), with their reason for the decision, if they gave one.
 */
export function operatorActor(
  user: Pick<User, '_id' | 'username' | 'telephone'>,
  why?: string,
): AuditActor {
  return {
    kind: 'operator',
    userId: user._id,
    username: user.username,
    telephone: user.telephone,
    why,
  };
}

/** The admin CLI, named by the OS account that ran it. */
export function cliActor(osUser: string = currentOsUser()): AuditActor {
  return { kind: 'cli', osUser };
}

/**
 * A decision nobody in particular took: TEACHER_AUTO_APPROVE, or a caller
 * (a test, a script) that named no one. Still recorded, so nothing goes unlogged.
 */
export const SYSTEM_ACTOR: AuditActor = { kind: 'system', reason: 'system' };
export const AUTO_APPROVE_ACTOR: AuditActor = { kind: 'system', reason: 'TEACHER_AUTO_APPROVE' };

function currentOsUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    // No passwd entry (some containers): the environment is the next best witness.
    return process.env.USER ?? process.env.LOGNAME ?? 'unknown';
  }
}

export function userTarget(user: { id: string; username: string; telephone: string }): AuditTarget {
  return { type: 'user', id: user.id, label: `${user.username} (${user.telephone})` };
}

/** Appends one entry; call it with the action's transaction. */
export async function recordAudit(
  db: Db,
  actor: AuditActor,
  action: AuditAction,
  target: AuditTarget,
  details: Record<string, unknown> = {},
  at: string = new Date().toISOString(),
): Promise<void> {
  await insertAuditEntry(db, {
    id: createTimeOrderedId(),
    at,
    actor_kind: actor.kind,
    actor_id: actor.kind === 'operator' ? actor.userId : null,
    actor_name:
      actor.kind === 'operator'
        ? actor.username
        : actor.kind === 'cli'
          ? actor.osUser
          : actor.reason,
    actor_telephone: actor.kind === 'operator' ? actor.telephone : null,
    action,
    target_type: target.type,
    target_id: target.id,
    target_label: target.label,
    details: JSON.stringify(
      actor.kind === 'operator' && actor.why?.trim()
        ? { ...details, reason: actor.why.trim() }
        : details,
    ),
  });
}
