import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATIONS_API, notificationMessages } from '@urok/contract';
import type { Notification } from '@urok/contract/schemas';
import {
  createTestServices,
  makeUser,
  type FakeHandler,
  type FakeReply,
} from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { NotificationBell } from './notification-bell';
import { NotificationsPage } from './notifications-page';

const note = (id: string, readAt: string | null = null): Notification => ({
  _id: id,
  kind: 'homework.graded',
  title: `Оцінка ${id}`,
  body: 'Вашу роботу оцінено.',
  link: `/my-courses/c1#homework-${id}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  readAt,
});

const signedIn = {
  auth: {
    data: { token: 't1', user: makeUser() },
    status: 'loaded' as const,
    isAuthenticated: true,
    errorMessage: null,
  },
};

async function setup(read: FakeHandler | FakeReply) {
  window.localStorage.setItem('token', 't1');
  const list = [note('n1'), note('n2'), note('n3', '2026-11-20T11:00:00.000Z')];
  const api = createTestServices({
    [`GET ${NOTIFICATIONS_API.list}`]: {
      status: 200,
      body: { notifications: list, nextCursor: null, unread: 2 },
    },
    [`POST ${NOTIFICATIONS_API.read}`]: read,
  });
  await renderWithStore(
    <>
      <NotificationBell />
      <NotificationsPage />
    </>,
    { services: api.services, path: '/notifications', preloadedState: signedIn },
  );
  return { ...api, events: userEvent.setup() };
}

const bell = () => screen.getByRole('button', { name: /^Сповіщення/ });

describe('notifications: the bell and the page share one list', () => {
  beforeEach(() => {
    // The live stream's link is never answered here: the list alone is under test.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
  });
  afterEach(() => vi.restoreAllMocks());

  it("'Позначити всі як прочитані' clears the badge before the server answers", async () => {
    let answer!: () => void;
    const { calls, events } = await setup(
      () => new Promise((resolve) => (answer = () => resolve({ status: 204 }))),
    );
    await waitFor(() =>
      expect(bell().getAttribute('aria-label')).toBe(notificationMessages.bellLabel(2)),
    );
    await events.click(screen.getByRole('button', { name: notificationMessages.markAllRead }));
    await waitFor(() =>
      expect(bell().getAttribute('aria-label')).toBe(notificationMessages.bellLabel(0)),
    );
    expect(within(bell()).queryByText('2')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({});
    answer();
  });

  it('opening one from the page marks it read, and the badge counts one fewer', async () => {
    const { calls, events } = await setup({ status: 204 });
    await waitFor(() =>
      expect(bell().getAttribute('aria-label')).toBe(notificationMessages.bellLabel(2)),
    );
    await events.click(screen.getByRole('link', { name: /Оцінка n1/ }));
    await waitFor(() =>
      expect(bell().getAttribute('aria-label')).toBe(notificationMessages.bellLabel(1)),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['n1'] });
  });

  it('opening a read one sends nothing', async () => {
    const { calls, events } = await setup({ status: 204 });
    await events.click(await screen.findByRole('link', { name: /Оцінка n3/ }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('the panel marks all read too', async () => {
    const { events } = await setup({ status: 204 });
    await waitFor(() =>
      expect(bell().getAttribute('aria-label')).toBe(notificationMessages.bellLabel(2)),
    );
    await events.click(bell());
    const panel = screen.getByRole('region', { name: notificationMessages.latestHeading });
    await events.click(
      within(panel).getByRole('button', { name: notificationMessages.markAllRead }),
    );
    await waitFor(() =>
      expect(bell().getAttribute('aria-label')).toBe(notificationMessages.bellLabel(0)),
    );
  });
});
