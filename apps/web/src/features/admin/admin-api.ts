/**
 * The operator's console as endpoints of the app's data layer (lib/api.ts):
 * the figures, the applications, accounts, courses and the audit log, and
 * the changes to them.
 */
import {
  ADMIN_API,
  adminMessages,
  type AdminCourse,
  type AdminRole,
  type AdminSettings,
  type AdminStats,
  type AdminUser,
  type ApplicationStatus,
  type AssignableRole,
  type AuditAction,
  type AuditEntry,
  type DecidedApplication,
} from '@urok/contract';
import { api } from '../../lib/api';

export interface UserFilter {
  q: string;
  role: AdminRole | '';
}

/** The audit log's filters; '' for none. Days are YYYY-MM-DD in the school's time zone. */
export interface AuditFilter {
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

/** An operator's reason, sent only when one was given. */
const withReason = (reason: string | undefined) => (reason ? { reason } : {});

export type UserChange =
  | { kind: 'role'; role: AssignableRole }
  | { kind: 'operator'; isOperator: boolean }
  | { kind: 'blocked'; blocked: boolean };

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A cursor-paged list of the console: pages follow `nextCursor` until it is null. */
const paged = {
  initialPageParam: null,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
} as const;

const read = (url: string, params: Record<string, string>) => ({
  url,
  params,
  failure: adminMessages.loadFailed,
});

/** The non-empty search terms and the cursor, as query parameters. */
function searchParams(terms: Record<string, string>, cursor: string | null) {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(terms)) if (value.trim()) params[key] = value.trim();
  if (cursor) params.cursor = cursor;
  return params;
}

function replaceById<T extends { _id: string }>(pages: Page<T>[], next: T): void {
  for (const page of pages) {
    const index = page.items.findIndex((entry) => entry._id === next._id);
    if (index !== -1) page.items[index] = next;
  }
}

