import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES, notificationMessages } from '@urok/contract';
import type { Notification } from '@urok/contract/schemas';
import { useServiceDispatch } from '../../lib/app-thunk';
import { followNotifications } from './live-notifications';
import { NotificationText } from './notification-text';
import { fetchNotifications, markNotificationsRead } from './notification-thunks';

const LATEST = 5;

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path
        d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M10.3 20a1.9 1.9 0 0 0 3.4 0" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header's bell: the unread count, kept live by the notification stream
 * (a reconnect reloads the list, so nothing missed is lost), and a panel of
 * the latest, each leading to its page and marked read when followed.
 */
export function NotificationBell() {
  const dispatch = useServiceDispatch();
  const [unread, setUnread] = useState(0);
  const [latest, setLatest] = useState<Notification[]>([]);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = `${useId()}-panel`;

  const load = useCallback(async () => {
    const result = await dispatch(fetchNotifications({ limit: LATEST }));
    if (fetchNotifications.fulfilled.match(result)) {
      setUnread(result.payload.unread);
      setLatest(result.payload.notifications);
    }
  }, [dispatch]);

  useEffect(() => {
    void load();
    const live = followNotifications({
      onNotification: (notification) => {
        setUnread((count) => count + 1);
        setLatest((list) =>
          [notification, ...list.filter((n) => n._id !== notification._id)].slice(0, LATEST),
        );
      },
      onReconnect: () => void load(),
    });
    return () => live.stop();
  }, [load]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const follow = (notification: Notification) => {
    setOpen(false);
    if (notification.readAt !== null) return;
    setUnread((count) => Math.max(0, count - 1));
    setLatest((list) =>
      list.map((n) =>
        n._id === notification._id ? { ...n, readAt: new Date().toISOString() } : n,
      ),
    );
    void dispatch(markNotificationsRead([notification._id]));
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label={notificationMessages.bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <BellIcon />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute right-1 top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={notificationMessages.latestHeading}
          className="absolute right-0 z-30 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          {latest.length === 0 ? (
            <p className="p-3 text-sm text-slate-600">{notificationMessages.empty}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {latest.map((notification) => (
                <li key={notification._id}>
                  <Link
                    to={notification.link}
                    onClick={() => follow(notification)}
                    className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <NotificationText notification={notification} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link
            to={ROUTES.notifications}
            onClick={() => setOpen(false)}
            className="mt-1 block rounded-lg px-3 py-2 text-center text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {notificationMessages.seeAll}
          </Link>
        </div>
      )}
    </div>
  );
}
