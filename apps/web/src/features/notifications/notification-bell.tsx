import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES, notificationMessages } from '@urok/contract';
import type { Notification } from '@urok/contract/schemas';
import { useApiDispatch } from '../../lib/api';
import { followNotifications } from './live-notifications';
import { NotificationText } from './notification-text';
import {
  receiveNotification,
  useMarkNotificationsReadMutation,
  useNotificationsInfiniteQuery,
} from './notifications-api';

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
  const dispatch = useApiDispatch();
  const { data, refetch } = useNotificationsInfiniteQuery({ limit: LATEST });
  const [markRead] = useMarkNotificationsReadMutation();
  const unread = data?.pages[0]?.unread ?? 0;
  const latest = data?.pages[0]?.notifications.slice(0, LATEST) ?? [];
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = `${useId()}-panel`;

  useEffect(() => {
    const live = followNotifications({
      onNotification: (notification) => void dispatch(receiveNotification(notification)),
      onReconnect: () => void refetch(),
    });
    return () => live.stop();
  }, [dispatch, refetch]);

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
    if (notification.readAt === null) void markRead([notification._id]);
  };

  return (
    <div
      ref={rootRef}
      // Below sm the panel hangs from the header (the nearest positioned box), edge to edge with
      // a margin, so it fits a 360-pixel phone wherever the bell sits; from sm on, from the bell.
      className="sm:relative"
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
          className="absolute inset-x-2 top-full z-30 mt-1 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-96"
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
          {unread > 0 && (
            <button
              type="button"
              onClick={() => void markRead(undefined)}
              className="mt-1 block min-h-11 w-full rounded-lg px-3 py-2 text-center text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {notificationMessages.markAllRead}
            </button>
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
