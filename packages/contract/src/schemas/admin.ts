import { z } from 'zod';
import { ADMIN_LIMITS, ADMIN_ROLES, ASSIGNABLE_ROLES, AUDIT_ACTIONS } from '../admin.ts';
import { messages } from '../messages.ts';
import { applicationStatusSchema, teacherApplicationSchema } from './applications.ts';
import { userSchema } from './auth.ts';
import { courseSchema } from './courses.ts';

// ---------------------------------------------------------------- requests

const cursor = z.string().max(200, { error: messages.cursorInvalid }).optional();
const limit = z.coerce
  .number({ error: messages.badRequest })
  .int()
  .min(1)
  .max(ADMIN_LIMITS.pageSizeMax)
  .default(ADMIN_LIMITS.pageSizeDefault);
const query = z.string().max(ADMIN_LIMITS.query.max, { error: messages.searchTooLong }).optional();

/** An operator's optional reason for a decision, kept in the audit log. */
const reason = z
  .string({ error: messages.badRequest })
  .max(ADMIN_LIMITS.note.max, { error: messages.adminReasonTooLong })
  .optional();

export const adminIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const adminApplicationsQuerySchema = z.object({
  status: applicationStatusSchema.optional(),
});

/** Approve or reject: an optional note, kept with the decision. */
export const applicationDecisionBodySchema = z
  .object({
    note: z
      .string({ error: messages.badRequest })
      .max(ADMIN_LIMITS.note.max, { error: messages.adminNoteTooLong })
      .default(''),
  })
  .nullish();

export const adminUsersQuerySchema = z.object({
  q: query,
  role: z.enum(ADMIN_ROLES, { error: messages.badRequest }).optional(),
  cursor,
  limit,
});

export const setRoleBodySchema = z.object({
  role: z.enum(ASSIGNABLE_ROLES, { error: messages.badRequest }),
  reason: reason,
});

export const setOperatorBodySchema = z.object({
  isOperator: z.boolean({ error: messages.badRequest }),
  reason: reason,
});

/** Block or unblock: an optional reason, kept in the audit log. */
export const blockBodySchema = z.object({ reason: reason }).nullish();

export const adminCoursesQuerySchema = z.object({ q: query, cursor, limit });

export const setVisibilityBodySchema = z.object({
  hidden: z.boolean({ error: messages.badRequest }),
  reason: reason,
});

/** A calendar day, YYYY-MM-DD, read in the school's time zone. */
const day = z
  .string({ error: messages.auditDayInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.auditDayInvalid })
  .refine(
    (value) => {
      // A real day of the calendar: 2026-02-30 is not one.
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    },
    {
      error: messages.auditDayInvalid,
    },
  )
  .optional();

/**
 * GET admin/audit: `actor` (words of the actor's name as recorded), `action`
 * (one of AUDIT_ACTIONS), `from` and `to` (days, both included, in the
 * school's time zone).
 */
export const adminAuditQuerySchema = z
  .object({
    cursor,
    limit,
    actor: query,
    action: z.enum(AUDIT_ACTIONS, { error: messages.auditActionInvalid }).optional(),
    from: day,
    to: day,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: messages.auditRangeInvalid,
    path: ['to'],
  });

// ---------------------------------------------------------------- answers

/** The user JSON of the console: the contract's user plus whether the account is blocked. */
export const adminUserSchema = userSchema.extend({ isBlocked: z.boolean() });

/** An application as the console shows it: with the operator's note once decided. */
export const decidedApplicationSchema = teacherApplicationSchema.extend({
  decisionNote: z.string(),
});

export const adminCourseSchema = courseSchema.extend({ hidden: z.boolean() });

/** GET admin/settings: the school's time zone (TZ, default Europe/Kyiv), for every time shown. */
export const adminSettingsSchema = z.object({ timeZone: z.string() });

export const adminStatsSchema = z.object({
  users: z.object({
    students: z.number().int(),
    teachers: z.number().int(),
    operators: z.number().int(),
  }),
  courses: z.number().int(),
  submissions: z.object({
    total: z.number().int(),
    last7Days: z.number().int(),
    /** The last ADMIN_LIMITS.statsDays days (UTC), oldest first, today last; days without any count 0. */
    perDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  }),
  applications: z.object({ pending: z.number().int() }),
  /** Bytes of the stored homework files. */
  storageBytes: z.number().int(),
});

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /**
   * _id is null for the admin CLI and the system (TEACHER_AUTO_APPROVE); username names them.
   * An operator is named by id and by telephone as it was when they acted (null for the CLI,
   * the system and entries written before the telephone was kept): a name is theirs to edit.
   */
  actor: z.object({
    _id: z.string().nullable(),
    username: z.string(),
    telephone: z.string().nullable(),
    kind: z.enum(['operator', 'cli', 'system']),
  }),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({
    type: z.enum(['user', 'application', 'course']),
    _id: z.string(),
    label: z.string(),
  }),
  details: z.record(z.string(), z.unknown()),
});

export const adminApplicationsResponseSchema = z.object({
  applications: z.array(decidedApplicationSchema),
});
export const adminApplicationResponseSchema = z.object({ application: decidedApplicationSchema });
export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});
export const adminUserResponseSchema = z.object({ user: adminUserSchema });
export const resetLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
export const adminCoursesResponseSchema = z.object({
  courses: z.array(adminCourseSchema),
  nextCursor: z.string().nullable(),
});
export const adminCourseResponseSchema = z.object({ course: adminCourseSchema });
export const adminAuditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});

export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminCourse = z.infer<typeof adminCourseSchema>;
export type AdminStats = z.infer<typeof adminStatsSchema>;
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type DecidedApplication = z.infer<typeof decidedApplicationSchema>;
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;
export type AdminCoursesQuery = z.infer<typeof adminCoursesQuerySchema>;
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;
