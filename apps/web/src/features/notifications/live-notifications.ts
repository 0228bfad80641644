import { API_BASE, NOTIFICATIONS_API } from '@urok/contract';
import type { Notification } from '@urok/contract/schemas';
import { readStoredToken } from '../../lib/storage';

/**
 * Follows GET notifications/stream (Server-Sent Events) with fetch, since an
 * EventSource cannot send the bearer header. Calls `onNotification` for each
 * event, and `onReconnect` after a lost connection comes back, so the caller
 * catches up on what it missed from the list. Reconnects with backoff (1 s,
 * doubling to 30 s) until `stop()`.
 */
export function followNotifications(handlers: {
  onNotification: (notification: Notification) => void;
  onReconnect: () => void;
}): { stop: () => void } {
  let stopped = false;
  let controller: AbortController | undefined;
  let delay = 1000;
  let connectedBefore = false;

  const connect = async () => {
    while (!stopped) {
      controller = new AbortController();
      try {
        const token = readStoredToken();
        const response = await fetch(`${API_BASE}${NOTIFICATIONS_API.stream}`, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
          signal: controller.signal,
        });
        if (response.status === 401) return; // signed out: the app leaves this page
        if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
        if (connectedBefore) handlers.onReconnect();
        connectedBefore = true;
        delay = 1000;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (/^event: notification$/m.test(block) && data) {
              handlers.onNotification(JSON.parse(data) as Notification);
            }
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        if (stopped) return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 30_000);
    }
  };
  void connect();
  return {
    stop: () => {
      stopped = true;
      controller?.abort();
    },
  };
}
