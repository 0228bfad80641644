import { ADMIN_API } from '@urok/contract';
import {
  adminApplicationResponseSchema,
  adminApplicationsQuerySchema,
  adminApplicationsResponseSchema,
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminCourseResponseSchema,
  adminCoursesQuerySchema,
  adminCoursesResponseSchema,
  adminIdParamsSchema,
  adminSettingsSchema,
  adminStatsSchema,
  adminUserResponseSchema,
  blockBodySchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  applicationDecisionBodySchema,
  resetLinkResponseSchema,
  setOperatorBodySchema,
  setRoleBodySchema,
  setVisibilityBodySchema,
} from '@urok/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { operatorActor, type AuditActor } from '../../lib/audit.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import {
  approveApplication,
  listApplicationsNewestFirst,
  rejectApplication,
} from '../applications/applications.service.ts';
import {
  createResetLink,
  getStats,
  listAdminCourses,
  listAudit,
  listUsers,
  setBlocked,
  setCourseVisibility,
  setOperator,
  setUserRole,
} from './admin.service.ts';

/**
 * The operator's console. Every route: 401 without a
 * session, 403 for anyone but an operator (requireOperator, before the body
 * is looked at). Changes are throttled per operator.
 */
export async function adminRoutes(app: AppInstance): Promise<void> {
  app.addHook('onRequest', app.requireOperator);

  const tags = ['admin'];
  const security = bearerSecurity;
  /** preHandler of every change (not of reads): one budget per operator. */
  const changes = app.rateLimited(RATE_LIMITS.adminWritePerUser);
  /** The operator making a change. */
  const actor = async (request: FastifyRequest): Promise<AuditActor> => {
    const body = request.body as { reason?: unknown } | null | undefined;
    return operatorActor(
      getCurrentUser(request),
      typeof body?.reason === 'string' ? body.reason : undefined,
    );
  };

  app.get(
    `/${ADMIN_API.stats}`,
    {
      schema: {
        tags,
        security,
        summary: 'The platform in figures, with submissions per day over the last 30 days',
        response: { 200: adminStatsSchema.describe('Figures'), ...errorResponses(401, 403) },
      },
    },
    async () => getStats(app.db),
  );

  app.get(
    `/${ADMIN_API.settings}`,
    {
      schema: {
        tags,
        security,
        summary: 'The school’s time zone (TZ, default Europe/Kyiv): the console shows times in it',
        response: { 200: adminSettingsSchema.describe('Settings'), ...errorResponses(401, 403) },
      },
    },
    async () => ({ timeZone: app.config.timeZone }),
  );

  app.get(
    `/${ADMIN_API.applications}`,
    {
      schema: {
        tags,
        security,
        summary: 'Teacher applications, newest first; `status` keeps one status',
        querystring: adminApplicationsQuerySchema,
        response: {
          200: adminApplicationsResponseSchema.describe('Applications with the decision note'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ({
      applications: await listApplicationsNewestFirst(app.db, request.query.status),
    }),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/admin/applications/:id/${decision}`,
      {
        preHandler: changes,
        schema: {
          tags,
          security,
          summary:
            decision === 'approve'
              ? 'Approve a pending application (the same rule as the CLI): its account becomes a teacher'
              : 'Reject a pending application',
          params: adminIdParamsSchema,
          body: applicationDecisionBodySchema,
          response: {
            200: adminApplicationResponseSchema.describe('The decided application'),
            ...errorResponses(400, 401, 403, 404, 409, 429),
          },
        },
      },
      async (request) => {
        const by = await actor(request);
        const note = request.body?.note ?? '';
        const application = await app.announcing(async (announcement) =>
          decision === 'approve'
            ? (await approveApplication(app.db, request.params.id, by, note, announcement))
                .application
            : await rejectApplication(app.db, request.params.id, by, note, announcement),
        );
        return { application };
      },
    );
  }

  app.get(
    `/${ADMIN_API.users}`,
    {
      schema: {
        tags,
        security,
        summary:
          'Accounts, newest first, paged by cursor; `q` searches names and telephones, `role` keeps one role',
        querystring: adminUsersQuerySchema,
        response: {
          200: adminUsersResponseSchema.describe('One page; nextCursor is null on the last'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.put(
    '/admin/users/:id/role',
    {
      preHandler: changes,
      schema: {
        tags,
        security,
        summary: 'Make an account a teacher or a student (the same rule as the CLI)',
        params: adminIdParamsSchema,
        body: setRoleBodySchema,
        response: {
          200: adminUserResponseSchema.describe('The account'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => ({
      user: await setUserRole(app.db, request.params.id, request.body.role, await actor(request)),
    }),
  );

  app.put(
    '/admin/users/:id/operator',
    {
      preHandler: changes,
      schema: {
        tags,
        security,
        summary: 'Give or take the operator role; the last operator keeps it (409)',
        params: adminIdParamsSchema,
        body: setOperatorBodySchema,
        response: {
          200: adminUserResponseSchema.describe('The account'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => ({
      user: await setOperator(
        app.db,
        request.params.id,
        request.body.isOperator,
        await actor(request),
      ),
    }),
  );

  for (const [verb, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/admin/users/:id/${verb}`,
      {
        preHandler: changes,
        schema: {
          tags,
          security,
          summary: blocked
            ? 'Block an account: its sessions end now and it cannot sign in (an operator cannot be blocked: 409)'
            : 'Unblock an account',
          params: adminIdParamsSchema,
          body: blockBodySchema,
          response: {
            200: adminUserResponseSchema.describe('The account'),
            ...errorResponses(400, 401, 403, 404, 409, 429),
          },
        },
      },
      async (request) => {
        const user = await setBlocked(app.db, request.params.id, blocked, await actor(request));
        // A blocked account's live streams, in every process, close now (features/notifications).
        if (blocked) app.notificationBus.sessionsEnded(request.params.id);
        return { user };
      },
    );
  }

  app.post(
    '/admin/users/:id/reset-link',
    {
      preHandler: changes,
      schema: {
        tags,
        security,
        summary:
          "A one-time password reset link (1 hour; the same as the CLI reset-password); shown once. Never for an operator's account (409): the host's CLI makes those",
        params: adminIdParamsSchema,
        response: {
          201: resetLinkResponseSchema.describe('The link and when it stops working'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const link = await createResetLink(
        app.db,
        app.config.publicUrl,
        request.params.id,
        await actor(request),
      );
      // The link is a credential: no cache may keep it.
      return reply.code(201).header('Cache-Control', 'no-store').send(link);
    },
  );

  app.get(
    `/${ADMIN_API.courses}`,
    {
      schema: {
        tags,
        security,
        summary: 'Every course, hidden ones too, newest first, paged by cursor; `q` searches',
        querystring: adminCoursesQuerySchema,
        response: {
          200: adminCoursesResponseSchema.describe('One page; nextCursor is null on the last'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => listAdminCourses(app.db, request.query),
  );

  app.put(
    '/admin/courses/:id/visibility',
    {
      preHandler: changes,
      schema: {
        tags,
        security,
        summary:
          'Hide a course from the catalog, search and public pages (its author and students keep it), or show it',
        params: adminIdParamsSchema,
        body: setVisibilityBodySchema,
        response: {
          200: adminCourseResponseSchema.describe('The course'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => ({
      course: await setCourseVisibility(
        app.db,
        request.params.id,
        request.body.hidden,
        await actor(request),
      ),
    }),
  );

  app.get(
    `/${ADMIN_API.audit}`,
    {
      schema: {
        tags,
        security,
        summary:
          'The audit log, newest first, paged by cursor; `actor`, `action` and the days `from` and `to` (the school’s time zone) filter it',
        querystring: adminAuditQuerySchema,
        response: {
          200: adminAuditResponseSchema.describe('One page; nextCursor is null on the last'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => listAudit(app.db, request.query, app.config.timeZone),
  );
}
