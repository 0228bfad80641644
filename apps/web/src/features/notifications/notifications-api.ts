/**
 * The API of notifications, as endpoints of the app's data layer (lib/api.ts):
 * the bell and the page read the same cached list, and marking read or a
 * live notification updates every cached page of it.
 */
import { NOTIFICATIONS_API, notificationMessages, type NotificationKind } from '@urok/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { Notification } from '@urok/contract/schemas';
import { api } from '../../lib/api';

export interface NotificationPage {
  notifications: Notification[];
  nextCursor: string | null;
  unread: number;
}

export type EmailPreferences = Record<NotificationKind, boolean>;

interface PreferencesAnswer {
  preferences: { email: EmailPreferences };
}

/** A list's size: the bell shows the latest few, the page 20 at a time. */
export interface NotificationListArg {
  limit: number;
}

export const notificationsApi = api
  .enhanceEndpoints({ addTagTypes: ['Notification', 'NotificationPreferences'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET notifications: pages, newest first, each with the unread count. */
      notifications: build.infiniteQuery<NotificationPage, NotificationListArg, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.nextCursor,
        },
        query: ({ queryArg, pageParam }) => ({
          url: NOTIFICATIONS_API.list,
          params: { limit: queryArg.limit, ...(pageParam ? { cursor: pageParam } : {}) },
          failure: notificationMessages.loadFailed,
        }),
        providesTags: ['Notification'],
      }),

      /**
       * POST notifications/read: these, or every one without ids. Every cached
       * list shows them read at once; a failure puts the lists back.
       */
      markNotificationsRead: build.mutation<void, string[] | undefined>({
        query: (ids) => ({
          url: NOTIFICATIONS_API.read,
          method: 'post',
          body: ids ? { ids } : {},
          failure: notificationMessages.markFailed,
        }),
        async onQueryStarted(ids, { dispatch, getState, queryFulfilled }) {
          const now = new Date().toISOString();
          const patches = notificationsApi.util
            .selectCachedArgsForQuery(getState(), 'notifications')
            .map((arg) =>
              dispatch(
                notificationsApi.util.updateQueryData('notifications', arg, (data) => {
                  let marked = 0;
                  for (const page of data.pages)
                    for (const notification of page.notifications)
                      if (
                        notification.readAt === null &&
                        (!ids || ids.includes(notification._id))
                      ) {
                        notification.readAt = now;
                        marked++;
                      }
                  for (const page of data.pages)
                    page.unread = ids ? Math.max(0, page.unread - marked) : 0;
                }),
              ),
            );
          try {
            await queryFulfilled;
          } catch {
            for (const patch of patches) patch.undo();
          }
        },
      }),

      /** GET notifications/preferences: which kinds are also e-mailed. */
      notificationPreferences: build.query<EmailPreferences, void>({
        query: () => ({
          url: NOTIFICATIONS_API.preferences,
          failure: notificationMessages.loadFailed,
        }),
        transformResponse: (answer: PreferencesAnswer) => answer.preferences.email,
        providesTags: ['NotificationPreferences'],
      }),

      /**
       * PUT notifications/preferences: turns one kind's mail on or off. It
       * names only its own kind, so quick changes of several boxes cannot undo
       * each other; the box changes at once and goes back if the save fails.
       */
      saveNotificationPreference: build.mutation<
        EmailPreferences,
        { kind: NotificationKind; email: boolean }
      >({
        query: (change) => ({
          url: NOTIFICATIONS_API.preferences,
          method: 'put',
          body: { email: { [change.kind]: change.email } },
          failure: notificationMessages.preferencesFailed,
        }),
        transformResponse: (answer: PreferencesAnswer) => answer.preferences.email,
        async onQueryStarted(change, { dispatch, queryFulfilled }) {
          const patch = dispatch(
            notificationsApi.util.updateQueryData('notificationPreferences', undefined, (email) => {
              email[change.kind] = change.email;
            }),
          );
          try {
            await queryFulfilled;
          } catch {
            patch.undo();
          }
        },
      }),
    }),
  });

export const {
  useNotificationsInfiniteQuery,
  useMarkNotificationsReadMutation,
  useNotificationPreferencesQuery,
  useSaveNotificationPreferenceMutation,
} = notificationsApi;

type ApiRootState = Parameters<typeof notificationsApi.util.selectCachedArgsForQuery>[0];

/** Puts a notification that arrived live at the top of every cached list, counted unread. */
export const receiveNotification =
  (notification: Notification): ThunkAction<void, ApiRootState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    for (const arg of notificationsApi.util.selectCachedArgsForQuery(getState(), 'notifications'))
      dispatch(
        notificationsApi.util.updateQueryData('notifications', arg, (data) => {
          const known = data.pages.some((page) =>
            page.notifications.some((n) => n._id === notification._id),
          );
          if (known || !data.pages[0]) return;
          data.pages[0].notifications.unshift(notification);
          for (const page of data.pages) page.unread += 1;
        }),
      );
  };
