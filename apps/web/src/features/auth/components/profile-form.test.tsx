import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, BANNER_DURATION_MS, messages } from '@urok/contract';
import { createTestServices, makeUser, type FakeReply } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render';
import { SettingsPage } from '../settings-page';

const user = makeUser();
const field = (label: string) =>
  screen.getByLabelText(label, { exact: true }) as HTMLInputElement | HTMLTextAreaElement;

async function setup(reply: FakeReply | ((body: unknown) => FakeReply)) {
  window.localStorage.setItem('token', 't1');
  const api = createTestServices({
    [`PUT ${API.updateUser}`]: (call) => (typeof reply === 'function' ? reply(call.body) : reply),
  });
  const view = await renderWithStore(<SettingsPage />, {
    services: api.services,
    path: '/settings',
    preloadedState: {
      auth: {
        data: { token: 't1', user },
        status: 'loaded',
        isAuthenticated: true,
        errorMessage: null,
      },
    },
  });
  const events = vi.isFakeTimers()
    ? userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    : userEvent.setup();
  return { ...api, ...view, events };
}

describe('profile form (/settings)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is pre-filled from the user and titled Settings', async () => {
    await setup({ status: 200, body: { user } });
    expect(document.title).toBe('Settings | Urok');
    expect(field('Username').value).toBe(user.username);
    expect(field('Telephone').value).toBe(user.telephone);
    expect(field('Email').value).toBe(user.email);
    expect(field('Bio').value).toBe(user.bio);
  });

  it("an empty email shows 'Заповніть поле' with a red border but does not block the save", async () => {
    const { events, calls } = await setup({
      status: 400,
      body: { message: messages.fillField, fields: { email: messages.fillField } },
    });
    await events.clear(field('Email'));
    expect(screen.getByText('Заповніть поле')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('Email').className).toContain('border-red-600');

    await events.click(screen.getByRole('button', { name: messages.saveProfile }));
    expect(calls[0]).toMatchObject({ method: 'PUT', url: 'auth/updateUser' });
    expect((calls[0]?.body as { email: string }).email).toBe('');
    expect(await screen.findByText('Сталась помилка під час оновлення даних')).toBeTruthy();
  });

  it('a successful save shows the banner in a live region, and it clears after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { events, calls, store } = await setup((body) => ({
      status: 200,
      body: { user: { ...user, ...(body as object) } },
    }));
    await events.clear(field('Bio'));
    await events.type(field('Bio'), 'Новий опис');
    await events.click(screen.getByRole('button', { name: messages.saveProfile }));

    const banner = await screen.findByText('Дані успішно оновлено!');
    expect(banner.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(calls[0]?.body).toEqual({
      username: user.username,
      telephone: user.telephone,
      email: user.email,
      bio: 'Новий опис',
    });
    expect(store.getState().auth.data?.user.bio).toBe('Новий опис');

    await act(async () => {
      vi.advanceTimersByTime(BANNER_DURATION_MS - 100);
    });
    expect(screen.queryByText('Дані успішно оновлено!')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByText('Дані успішно оновлено!')).toBeNull();
  });

  it('a failed save shows the error banner and the server field message', async () => {
    const { events } = await setup({
      status: 400,
      body: {
        message: messages.telephoneInvalid,
        fields: { telephone: messages.telephoneInvalid },
      },
    });
    await events.click(screen.getByRole('button', { name: messages.saveProfile }));
    expect(await screen.findByText(messages.profileUpdateFailed)).toBeTruthy();
    expect(screen.getByText(messages.telephoneInvalid).id).toBe('profile-telephone-error');
  });

  it('other checks block the save and mark their field', async () => {
    const { events, calls } = await setup({ status: 200, body: { user } });
    await events.clear(field('Username'));
    await events.type(field('Username'), 'ab');
    await events.click(screen.getByRole('button', { name: messages.saveProfile }));
    expect(screen.getByText(messages.usernameTooShort)).toBeTruthy();
    expect(field('Username').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });
});
