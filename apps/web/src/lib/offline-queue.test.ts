import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../test/fake-api';
import {
  enqueue,
  forgetAccount,
  forgetActions,
  httpSender,
  pendingActions,
  replay,
  subscribe,
  type QueuedAction,
  type QueuedActionInput,
  type Sender,
} from './offline-queue';
import { forgetSavedCourses, saveCourse, savedCourses } from './offline-courses';

const mark = (lessonId: string, done = true): QueuedActionInput => ({
  kind: 'lessonCompletion',
  key: `lessonCompletion:${lessonId}`,
  url: `lessons/${lessonId}/completion`,
  method: done ? 'put' : 'delete',
  label: `Урок ${lessonId}`,
  data: { done },
});

/** A sender that answers 204 and records what it was given. */
function recording(answer: (action: QueuedAction) => { status: number; message?: string } | null) {
  const sent: string[] = [];
  const send: Sender = (action) => {
    sent.push(`${action.method} ${action.url}`);
    return Promise.resolve(answer(action));
  };
  return { sent, send };
}

afterEach(async () => {
  for (const account of ['u1', 'u2']) await forgetActions(account);
});

describe('the offline queue', () => {
  it('sends the actions in the order they were given, each once, and keeps none it sent', async () => {
    await enqueue('u1', mark('l1'));
    await enqueue('u1', mark('l2'));
    await enqueue('u1', { ...mark('l3'), method: 'post', body: { x: 1 } });
    const first = await pendingActions('u1');
    expect(first.map((action) => action.url)).toEqual([
      'lessons/l1/completion',
      'lessons/l2/completion',
      'lessons/l3/completion',
    ]);
    expect(first[2]).toMatchObject({ account: 'u1', body: { x: 1 }, kind: 'lessonCompletion' });
    expect(typeof first[0]!.createdAt).toBe('number');

    const { sent, send } = recording(() => ({ status: 204 }));
    expect(await replay('u1', send)).toEqual([]);
    expect(sent).toEqual([
      'put lessons/l1/completion',
      'put lessons/l2/completion',
      'post lessons/l3/completion',
    ]);
    expect(await pendingActions('u1')).toEqual([]);
    await replay('u1', send);
    expect(sent).toHaveLength(3);
  });

  it('does not start a replay while one runs: two calls send each action once', async () => {
    await enqueue('u1', mark('l1'));
    await enqueue('u1', mark('l2'));
    const { sent, send } = recording(() => ({ status: 204 }));
    const slow: Sender = async (action) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return send(action);
    };
    await Promise.all([replay('u1', slow), replay('u1', slow), replay('u1', slow)]);
    expect(sent).toEqual(['put lessons/l1/completion', 'put lessons/l2/completion']);
  });

  it('stops at the first action without an answer and keeps it and the rest, in order', async () => {
    await enqueue('u1', mark('l1'));
    await enqueue('u1', mark('l2'));
    await enqueue('u1', mark('l3'));
    let online = true;
    const { sent, send } = recording((action) =>
      action.url === 'lessons/l2/completion' && !online ? null : { status: 204 },
    );
    online = false;
    await replay('u1', send);
    expect((await pendingActions('u1')).map((action) => action.url)).toEqual([
      'lessons/l2/completion',
      'lessons/l3/completion',
    ]);
    online = true;
    await replay('u1', send);
    expect(sent).toEqual([
      'put lessons/l1/completion',
      'put lessons/l2/completion',
      'put lessons/l2/completion',
      'put lessons/l3/completion',
    ]);
    expect(await pendingActions('u1')).toEqual([]);
  });

  it('drops an action the server refuses and reports it, then goes on', async () => {
    await enqueue('u1', mark('l1'));
    await enqueue('u1', mark('l2'));
    const { sent, send } = recording((action) =>
      action.url === 'lessons/l1/completion'
        ? { status: 403, message: 'Ви не записані на цей курс.' }
        : { status: 204 },
    );
    const refusals = await replay('u1', send);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({
      status: 403,
      message: 'Ви не записані на цей курс.',
      action: { label: 'Урок l1', url: 'lessons/l1/completion' },
    });
    expect(sent).toEqual(['put lessons/l1/completion', 'put lessons/l2/completion']);
    expect(await pendingActions('u1')).toEqual([]);
  });

  it('keeps the actions when the session is not accepted (401), for the next sign-in', async () => {
    await enqueue('u1', mark('l1'));
    const { send } = recording(() => ({ status: 401, message: 'Сесія недійсна' }));
    expect(await replay('u1', send)).toEqual([]);
    expect(await pendingActions('u1')).toHaveLength(1);
  });

  it('keeps the actions when the server or its proxy cannot answer now (5xx), for a later replay', async () => {
    await enqueue('u1', mark('l1'));
    await enqueue('u1', mark('l2'));
    const { send, sent } = recording(() => ({ status: 503 }));
    expect(await replay('u1', send)).toEqual([]);
    expect(sent).toEqual(['put lessons/l1/completion']);
    expect(await pendingActions('u1')).toHaveLength(2);
  });

  it("keeps each account's actions apart and sends only the signed-in account's", async () => {
    await enqueue('u1', mark('l1'));
    await enqueue('u2', mark('l2'));
    const { sent, send } = recording(() => ({ status: 204 }));
    await replay('u2', send);
    expect(sent).toEqual(['put lessons/l2/completion']);
    expect((await pendingActions('u1')).map((action) => action.url)).toEqual([
      'lessons/l1/completion',
    ]);
    expect(await pendingActions('u2')).toEqual([]);
  });

  it('replaces a waiting action with a newer one on the same thing, which goes last', async () => {
    await enqueue('u1', mark('l1', true));
    await enqueue('u1', mark('l2'));
    await enqueue('u1', mark('l1', false));
    expect((await pendingActions('u1')).map((a) => `${a.method} ${a.url}`)).toEqual([
      'put lessons/l2/completion',
      'delete lessons/l1/completion',
    ]);
  });

  it('tells its subscribers of every change', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    await enqueue('u1', mark('l1'));
    expect(listener).toHaveBeenCalledTimes(1);
    await replay('u1', recording(() => ({ status: 204 })).send);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    await enqueue('u1', mark('l1'));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("forgets on sign-out the account's actions, upload URLs, unsent quiz answers, saved courses and kept session", async () => {
    const deleted: string[] = [];
    const empty = {
      keys: () => Promise.resolve([]),
      put: () => Promise.resolve(),
      delete: () => Promise.resolve(true),
      match: () => Promise.resolve(undefined),
    };
    vi.stubGlobal('caches', {
      open: () => Promise.resolve(empty),
      delete: (name: string) => Promise.resolve(deleted.push(name) > 0),
    });
    const plan = (courseId: string) => ({
      courseId,
      title: courseId,
      answers: [{ key: `courses/${courseId}`, data: {} }],
      files: [],
      videos: [],
      size: 2,
      videoSize: 0,
      lessons: 0,
    });
    const options = { withVideo: false, download: () => Promise.reject(new Error('none')) };
    await saveCourse('u1', plan('c1'), options);
    await saveCourse('u2', plan('c2'), options);
    await enqueue('u1', mark('l1'));
    await enqueue('u1', mark('l2'));
    await enqueue('u2', mark('l3'));
    localStorage.setItem('tus::abc::1', '{"uploadUrl":"/api/uploads/x"}');
    localStorage.setItem('urok.attemptAnswers.a1', '{"1":{"answer":0}}');
    localStorage.setItem('urok.other', 'kept');
    await forgetAccount('u1');
    expect(await pendingActions('u1')).toEqual([]);
    expect(await pendingActions('u2')).toHaveLength(1);
    expect(Object.keys(localStorage)).toEqual(['urok.other']);
    expect(await savedCourses('u1')).toEqual([]);
    expect(await savedCourses('u2')).toHaveLength(1);
    expect(deleted.sort()).toEqual(['urok-saved-files:u1', 'urok-session']);
    await forgetSavedCourses('u2');
    vi.unstubAllGlobals();
  });

  it("sends through the app's HTTP client: taken, refused with the server's words, or unanswered", async () => {
    const { client, calls } = createFakeApi({
      'PUT lessons/l1/completion': { status: 204 },
      'PUT lessons/l2/completion': { status: 409, body: { message: 'Термін минув.' } },
    });
    const send = httpSender(client);
    const action = (lessonId: string): QueuedAction => ({
      ...mark(lessonId),
      id: 1,
      account: 'u1',
      createdAt: 0,
    });
    expect(await send(action('l1'))).toEqual({ status: 200 });
    expect(await send(action('l2'))).toEqual({ status: 409, message: 'Термін минув.' });
    // The fake adapter answers a path it does not know with a network error.
    expect(await send(action('l9'))).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'PUT lessons/l1/completion',
      'PUT lessons/l2/completion',
      'PUT lessons/l9/completion',
    ]);
  });
});
