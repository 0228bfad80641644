import { useState } from 'react';
import { Link } from 'react-router';
import { notificationMessages } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { StatusBanner, type Banner } from '../../components/ui/status-banner';
import { failureMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDateTime } from '../../lib/format';
import {
  useMarkNotificationsReadMutation,
  useNotificationsInfiniteQuery,
} from './notifications-api';
import { NotificationText } from './notification-text';

const when = (iso: string) => formatDateTime(iso);

/** /notifications: every notification, newest first, paged; opening one marks it read; 'mark all read'. */
export function NotificationsPage() {
  useDocumentTitle(notificationMessages.pageTitle);
  const list = useNotificationsInfiniteQuery({ limit: 20 });
  const [markRead] = useMarkNotificationsReadMutation();
  const [markFailure, setMarkFailure] = useState<string | null>(null);
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? null;
  const unread = list.data?.pages[0]?.unread ?? 0;
  const pending = list.isFetching;
  const banner: Banner | null = markFailure
    ? { tone: 'error', text: markFailure }
    : list.isError
      ? { tone: 'error', text: failureMessage(list.error, notificationMessages.loadFailed) }
      : null;

  const markAll = async () => {
    setMarkFailure(null);
    const result = await markRead(undefined);
    if (result.error) setMarkFailure(failureMessage(result.error, notificationMessages.markFailed));
  };

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{notificationMessages.pageTitle}</h1>
        {unread > 0 && (
          <Button variant="secondary" onClick={() => void markAll()}>
            {notificationMessages.markAllRead}
          </Button>
        )}
      </div>
      <StatusBanner banner={banner} />
      {items === null ? (
        pending && <Spinner />
      ) : items.length === 0 ? (
        <p className="text-slate-700">{notificationMessages.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {items.map((notification) => (
            <li key={notification._id} className="px-4 py-3">
              <Link
                to={notification.link}
                onClick={() => {
                  if (notification.readAt === null) void markRead([notification._id]);
                }}
                className="block rounded focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <NotificationText notification={notification} />
                <span className="block text-xs text-slate-600">{when(notification.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          disabled={pending}
          aria-busy={pending}
          onClick={() => void list.fetchNextPage()}
        >
          {notificationMessages.loadMore}
        </Button>
      )}
    </div>
  );
}
