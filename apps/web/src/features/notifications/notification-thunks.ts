/**
 * The API calls of notifications. No slice: the bell and the page each keep
 * what they loaded (lib/app-thunk.ts), and the live stream feeds the bell.
 */
import { NOTIFICATIONS_API, notificationMessages, type NotificationKind } from '@urok/contract';
import type { Notification } from '@urok/contract/schemas';
import { toApiFailure } from '../../lib/api-error';
import { createServiceThunk } from '../../lib/app-thunk';

export interface NotificationPage {
  notifications: Notification[];
  nextCursor: string | null;
  unread: number;
}

/** GET notifications: a page, newest first, with the unread count. */
export const fetchNotifications = createServiceThunk(
  'notifications/fetch',
  async (page: { cursor?: string; limit?: number }, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<NotificationPage>(NOTIFICATIONS_API.list, {
        params: { limit: page.limit ?? 20, ...(page.cursor ? { cursor: page.cursor } : {}) },
      });
      return data;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, notificationMessages.loadFailed));
    }
  },
);

/** POST notifications/read: these, or every one without ids. */
export const markNotificationsRead = createServiceThunk(
  'notifications/read',
  async (ids: string[] | undefined, { extra, rejectWithValue }) => {
    try {
      await extra.http.post(NOTIFICATIONS_API.read, ids ? { ids } : {});
      return ids ?? null;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, notificationMessages.markFailed));
    }
  },
);

export type EmailPreferences = Record<NotificationKind, boolean>;

/** GET notifications/preferences: which kinds are also e-mailed. */
export const fetchNotificationPreferences = createServiceThunk(
  'notifications/preferences/fetch',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ preferences: { email: EmailPreferences } }>(
        NOTIFICATIONS_API.preferences,
      );
      return data.preferences.email;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, notificationMessages.loadFailed));
    }
  },
);

/** PUT notifications/preferences: turns one kind's mail on or off; answers with every kind. */
export const saveNotificationPreference = createServiceThunk(
  'notifications/preferences/save',
  async (change: { kind: NotificationKind; email: boolean }, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.put<{ preferences: { email: EmailPreferences } }>(
        NOTIFICATIONS_API.preferences,
        { email: { [change.kind]: change.email } },
      );
      return data.preferences.email;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, notificationMessages.preferencesFailed));
    }
  },
);
