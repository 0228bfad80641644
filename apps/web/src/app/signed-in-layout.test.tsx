import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { LEARNING_API, NOTIFICATIONS_API, messages } from '@urok/contract';
import { enqueue, forgetActions, pendingActions } from '../lib/offline-queue';
import { createTestServices, makeUser, type FakeReply } from '../test/fake-api';
import { renderWithStore } from '../test/render';
import { SignedInLayout } from './signed-in-layout';

const signedIn = {
  auth: {
    data: { token: 't1', user: makeUser() },
    status: 'loaded' as const,
    isAuthenticated: true,
    errorMessage: null,
  },
};

async function signInWith(stored: string | null) {
  if (stored !== null) window.sessionStorage.setItem('return-to', stored);
  const api = createTestServices({
    [`GET ${NOTIFICATIONS_API.list}`]: {
      status: 200,
      body: { notifications: [], nextCursor: null, unread: 0 },
    },
  });
  await renderWithStore(
    <Routes>
      <Route element={<SignedInLayout />}>
        <Route path="/my-courselist" element={<p>Список курсів</p>} />
        <Route path="/mycourse-details/:id" element={<p>Сторінка курсу</p>} />
      </Route>
    </Routes>,
    { services: api.services, path: '/my-courselist', preloadedState: signedIn },
  );
}

describe('the signed-in frame after signing in', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('brings the visitor back to the course they signed in from, once', async () => {
    await signInWith('/mycourse-details/c1');
    expect(await screen.findByText('Сторінка курсу')).toBeTruthy();
    expect(window.sessionStorage.getItem('return-to')).toBeNull();
  });

  it('never follows a path of another site', async () => {
    await signInWith('https://evil.example/phish');
    expect(await screen.findByText('Список курсів')).toBeTruthy();
  });

  it('stays on the course list when nothing was kept', async () => {
    await signInWith(null);
    expect(await screen.findByText('Список курсів')).toBeTruthy();
  });
});

describe('the signed-in frame and the actions given offline', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await forgetActions('u1');
    await forgetActions('u2');
  });

  async function showFrame(routes: Record<string, FakeReply>) {
    const api = createTestServices({
      [`GET ${NOTIFICATIONS_API.list}`]: {
        status: 200,
        body: { notifications: [], nextCursor: null, unread: 0 },
      },
      ...routes,
    });
    await renderWithStore(
      <Routes>
        <Route element={<SignedInLayout />}>
          <Route path="/my-courselist" element={<p>Список курсів</p>} />
        </Route>
      </Routes>,
      { services: api.services, path: '/my-courselist', preloadedState: signedIn },
    );
    return api;
  }

  const mark = (lessonId: string) => ({
    kind: 'lessonCompletion',
    key: `lessonCompletion:${lessonId}`,
    url: LEARNING_API.lessonCompletion(lessonId),
    method: 'put' as const,
    label: messages.queuedCompletionLabel('Фази Місяця', true),
    data: { done: true },
  });

  it('sends what waited when it opens, and names what the server refused', async () => {
    await enqueue('u1', mark('l1'));
    await enqueue('u1', mark('l2'));
    await enqueue('u2', mark('l3'));
    const { calls } = await showFrame({
      [`PUT ${LEARNING_API.lessonCompletion('l1')}`]: {
        status: 403,
        body: { message: 'Ви не записані на цей курс.' },
      },
      [`PUT ${LEARNING_API.lessonCompletion('l2')}`]: { status: 204 },
    });
    expect(
      await screen.findByText(
        messages.queuedActionRefused(
          messages.queuedCompletionLabel('Фази Місяця', true),
          'Ви не записані на цей курс.',
        ),
      ),
    ).toBeTruthy();
    await waitFor(async () => expect(await pendingActions('u1')).toEqual([]));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual([
      LEARNING_API.lessonCompletion('l1'),
      LEARNING_API.lessonCompletion('l2'),
    ]);
    // Another account's action waits for its own sign-in.
    expect(await pendingActions('u2')).toHaveLength(1);
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: messages.queuedActionsDismiss }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
