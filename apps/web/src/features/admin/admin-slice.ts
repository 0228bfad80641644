import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import {
  ADMIN_API,
  adminMessages,
  type AdminCourse,
  type AdminRole,
  type AdminStats,
  type AdminUser,
  type ApplicationStatus,
  type AssignableRole,
  type AuditEntry,
  type DecidedApplication,
} from '@urok/contract';
import { toApiFailure, type ApiFailure } from '../../lib/api-error';
import type { AppServices } from '../../lib/services';

/** The operator's console: its data sets, each with its own load state. */
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'error';

interface Paged<T> {
  items: T[];
  nextCursor: string | null;
  load: LoadStatus;
  /** The latest first-page request: an older search's late answer never replaces a newer one's. */
  requestId: string | null;
  error: string | null;
}

export interface UserFilter {
  q: string;
  role: AdminRole | '';
}

export interface AdminState {
  stats: { data: AdminStats | null; load: LoadStatus; error: string | null };
  applications: {
    items: DecidedApplication[];
    status: ApplicationStatus | '';
    load: LoadStatus;
    error: string | null;
  };
  users: Paged<AdminUser> & { filter: UserFilter };
  courses: Paged<AdminCourse> & { q: string };
  audit: Paged<AuditEntry>;
}

const emptyPage = {
  items: [],
  nextCursor: null,
  load: 'idle',
  requestId: null,
  error: null,
} as const;

export const initialAdminState: AdminState = {
  stats: { data: null, load: 'idle', error: null },
  applications: { items: [], status: 'pending', load: 'idle', error: null },
  users: { ...emptyPage, items: [], filter: { q: '', role: '' } },
  courses: { ...emptyPage, items: [], q: '' },
  audit: { ...emptyPage, items: [] },
};

/** The slice joins the store when the first console page loads (app/pages.tsx), so it may be absent. */
export interface AdminRootState {
  admin?: AdminState;
}

const createAdminThunk = createAsyncThunk.withTypes<{
  state: AdminRootState;
  extra: AppServices;
  rejectValue: ApiFailure;
}>();

const failure = (error: unknown, fallback: string = adminMessages.loadFailed) =>
  toApiFailure(error, fallback);

// ---------------------------------------------------------------- reads

/** GET admin/stats. */
export const fetchStats = createAdminThunk(
  'admin/fetchStats',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      return (await extra.http.get<AdminStats>(ADMIN_API.stats)).data;
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
);

