import type { FormError } from './form.ts';
import { messages } from './messages.ts';

/**
 * The operator's console: the roles an operator
 * filters and sets, the audit log's actions, and the shapes the pages read.
 * The zod schemas are in schemas/admin.ts (server only).
 */

/**
 * The console's API paths (relative to API_BASE). Apart from `API`, which
 * the sign-in page's chunk carries: only the console's pages need these.
 */
export const ADMIN_API = {
  stats: 'admin/stats',
  applications: 'admin/applications',
  approve: (id: string) => `admin/applications/${encodeURIComponent(id)}/approve`,
  reject: (id: string) => `admin/applications/${encodeURIComponent(id)}/reject`,
  users: 'admin/users',
  userRole: (id: string) => `admin/users/${encodeURIComponent(id)}/role`,
  userOperator: (id: string) => `admin/users/${encodeURIComponent(id)}/operator`,
  block: (id: string) => `admin/users/${encodeURIComponent(id)}/block`,
  unblock: (id: string) => `admin/users/${encodeURIComponent(id)}/unblock`,
  resetLink: (id: string) => `admin/users/${encodeURIComponent(id)}/reset-link`,
  courses: 'admin/courses',
  courseVisibility: (id: string) => `admin/courses/${encodeURIComponent(id)}/visibility`,
  audit: 'admin/audit',
  /** The school's settings the console reads: its time zone (the server's TZ). */
  settings: 'admin/settings',
} as const;

/** An account's one role in the console: operator if isOperator, else teacher if isAdmin, else student. */
export const ADMIN_ROLES = ['student', 'teacher', 'operator'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** The roles PUT admin/users/{id}/role sets (the operator flag is a call of its own). */
export const ASSIGNABLE_ROLES = ['student', 'teacher'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** What the audit log records; every operator action and every CLI decision is one of these. */
export const AUDIT_ACTIONS = [
  'application.approve',
  'application.reject',
  'user.role',
  'user.operator',
  'user.block',
  'user.unblock',
  'user.reset-link',
  'course.visibility',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const ADMIN_LIMITS = {
  /** The operator's note on an application decision. */
  note: { max: 1000 },
  /** A console search (?q=). */
  query: { max: 100 },
  /** Rows per page of the console's lists. */
  pageSizeDefault: 50,
  pageSizeMax: 100,
  /** Days in the submissions-per-day series of admin/stats. */
  statsDays: 30,
} as const;

/** The note of an application decision: the same rule as the API's schema. */
export function checkDecisionNote(input: { note: string }): FormError<'note'> | null {
  if (input.note.length > ADMIN_LIMITS.note.max)
    return { message: messages.adminNoteTooLong, fields: ['note'] };
  return null;
}

/** A console search box (?q=). */
export function checkAdminSearch(input: { q: string }): FormError<'q'> | null {
  if (input.q.trim().length > ADMIN_LIMITS.query.max)
    return { message: messages.searchTooLong, fields: ['q'] };
  return null;
}

export function roleOf(user: { isAdmin: boolean; isOperator: boolean }): AdminRole {
  if (user.isOperator) return 'operator';
  return user.isAdmin ? 'teacher' : 'student';
}

export type {
  AdminCourse,
  AdminSettings,
  AdminStats,
  AdminUser,
  AuditEntry,
  DecidedApplication,
} from './schemas/admin.ts';
