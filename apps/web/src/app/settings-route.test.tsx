import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATIONS_API,
  notificationMessages,
} from '@urok/contract';
import { createTestServices, makeUser, type FakeHandler } from '../test/fake-api';
import { renderWithStore } from '../test/render';
import { SettingsRoute } from './settings-route';

const allOn = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true]));

async function setup(put: FakeHandler) {
  window.localStorage.setItem('token', 't1');
  const api = createTestServices({
    [`GET ${NOTIFICATIONS_API.preferences}`]: {
      status: 200,
      body: { preferences: { email: { ...allOn, 'homework.submitted': false } } },
    },
    [`PUT ${NOTIFICATIONS_API.preferences}`]: put,
  });
  await renderWithStore(<SettingsRoute />, {
    services: api.services,
    path: '/settings',
    preloadedState: {
      auth: {
        data: { token: 't1', user: makeUser() },
        status: 'loaded',
        isAuthenticated: true,
        errorMessage: null,
      },
    },
  });
  return { ...api, events: userEvent.setup() };
}

const box = (kind: (typeof NOTIFICATION_KINDS)[number]) =>
  screen.getByLabelText(NOTIFICATION_KIND_LABELS[kind]) as HTMLInputElement;

describe('mail preferences on /settings', () => {
  it('shows a box per kind as the server has it, and saves a change of one kind at once', async () => {
    const { calls, events } = await setup((call) => ({
      status: 200,
      body: { preferences: { email: { ...allOn, ...(call.body as { email: object }).email } } },
    }));
    expect(
      await screen.findByRole('heading', { name: notificationMessages.preferencesHeading }),
    ).toBeTruthy();
    await waitFor(() => expect(box('homework.graded').checked).toBe(true));
    for (const kind of NOTIFICATION_KINDS) expect(box(kind)).toBeTruthy();
    expect(box('homework.submitted').checked).toBe(false);

    await events.click(box('homework.graded'));
    expect(await screen.findByText(notificationMessages.preferencesSaved)).toBeTruthy();
    expect(box('homework.graded').checked).toBe(false);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ email: { 'homework.graded': false } });
  });

  it('puts the box back and says so when the save fails', async () => {
    const { events } = await setup(() => ({ status: 500, body: {} }));
    await waitFor(() => expect(box('assignment.due_soon').checked).toBe(true));
    await events.click(box('assignment.due_soon'));
    expect(await screen.findByText(notificationMessages.preferencesFailed)).toBeTruthy();
    expect(box('assignment.due_soon').checked).toBe(true);
  });
});