/** GET admin/applications?status= (newest first). */
export const fetchApplications = createAdminThunk(
  'admin/fetchApplications',
  async (status: ApplicationStatus | '', { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ applications: DecidedApplication[] }>(
        ADMIN_API.applications,
        { params: status ? { status } : {} },
      );
      return data.applications;
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
);

interface PageResult<T> {
  items: T[];
  nextCursor: string | null;
}

/** GET admin/users?q=&role=&cursor=: the first page replaces the list, a next page is appended. */
export const fetchUsers = createAdminThunk(
  'admin/fetchUsers',
  async (
    { filter, cursor }: { filter: UserFilter; cursor?: string | null },
    { extra, rejectWithValue },
  ): Promise<PageResult<AdminUser> | ReturnType<typeof rejectWithValue>> => {
    try {
      const params: Record<string, string> = {};
      if (filter.q.trim()) params.q = filter.q.trim();
      if (filter.role) params.role = filter.role;
      if (cursor) params.cursor = cursor;
      const { data } = await extra.http.get<{ users: AdminUser[]; nextCursor: string | null }>(
        ADMIN_API.users,
        { params },
      );
      return { items: data.users, nextCursor: data.nextCursor };
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
);

/** GET admin/courses?q=&cursor= (hidden courses too). */
export const fetchAdminCourses = createAdminThunk(
  'admin/fetchCourses',
  async (
    { q, cursor }: { q: string; cursor?: string | null },
    { extra, rejectWithValue },
  ): Promise<PageResult<AdminCourse> | ReturnType<typeof rejectWithValue>> => {
    try {
      const params: Record<string, string> = {};
      if (q.trim()) params.q = q.trim();
      if (cursor) params.cursor = cursor;
      const { data } = await extra.http.get<{ courses: AdminCourse[]; nextCursor: string | null }>(
        ADMIN_API.courses,
        { params },
      );
      return { items: data.courses, nextCursor: data.nextCursor };
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
);

/** GET admin/audit?cursor= (newest first). */
export const fetchAudit = createAdminThunk(
  'admin/fetchAudit',
  async (
    { cursor }: { cursor?: string | null },
    { extra, rejectWithValue },
  ): Promise<PageResult<AuditEntry> | ReturnType<typeof rejectWithValue>> => {
    try {
      const { data } = await extra.http.get<{ entries: AuditEntry[]; nextCursor: string | null }>(
        ADMIN_API.audit,
        { params: cursor ? { cursor } : {} },
      );
      return { items: data.entries, nextCursor: data.nextCursor };
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
);

// ---------------------------------------------------------------- changes

/** POST admin/applications/{id}/approve|reject with the note; 409 when it was decided already. */
export const decideApplication = createAdminThunk(
  'admin/decideApplication',
  async (
    { id, decision, note }: { id: string; decision: 'approve' | 'reject'; note: string },
    { extra, rejectWithValue },
  ) => {
    try {
      const path = decision === 'approve' ? ADMIN_API.approve(id) : ADMIN_API.reject(id);
      const { data } = await extra.http.post<{ application: DecidedApplication }>(path, { note });
      return data.application;
    } catch (error) {
      return rejectWithValue(failure(error, adminMessages.actionFailed));
    }
  },
);

export type UserChange =
  | { kind: 'role'; role: AssignableRole }
  | { kind: 'operator'; isOperator: boolean }
  | { kind: 'blocked'; blocked: boolean };

/** PUT admin/users/{id}/role, PUT …/operator, POST …/block or …/unblock: answers with the account. */
export const changeUser = createAdminThunk(
  'admin/changeUser',
  async ({ id, change }: { id: string; change: UserChange }, { extra, rejectWithValue }) => {
    try {
      const { data } =
        change.kind === 'role'
          ? await extra.http.put<{ user: AdminUser }>(ADMIN_API.userRole(id), { role: change.role })
          : change.kind === 'operator'
            ? await extra.http.put<{ user: AdminUser }>(ADMIN_API.userOperator(id), {
                isOperator: change.isOperator,
              })
            : await extra.http.post<{ user: AdminUser }>(
                change.blocked ? ADMIN_API.block(id) : ADMIN_API.unblock(id),
              );
      return data.user;
    } catch (error) {
      return rejectWithValue(failure(error, adminMessages.actionFailed));
    }
  },
);

/**
 * POST admin/users/{id}/reset-link. The link is a credential: the page shows
 * it once and it never enters the store.
 */
export const createResetLink = createAdminThunk(
  'admin/createResetLink',
  async (id: string, { extra, rejectWithValue }) => {
    try {
      return (await extra.http.post<{ url: string; expiresAt: string }>(ADMIN_API.resetLink(id)))
        .data;
    } catch (error) {
      return rejectWithValue(failure(error, adminMessages.actionFailed));
    }
  },
);

/** PUT admin/courses/{id}/visibility. */
export const setCourseHidden = createAdminThunk(
  'admin/setCourseHidden',
  async ({ id, hidden }: { id: string; hidden: boolean }, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.put<{ course: AdminCourse }>(
        ADMIN_API.courseVisibility(id),
        { hidden },
      );
      return data.course;
    } catch (error) {
      return rejectWithValue(failure(error, adminMessages.actionFailed));
    }
  },
);

// ---------------------------------------------------------------- reducer

function replaceById<T extends { _id: string }>(list: T[], next: T): void {
  const index = list.findIndex((entry) => entry._id === next._id);
  if (index !== -1) list[index] = next;
}

type PagedKey = 'users' | 'courses' | 'audit';

const adminSlice = createSlice({
  name: 'admin',
  initialState: initialAdminState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchStats.pending, (state) => {
        state.stats.load = 'loading';
        state.stats.error = null;
      })
      .addCase(fetchStats.fulfilled, (state, action) => {
        state.stats = { data: action.payload, load: 'loaded', error: null };
      })
      .addCase(fetchStats.rejected, (state, action) => {
        state.stats.load = 'error';
        state.stats.error = action.payload?.message ?? adminMessages.loadFailed;
      })

      .addCase(fetchApplications.pending, (state, action) => {
        state.applications.load = 'loading';
        state.applications.error = null;
        state.applications.status = action.meta.arg;
      })
      .addCase(fetchApplications.fulfilled, (state, action) => {
        if (state.applications.status !== action.meta.arg) return;
        state.applications.items = action.payload;
        state.applications.load = 'loaded';
      })
      .addCase(fetchApplications.rejected, (state, action) => {
        if (state.applications.status !== action.meta.arg) return;
        state.applications.load = 'error';
        state.applications.error = action.payload?.message ?? adminMessages.loadFailed;
      })
      .addCase(decideApplication.fulfilled, (state, action) => {
        const { status } = state.applications;
        // Out of the pending queue once decided; kept (updated) in the lists that show it.
        if (status && status !== action.payload.status)
          state.applications.items = state.applications.items.filter(
            (entry) => entry._id !== action.payload._id,
          );
        else replaceById(state.applications.items, action.payload);
        if (state.stats.data)
          state.stats.data.applications.pending = Math.max(
            0,
            state.stats.data.applications.pending - 1,
          );
      })

      .addCase(changeUser.fulfilled, (state, action) => {
        replaceById(state.users.items, action.payload);
      })
      .addCase(setCourseHidden.fulfilled, (state, action) => {
        replaceById(state.courses.items, action.payload);
      });

    // The three paged lists share one shape of transitions.
    const paged = <T>(
      key: PagedKey,
      thunk: typeof fetchUsers | typeof fetchAdminCourses | typeof fetchAudit,
      onFirstPage: (state: AdminState, arg: never) => void,
    ) => {
      builder
        .addCase(thunk.pending, (state, action) => {
          const list = state[key];
          list.load = 'loading';
          list.error = null;
          if (!action.meta.arg.cursor) {
            list.requestId = action.meta.requestId;
            list.items = [];
            list.nextCursor = null;
            onFirstPage(state, action.meta.arg as never);
          }
        })
        .addCase(thunk.fulfilled, (state, action) => {
          const list = state[key] as Paged<T>;
          const payload = action.payload as PageResult<T>;
          if (!action.meta.arg.cursor && action.meta.requestId !== list.requestId) return;
          list.load = 'loaded';
          if (action.meta.arg.cursor) {
            const known = new Set(list.items.map((item) => (item as { _id: string })._id));
            list.items.push(
              ...payload.items.filter((item) => !known.has((item as { _id: string })._id)),
            );
          } else {
            list.items = payload.items;
          }
          list.nextCursor = payload.nextCursor;
        })
        .addCase(thunk.rejected, (state, action) => {
          const list = state[key];
          if (!action.meta.arg.cursor && action.meta.requestId !== list.requestId) return;
          list.load = 'error';
          list.error = action.payload?.message ?? adminMessages.loadFailed;
        });
    };
    paged<AdminUser>('users', fetchUsers, (state, arg: { filter: UserFilter }) => {
      state.users.filter = arg.filter;
    });
    paged<AdminCourse>('courses', fetchAdminCourses, (state, arg: { q: string }) => {
      state.courses.q = arg.q;
    });
    paged<AuditEntry>('audit', fetchAudit, () => {});
  },
});

export { adminSlice };
export const adminReducer = adminSlice.reducer;

export const selectAdmin = (state: AdminRootState): AdminState => state.admin ?? initialAdminState;
