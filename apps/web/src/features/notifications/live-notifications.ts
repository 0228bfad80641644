import { API_BASE, NOTIFICATIONS_API } from '@urok/contract';
import type { Notification, StreamLink } from '@urok/contract/schemas';
import { readStoredToken } from '../../lib/storage';

/** After `event: end` with this reason (a newer stream of the account took the slot), wait this long. */
const REPLACED_WAIT_MS = 60_000;
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 30_000;

/**
 * Follows GET notifications/stream (Server-Sent Events) with the browser's
 * EventSource on a short-lived signed link (POST notifications/stream-link,
 * with the bearer header, which EventSource cannot send). Calls
 * `onNotification` for each event, and `onReconnect` whenever the stream
 * opens again after it was open, so the caller catches up on what it missed
 * from the list. While the link works the browser reconnects by itself
 * (resuming after Last-Event-ID); once it does not (expired, or refused) a
 * new link is asked for after a wait that doubles from 1 s to 30 s. The
 * server's last event says why it ended a stream: `replaced` (the account
 * opened more streams than it may keep) waits a minute, `signed-out` stops,
 * as does a 401 for the link. Until `stop()`.
 */
export function followNotifications(handlers: {
  onNotification: (notification: Notification) => void;
  onReconnect: () => void;
}): { stop: () => void } {
  let stopped = false;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_WAIT_MS;
  let connectedBefore = false;

  const end = () => {
    source?.close();
    source = undefined;
  };
  const again = (wait = delay) => {
    end();
    if (stopped) return;
    timer = setTimeout(() => void connect(), wait);
    delay = Math.min(delay * 2, LONGEST_WAIT_MS);
  };

  const connect = async () => {
    let link: string;
    try {
      const token = readStoredToken();
      const response = await fetch(`${API_BASE}${NOTIFICATIONS_API.streamLink}`, {
        method: 'POST',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (response.status === 401) return; // signed out: the app leaves this page
      if (!response.ok) throw new Error(`stream link ${response.status}`);
      link = ((await response.json()) as StreamLink).url;
    } catch {
      again();
      return;
    }
    if (stopped) return;
    const opened = new EventSource(link);
    source = opened;
    opened.addEventListener('open', () => {
      if (connectedBefore) handlers.onReconnect();
      connectedBefore = true;
      delay = FIRST_WAIT_MS;
    });
    opened.addEventListener('notification', (event) => {
      handlers.onNotification(JSON.parse((event as MessageEvent<string>).data) as Notification);
    });
    opened.addEventListener('end', (event) => {
      const { reason } = JSON.parse((event as MessageEvent<string>).data) as { reason: string };
      if (reason === 'signed-out') {
        stopped = true;
        end();
      } else again(REPLACED_WAIT_MS);
    });
    opened.addEventListener('error', () => {
      // CONNECTING: the browser tries again by itself. CLOSED: the answer was no stream.
      if (opened.readyState === EventSource.CLOSED && source === opened) again();
    });
  };
  void connect();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      end();
    },
  };
}
