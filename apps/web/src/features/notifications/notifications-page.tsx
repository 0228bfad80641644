import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { notificationMessages } from '@urok/contract';
import type { Notification } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { StatusBanner, type Banner } from '../../components/ui/status-banner';
import { useServiceDispatch } from '../../lib/app-thunk';
import { useDocumentTitle } from '../../lib/document-title';
import { fetchNotifications, markNotificationsRead } from './notification-thunks';
import { NotificationText } from './notification-text';

const when = (iso: string) =>
  new Date(iso).toLocaleString('uk-UA', { dateStyle: 'medium', timeStyle: 'short' });

/** /notifications: every notification, newest first, paged; 'mark all read'. */
export function NotificationsPage() {
  const dispatch = useServiceDispatch();
  useDocumentTitle(notificationMessages.pageTitle);
  const [items, setItems] = useState<Notification[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [unread, setUnread] = useState(0);
  const [pending, setPending] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);

  const load = useCallback(
    async (after?: string) => {
      setPending(true);
      const result = await dispatch(fetchNotifications({ cursor: after }));
      setPending(false);
      if (fetchNotifications.fulfilled.match(result)) {
        setItems((list) => [...(after ? (list ?? []) : []), ...result.payload.notifications]);
        setCursor(result.payload.nextCursor);
        setUnread(result.payload.unread);
      } else {
        setBanner({
          tone: 'error',
          text: result.payload?.message ?? notificationMessages.loadFailed,
        });
      }
    },
    [dispatch],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const markAll = async () => {
    const result = await dispatch(markNotificationsRead(undefined));
    if (markNotificationsRead.fulfilled.match(result)) {
      const now = new Date().toISOString();
      setItems((list) => list?.map((n) => ({ ...n, readAt: n.readAt ?? now })) ?? null);
      setUnread(0);
    } else {
      setBanner({
        tone: 'error',
        text: result.payload?.message ?? notificationMessages.markFailed,
      });
    }
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
                className="block rounded focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <NotificationText notification={notification} />
                <span className="block text-xs text-slate-600">{when(notification.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {cursor && (
        <Button
          variant="secondary"
          disabled={pending}
          aria-busy={pending}
          onClick={() => void load(cursor)}
        >
          {notificationMessages.loadMore}
        </Button>
      )}
    </div>
  );
}