export const adminApi = api
  .enhanceEndpoints({
    addTagTypes: ['AdminStats', 'Applications', 'AdminUsers', 'AdminCourses', 'Audit'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET admin/settings: the school's time zone, asked once per visit of the console. */
      adminSettings: build.query<AdminSettings, void>({
        query: () => read(ADMIN_API.settings, {}),
        keepUnusedDataFor: 3600,
      }),

      /** GET admin/stats. */
      adminStats: build.query<AdminStats, void>({
        query: () => read(ADMIN_API.stats, {}),
        providesTags: ['AdminStats'],
      }),

      /** GET admin/applications?status= (newest first). */
      applications: build.query<DecidedApplication[], ApplicationStatus | ''>({
        query: (status) => read(ADMIN_API.applications, status ? { status } : {}),
        transformResponse: (answer: { applications: DecidedApplication[] }) => answer.applications,
        providesTags: ['Applications'],
      }),

      /** GET admin/users?q=&role=&cursor=. */
      adminUsers: build.infiniteQuery<Page<AdminUser>, UserFilter, string | null>({
        infiniteQueryOptions: paged,
        query: ({ queryArg, pageParam }) =>
          read(ADMIN_API.users, searchParams({ q: queryArg.q, role: queryArg.role }, pageParam)),
        transformResponse: (answer: { users: AdminUser[]; nextCursor: string | null }) => ({
          items: answer.users,
          nextCursor: answer.nextCursor,
        }),
        providesTags: ['AdminUsers'],
      }),

      /** GET admin/courses?q=&cursor= (hidden courses too). */
      adminCourses: build.infiniteQuery<Page<AdminCourse>, string, string | null>({
        infiniteQueryOptions: paged,
        query: ({ queryArg: q, pageParam }) =>
          read(ADMIN_API.courses, searchParams({ q }, pageParam)),
        transformResponse: (answer: { courses: AdminCourse[]; nextCursor: string | null }) => ({
          items: answer.courses,
          nextCursor: answer.nextCursor,
        }),
        providesTags: ['AdminCourses'],
      }),

      /** GET admin/audit?actor=&action=&from=&to=&cursor= (newest first). */
      audit: build.infiniteQuery<Page<AuditEntry>, AuditFilter, string | null>({
        infiniteQueryOptions: paged,
        query: ({ queryArg, pageParam }) =>
          read(ADMIN_API.audit, searchParams({ ...queryArg }, pageParam)),
        transformResponse: (answer: { entries: AuditEntry[]; nextCursor: string | null }) => ({
          items: answer.entries,
          nextCursor: answer.nextCursor,
        }),
        providesTags: ['Audit'],
      }),

      /** POST admin/applications/{id}/approve|reject with the note; 409 when it was decided already. */
      decideApplication: build.mutation<
        DecidedApplication,
        { id: string; decision: 'approve' | 'reject'; note: string }
      >({
        query: ({ id, decision, note }) => ({
          url: decision === 'approve' ? ADMIN_API.approve(id) : ADMIN_API.reject(id),
          method: 'post',
          body: { note },
          failure: adminMessages.actionFailed,
        }),
        transformResponse: (answer: { application: DecidedApplication }) => answer.application,
        invalidatesTags: ['Applications', 'AdminStats', 'AdminUsers', 'Audit'],
      }),

      /** PUT admin/users/{id}/role, PUT …/operator, POST …/block or …/unblock: answers with the account. */
      changeUser: build.mutation<AdminUser, { id: string; change: UserChange; reason?: string }>({
        query: ({ id, change, reason }) => ({
          ...(change.kind === 'role'
            ? {
                url: ADMIN_API.userRole(id),
                method: 'put',
                body: { role: change.role, ...withReason(reason) },
              }
            : change.kind === 'operator'
              ? {
                  url: ADMIN_API.userOperator(id),
                  method: 'put',
                  body: { isOperator: change.isOperator, ...withReason(reason) },
                }
              : {
                  url: change.blocked ? ADMIN_API.block(id) : ADMIN_API.unblock(id),
                  method: 'post',
                  body: withReason(reason),
                }),
          failure: adminMessages.actionFailed,
        }),
        transformResponse: (answer: { user: AdminUser }) => answer.user,
        async onQueryStarted(_, { dispatch, getState, queryFulfilled }) {
          const { data: user } = await queryFulfilled.catch(() => ({ data: null }));
          if (!user) return;
          for (const filter of adminApi.util.selectCachedArgsForQuery(getState(), 'adminUsers'))
            dispatch(
              adminApi.util.updateQueryData('adminUsers', filter, (data) =>
                replaceById(data.pages, user),
              ),
            );
          dispatch(adminApi.util.invalidateTags(['AdminStats', 'Audit']));
        },
      }),

      /**
       * POST admin/users/{id}/reset-link. The link is a credential: the page
       * sends it untracked (useSecretMutation), so it is shown once and never
       * enters the store.
       */
      createResetLink: build.mutation<{ url: string; expiresAt: string }, string>({
        query: (id) => ({
          url: ADMIN_API.resetLink(id),
          method: 'post',
          failure: adminMessages.actionFailed,
        }),
      }),

      /** PUT admin/courses/{id}/visibility. */
      setCourseHidden: build.mutation<
        AdminCourse,
        { id: string; hidden: boolean; reason?: string }
      >({
        query: ({ id, hidden, reason }) => ({
          url: ADMIN_API.courseVisibility(id),
          method: 'put',
          body: { hidden, ...withReason(reason) },
          failure: adminMessages.actionFailed,
        }),
        transformResponse: (answer: { course: AdminCourse }) => answer.course,
        async onQueryStarted(_, { dispatch, getState, queryFulfilled }) {
          const { data: course } = await queryFulfilled.catch(() => ({ data: null }));
          if (!course) return;
          for (const q of adminApi.util.selectCachedArgsForQuery(getState(), 'adminCourses'))
            dispatch(
              adminApi.util.updateQueryData('adminCourses', q, (data) =>
                replaceById(data.pages, course),
              ),
            );
          dispatch(adminApi.util.invalidateTags(['Audit']));
        },
      }),
    }),
  });

export const {
  useAdminSettingsQuery,
  useAdminStatsQuery,
  useApplicationsQuery,
  useAdminUsersInfiniteQuery,
  useAdminCoursesInfiniteQuery,
  useAuditInfiniteQuery,
  useDecideApplicationMutation,
  useChangeUserMutation,
  useSetCourseHiddenMutation,
} = adminApi;
