/**
 * Actions given while the server cannot be reached (DESIGN section 15): a
 * lesson's 'Позначити як пройдене' and the like are kept on the device in
 * IndexedDB, under the signed-in account, and sent when the network returns —
 * in the order they were given, each once. The server still decides: an
 * action it refuses (a closed deadline, an ended enrolment) is reported to
 * the page and dropped, as is one it takes. Only an action that got no
 * answer at all stays for the next try.
 *
 * One replay at a time per device: within a tab a promise, across tabs a
 * Web Lock (`navigator.locks`, where the browser has it). Signing out forgets
 * the account's actions (forgetAccount), with the other copies its pages keep
 * on the device.
 *
 * Loaded with the signed-in frame (app/signed-in-layout.tsx), never by /login.
 */
import type { HttpClient } from './http';
import { forgetSavedCourses } from './offline-courses';
import { databaseOpener, done, finished } from './indexed-db';

export type QueuedMethod = 'put' | 'post' | 'delete';

/** What a page asks to be sent later. */
export interface QueuedActionInput {
  /** What kind of action it is ('lessonCompletion'). */
  kind: string;
  /**
   * The thing it acts on: a newer action with the same key replaces a queued
   * one (marking a lesson done, then undone, sends only the last).
   */
  key: string;
  /** A path relative to /api/, as the data layer's calls name it. */
  url: string;
  method: QueuedMethod;
  body?: unknown;
  /** What the user did, in the words a refusal's banner names it. */
  label: string;
  /** Whatever the page needs to show the action's result before it is sent. */
  data?: unknown;
}

export interface QueuedAction extends QueuedActionInput {
  /** The order of giving (IndexedDB's own increasing key). */
  id: number;
  account: string;
  createdAt: number;
}

/** The server's answer to a replayed action (its status and words), or null when none came. */
export type Sender = (action: QueuedAction) => Promise<{ status: number; message?: string } | null>;

export interface Refusal {
  action: QueuedAction;
  status: number;
  message: string;
}

const DB_NAME = 'urok-offline';
const STORE = 'actions';
const LOCK = 'urok-offline-queue';
const CHANNEL = 'urok-offline-queue';
/** Other keys of the device that belong to the signed-in account (forgotten on sign-out). */
const DEVICE_KEY_PREFIXES = ['tus::', 'urok.attemptAnswers.'];
/** The service worker's copy of the account's getUser answer (public/sw-session.js). */
const SESSION_CACHE = 'urok-session';

const open = databaseOpener(DB_NAME, (db) => {
  db.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true }).createIndex(
    'account',
    'account',
  );
});

// ---------------------------------------------------------------- changes, in this tab and others

const listeners = new Set<() => void>();
let channel: BroadcastChannel | null | undefined;

function broadcast(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (channel) channel.onmessage = () => notify(false);
  }
  return channel;
}

function notify(toOthers = true) {
  for (const listener of listeners) listener();
  if (toOthers) broadcast()?.postMessage('changed');
}

