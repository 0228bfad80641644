/**
 * The signed-in frame's side of the offline queue (lib/offline-queue.ts):
 * the account's waiting actions for its pages, a replay when the app starts,
 * when the browser is online again and every half minute while something
 * waits (a dropped connection says nothing when it is back), and the
 * refusals the server gave, for the frame's banner.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  enqueue,
  pendingActions,
  replay,
  subscribe,
  type QueuedAction,
  type QueuedActionInput,
  type Refusal,
  type Sender,
} from './offline-queue';
import type { OfflineActions } from './signed-in-user';

export const REPLAY_EVERY_MS = 30_000;

function sameActions(a: QueuedAction[], b: QueuedAction[]): boolean {
  return a.length === b.length && a.every((action, i) => action.id === b[i]!.id);
}

export function useOfflineQueue(account: string | null, send: Sender) {
  const [pending, setPending] = useState<QueuedAction[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);

  const run = useCallback(() => {
    if (!account || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
    replay(account, send).then(
      (refused) => {
        if (refused.length > 0) setRefusals((shown) => [...shown, ...refused]);
      },
      () => {
        // No IndexedDB (a private mode): nothing was kept, nothing to send.
      },
    );
  }, [account, send]);

  useEffect(() => {
    if (!account) return;
    let current = true;
    const read = () =>
      void pendingActions(account).then(
        (actions) => {
          // The same list keeps its identity: the pages under the frame re-render only on a change.
          if (current) setPending((shown) => (sameActions(shown, actions) ? shown : actions));
        },
        () => {
          if (current) setPending((shown) => (shown.length === 0 ? shown : []));
        },
      );
    read();
    const unsubscribe = subscribe(read);
    run();
    window.addEventListener('online', run);
    return () => {
      current = false;
      unsubscribe();
      window.removeEventListener('online', run);
    };
  }, [account, run]);

  const waiting = pending.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(run, REPLAY_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting, run]);

  const offline = useMemo<OfflineActions | undefined>(
    () =>
      account
        ? {
            pending,
            async enqueue(input: QueuedActionInput) {
              await enqueue(account, input);
            },
          }
        : undefined,
    [account, pending],
  );
  const dismiss = useCallback(() => setRefusals([]), []);
  return { offline, refusals, dismiss };
}
