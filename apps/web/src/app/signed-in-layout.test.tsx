import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { NOTIFICATIONS_API } from '@urok/contract';
import { createTestServices, makeUser } from '../test/fake-api';
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