/** Calls `listener` after every change of the queue (in any tab); returns the unsubscribe. */
export function subscribe(listener: () => void): () => void {
  broadcast();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---------------------------------------------------------------- the queue

/** The account's queued actions, oldest first. */
export async function pendingActions(account: string): Promise<QueuedAction[]> {
  const db = await open();
  const index = db.transaction(STORE, 'readonly').objectStore(STORE).index('account');
  const actions = (await done(index.getAll(account))) as QueuedAction[];
  return actions.sort((a, b) => a.id - b.id);
}

/** Keeps an action on the device (replacing a queued one with the same key); resolves to it. */
export async function enqueue(account: string, input: QueuedActionInput): Promise<QueuedAction> {
  const db = await open();
  const transaction = db.transaction(STORE, 'readwrite');
  const store = transaction.objectStore(STORE);
  const queued = (await done(store.index('account').getAll(account))) as QueuedAction[];
  for (const older of queued) if (older.key === input.key) store.delete(older.id);
  const record = { ...input, account, createdAt: Date.now() };
  const id = (await done(store.add(record))) as number;
  await finished(transaction);
  notify();
  return { ...record, id };
}

async function remove(id: number): Promise<void> {
  const db = await open();
  const transaction = db.transaction(STORE, 'readwrite');
  transaction.objectStore(STORE).delete(id);
  await finished(transaction);
}

/** Forgets every queued action of the account on this device. */
export async function forgetActions(account: string): Promise<void> {
  const db = await open();
  const transaction = db.transaction(STORE, 'readwrite');
  const store = transaction.objectStore(STORE);
  const ids = await done(store.index('account').getAllKeys(account));
  for (const id of ids) store.delete(id);
  await finished(transaction);
  notify();
}

/**
 * Sign-out: the account's queued actions, the resumable uploads' URLs
 * (lib/resumable-upload.ts), the quiz answers waiting to be sent
 * (features/quizzes/use-answer-queue.ts), the courses saved for offline
 * (lib/offline-courses.ts) and the service worker's copy of the account's
 * getUser answer leave the device. Never throws: signing out goes on
 * whatever the storage says.
 */
export async function forgetAccount(account: string): Promise<void> {
  try {
    const storage = window.localStorage;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '');
    for (const key of keys)
      if (DEVICE_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))) storage.removeItem(key);
  } catch {
    // No storage: nothing kept there.
  }
  try {
    await forgetActions(account);
  } catch {
    // No IndexedDB: nothing kept there either.
  }
  try {
    await forgetSavedCourses(account);
  } catch {
    // No IndexedDB or Cache Storage: no course was saved.
  }
  try {
    if (typeof caches !== 'undefined') await caches.delete(SESSION_CACHE);
  } catch {
    // No Cache Storage: the worker kept nothing.
  }
}

// ---------------------------------------------------------------- replay

let running: Promise<Refusal[]> | null = null;

/**
 * Sends the account's queued actions, oldest first, each once: an answered
 * one (taken or refused) is removed; the first that gets no answer stops the
 * replay and stays, with everything after it, for the next. A 401 (the
 * session is not accepted) or a 5xx (the server or its proxy down) stops it
 * too, the actions kept for a later replay. Resolves to the refusals (for the page to show).
 * A replay already running, in this tab or another, is not started again.
 */
export function replay(account: string, send: Sender): Promise<Refusal[]> {
  if (running) return running;
  const run = async (): Promise<Refusal[]> => {
    const refusals: Refusal[] = [];
    for (;;) {
      const [next] = await pendingActions(account);
      if (!next) break;
      const answer = await send(next);
      // No answer, a session not accepted, or a server (or its proxy) that cannot answer now (5xx):
      // kept for the next replay.
      if (answer === null || answer.status === 401 || answer.status >= 500) break;
      await remove(next.id);
      if (answer.status >= 400)
        refusals.push({ action: next, status: answer.status, message: answer.message ?? '' });
      notify();
    }
    return refusals;
  };
  // Absent outside a secure context and in older browsers: then the tab's own guard only.
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // lib.dom types request() as Promise<T> of the callback's T; it resolves to the awaited value.
  const guarded = locks
    ? (locks.request(LOCK, { ifAvailable: true }, (lock) =>
        lock ? run() : Promise.resolve([]),
      ) as unknown as Promise<Refusal[]>)
    : run();
  const current = guarded.finally(() => {
    running = null;
  });
  running = current;
  return current;
}

/**
 * The sender of the app: the action through the app's HTTP client (its bearer
 * header); the status of the answer, or null when none came.
 */
export function httpSender(http: HttpClient | (() => Promise<HttpClient>)): Sender {
  return async (action) => {
    // An axios instance is a function too: a loader is told apart by having no `put`.
    const client = 'put' in http ? http : await http();
    try {
      if (action.method === 'delete') await client.delete(action.url);
      else await client[action.method](action.url, action.body);
      return { status: 200 };
    } catch (error) {
      const response = (error as { response?: { status?: number; data?: unknown } }).response;
      if (!response?.status) return null;
      const message = (response.data as { message?: unknown } | null)?.message;
      return typeof message === 'string'
        ? { status: response.status, message }
        : { status: response.status };
    }
  };
}
