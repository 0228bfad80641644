import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { NOTIFICATIONS_API, messages } from '@urok/contract';
import { createTestServices, makeUser, type FakeReply } from '../test/fake-api';
import { renderWithStore } from '../test/render';
import { NotificationsPage, SignedInLayout } from './signed-in-layout';

const signedIn = {
  auth: {
    data: { token: 't1', user: makeUser() },
    status: 'loaded' as const,
    isAuthenticated: true,
    errorMessage: null,
  },
};

async function openNotifications(list: FakeReply) {
  window.localStorage.setItem('token', 't1');
  const api = createTestServices({ [`GET ${NOTIFICATIONS_API.list}`]: list });
  const rendered = await renderWithStore(
    <Routes>
      <Route element={<SignedInLayout />}>
        <Route path="/notifications" element={<NotificationsPage />} />
      </Route>
    </Routes>,
    { services: api.services, path: '/notifications', preloadedState: signedIn },
  );
  return { ...api, ...rendered };
}

describe('a session the server ends while its pages are open', () => {
  beforeEach(() => {
    // The bell's live stream is not under test: its link is never answered.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
  });
  afterEach(() => vi.restoreAllMocks());

  it('a blocked account is signed out with the server’s words, and a way to sign in again', async () => {
    await openNotifications({
      status: 401,
      body: { message: messages.accountBlocked, code: 'UNAUTHORIZED' },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: messages.sessionEndedTitle }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(messages.accountBlocked);
    expect(screen.getByRole('link', { name: messages.signInAgain }).getAttribute('href')).toBe(
      '/login',
    );
    // Signed out on this device: the token is gone, and the page's shell with it.
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Сповіщення/ })).toBeNull();
  });

  it('an expired session says so the same way', async () => {
    await openNotifications({ status: 401, body: { message: messages.sessionInvalid } });
    expect(await screen.findByText(messages.sessionInvalid)).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('any other refusal, a 401 for a wrong password included, stays on the page, signed in', async () => {
    await openNotifications({ status: 401, body: { message: 'Невірний пароль.' } });
    expect(await screen.findByText('Невірний пароль.')).toBeTruthy();
    expect(screen.queryByText(messages.sessionEndedTitle)).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('t1');
  });
});
