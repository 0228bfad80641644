import { notificationMessages } from '@urok/contract';
import type { Notification } from '@urok/contract/schemas';

/** A notification's title (marked when unread) and body: the bell's panel and /notifications alike. */
export function NotificationText({ notification }: { notification: Notification }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
        {notification.readAt === null && (
          <span className="rounded bg-indigo-100 px-1.5 text-xs text-indigo-800">
            {notificationMessages.unreadMark}
          </span>
        )}
        {notification.title}
      </span>
      <span className="block text-sm text-slate-700">{notification.body}</span>
    </>
  );
}
