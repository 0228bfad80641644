/**
 * Every answer of an attempt saved as it is given: kept on the device first
 * (localStorage, so a reload, a crash or a dropped connection loses
 * nothing), then sent — at once for a choice, after a pause for typing —
 * and sent again after a failure (with a growing pause, and as soon as the
 * browser says it is online again) until the server takes it. The server's
 * refusal of a closed attempt (409) or of a malformed answer (400) ends the
 * retries for it; the server's clock rules the deadline.
 *
 * The device copy stays in localStorage, apart from the offline queue of
 * other actions (lib/offline-queue.ts, IndexedDB): the page reads it
 * synchronously when it opens, to show the answers at once, and it is per
 * attempt rather than a sequence. Signing out removes it with the queue
 * (forgetAccount there removes every key starting with `urok.attemptAnswers.`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiFailure } from '../../lib/api-error';
import { readStoredItem, writeStoredItem } from '../../lib/storage';
import { useSaveAnswerMutation } from './quizzes-api';

export type SaveState = 'saved' | 'saving' | 'retrying' | 'closed';

/** Answers given on this device and not yet confirmed by the server, by slot. */
type Pending = Record<number, { answer: unknown }>;

export const TYPING_PAUSE_MS = 800;
const RETRY_MS = [1000, 2000, 4000, 8000, 15000];

const storageKey = (attemptId: string) => `urok.attemptAnswers.${attemptId}`;

export function readPendingAnswers(attemptId: string): Pending {
  try {
    const value = JSON.parse(readStoredItem(storageKey(attemptId)) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Pending) : {};
  } catch {
    return {};
  }
}

function writePending(attemptId: string, pending: Pending) {
  writeStoredItem(
    storageKey(attemptId),
    Object.keys(pending).length === 0 ? null : JSON.stringify(pending),
  );
}

export function useAnswerQueue(
  attemptId: string,
  { onClosed, onRefused }: { onClosed: () => void; onRefused: (message: string) => void },
) {
  const [saveAnswer] = useSaveAnswerMutation();
  const [state, setState] = useState<SaveState>(() =>
    Object.keys(readPendingAnswers(attemptId)).length > 0 ? 'saving' : 'saved',
  );
  const pending = useRef<Pending>(readPendingAnswers(attemptId));
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Set<number>());
  const failures = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const closed = useRef(false);
  const callbacks = useRef({ onClosed, onRefused });
  callbacks.current = { onClosed, onRefused };

  const settle = useCallback(() => {
    if (closed.current) return;
    const waiting = Object.keys(pending.current).length;
    if (waiting === 0) setState('saved');
  }, []);

  const send = useCallback(
    async (slot: number): Promise<void> => {
      if (closed.current || inFlight.current.has(slot)) return;
      const entry = pending.current[slot];
      if (!entry) return;
      inFlight.current.add(slot);
      setState((current) => (current === 'retrying' ? current : 'saving'));
      try {
        await saveAnswer({ attemptId, slot, answer: entry.answer }).unwrap();
        failures.current = 0;
        // A newer answer given while this one travelled stays pending and goes next.
        if (pending.current[slot] === entry) {
          delete pending.current[slot];
          writePending(attemptId, pending.current);
        }
        inFlight.current.delete(slot);
        if (pending.current[slot]) void send(slot);
        settle();
      } catch (error) {
        inFlight.current.delete(slot);
        const failure = error as ApiFailure;
        if (failure.status === 409) {
          closed.current = true;
          setState('closed');
          callbacks.current.onClosed();
          return;
        }
        if (failure.status === 400 || failure.status === 403 || failure.status === 404) {
          // Not a connection problem: sending it again would fail the same way.
          if (pending.current[slot] === entry) {
            delete pending.current[slot];
            writePending(attemptId, pending.current);
          }
          callbacks.current.onRefused(failure.message);
          settle();
          return;
        }
        failures.current += 1;
        setState('retrying');
        if (retryTimer.current === null) {
          const wait = RETRY_MS[Math.min(failures.current - 1, RETRY_MS.length - 1)]!;
          retryTimer.current = setTimeout(() => {
            retryTimer.current = null;
            for (const key of Object.keys(pending.current)) void send(Number(key));
          }, wait);
        }
      }
    },
    [attemptId, saveAnswer, settle],
  );

  const flushAll = useCallback(() => {
    for (const [slot, timer] of timers.current) {
      clearTimeout(timer);
      timers.current.delete(slot);
    }
    if (retryTimer.current !== null) {
      clearTimeout(retryTimer.current);
      retryTimer.current = null;
    }
    for (const key of Object.keys(pending.current)) void send(Number(key));
  }, [send]);

  /** An answer given: kept on the device at once, sent now or after the typing pause. */
  const give = useCallback(
    (slot: number, answer: unknown, { typing = false }: { typing?: boolean } = {}) => {
      if (closed.current) return;
      pending.current = { ...pending.current, [slot]: { answer } };
      writePending(attemptId, pending.current);
      setState((current) => (current === 'retrying' ? current : 'saving'));
      const timer = timers.current.get(slot);
      if (timer) clearTimeout(timer);
      timers.current.delete(slot);
      if (typing)
        timers.current.set(
          slot,
          setTimeout(() => {
            timers.current.delete(slot);
            void send(slot);
          }, TYPING_PAUSE_MS),
        );
      else void send(slot);
    },
    [attemptId, send],
  );

  /** Resolves once nothing is pending or in flight (before a submission); false if it could not. */
  const drain = useCallback(async (): Promise<boolean> => {
    flushAll();
    for (let i = 0; i < 40; i += 1) {
      if (Object.keys(pending.current).length === 0 && inFlight.current.size === 0) return true;
      if (closed.current) return false;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  }, [flushAll]);

  useEffect(() => {
    // Answers kept on the device by an earlier visit go first.
    flushAll();
    const online = () => flushAll();
    window.addEventListener('online', online);
    const timersNow = timers.current;
    return () => {
      window.removeEventListener('online', online);
      for (const timer of timersNow.values()) clearTimeout(timer);
      if (retryTimer.current !== null) clearTimeout(retryTimer.current);
    };
  }, [flushAll]);

  return { state, give, drain, pendingAnswers: pending.current };
}
