import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountMessages, API, BANNER_DURATION_MS, messages } from '@urok/contract';
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

  describe('a new telephone (the sign-in name) asks for the current password', () => {
    const NEW_NUMBER = '+380671234567';
    const passwordField = () =>
      screen.queryByLabelText(accountMessages.labelProfileCurrentPassword, {
        exact: true,
      }) as HTMLInputElement | null;

    it('shows the field only while the telephone differs, in any spelling', async () => {
      const { events } = await setup({ status: 200, body: { user } });
      expect(passwordField()).toBeNull();
      await events.clear(field('Telephone'));
      await events.type(field('Telephone'), user.telephone.slice(1));
      expect(passwordField()).toBeNull();
      await events.clear(field('Telephone'));
      await events.type(field('Telephone'), NEW_NUMBER);
      expect(passwordField()?.type).toBe('password');
      expect(screen.getByText(accountMessages.telephoneChangeHint)).toBeTruthy();
      await events.clear(field('Telephone'));
      await events.type(field('Telephone'), user.telephone);
      expect(passwordField()).toBeNull();
    });

    it('without the password nothing is sent and the field says why', async () => {
      const { events, calls } = await setup({ status: 200, body: { user } });
      await events.clear(field('Telephone'));
      await events.type(field('Telephone'), NEW_NUMBER);
      await events.click(screen.getByRole('button', { name: messages.saveProfile }));
      expect(calls).toHaveLength(0);
      expect(screen.getByText(accountMessages.telephoneChangeNeedsPassword).id).toBe(
        'profile-current-password-error',
      );
      expect(passwordField()?.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(passwordField());
    });

    it('sends it with the new number; after the save the field goes', async () => {
      const { events, calls, store } = await setup((body) => ({
        status: 200,
        body: { user: { ...user, telephone: (body as { telephone: string }).telephone } },
      }));
      await events.clear(field('Telephone'));
      await events.type(field('Telephone'), NEW_NUMBER);
      await events.type(passwordField()!, 'Secret2024');
      await events.click(screen.getByRole('button', { name: messages.saveProfile }));
      expect(await screen.findByText(messages.profileUpdated)).toBeTruthy();
      expect(calls[0]?.body).toEqual({
        username: user.username,
        telephone: NEW_NUMBER,
        email: user.email,
        bio: user.bio,
        currentPassword: 'Secret2024',
      });
      expect(store.getState().auth.data?.user.telephone).toBe(NEW_NUMBER);
      expect(passwordField()).toBeNull();
    });

    it("a wrong password (the server's 401 naming the field): shown beside it, still signed in", async () => {
      const { events, store } = await setup({
        status: 401,
        body: {
          message: accountMessages.telephoneChangePasswordWrong,
          code: 'UNAUTHORIZED',
          fields: { currentPassword: accountMessages.telephoneChangePasswordWrong },
        },
      });
      await events.clear(field('Telephone'));
      await events.type(field('Telephone'), NEW_NUMBER);
      await events.type(passwordField()!, 'Wrong2024');
      await events.click(screen.getByRole('button', { name: messages.saveProfile }));
      expect(await screen.findByText(messages.profileUpdateFailed)).toBeTruthy();
      expect(screen.getByText(accountMessages.telephoneChangePasswordWrong).id).toBe(
        'profile-current-password-error',
      );
      expect(store.getState().auth.isAuthenticated).toBe(true);
      expect(store.getState().auth.data?.user).toEqual(user);
      expect(window.localStorage.getItem('token')).toBe('t1');
    });
  });
});
