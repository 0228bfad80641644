import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountMessages, API, messages } from '@urok/contract';
import { createTestServices, makeUser, type FakeReply } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render';
import { HomePage, SettingsPage } from '../settings-page';

const user = makeUser();
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

async function setup(reply: FakeReply, page = <SettingsPage />) {
  window.localStorage.setItem('token', 't1');
  const api = createTestServices({ [`PUT ${API.changePassword}`]: reply });
  const view = await renderWithStore(page, {
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
  return { ...api, ...view, events: userEvent.setup() };
}

async function fill(
  events: ReturnType<typeof userEvent.setup>,
  current: string,
  next: string,
  confirm: string,
) {
  await events.type(field(accountMessages.labelCurrentPassword), current);
  await events.type(field(accountMessages.labelNewPassword), next);
  await events.type(field(accountMessages.labelConfirmNewPassword), confirm);
  await events.click(screen.getByRole('button', { name: accountMessages.changePasswordAction }));
}

// Typing into three fields is slow on a busy CI machine.
describe('change password (/settings)', { timeout: 20_000 }, () => {
  it('is a section of /settings with three password fields, each with a show/hide toggle', async () => {
    await setup({ status: 200, body: { message: accountMessages.passwordChanged } });
    expect(screen.getByRole('heading', { name: accountMessages.changePasswordTitle })).toBeTruthy();
    for (const label of [
      accountMessages.labelCurrentPassword,
      accountMessages.labelNewPassword,
      accountMessages.labelConfirmNewPassword,
    ]) {
      expect(field(label).type).toBe('password');
    }
    const events = userEvent.setup();
    await events.click(screen.getByRole('button', { name: accountMessages.showNewPassword }));
    expect(field(accountMessages.labelNewPassword).type).toBe('text');
    await events.click(screen.getByRole('button', { name: accountMessages.hideNewPassword }));
    expect(field(accountMessages.labelNewPassword).type).toBe('password');
    expect(screen.getByRole('button', { name: accountMessages.showCurrentPassword })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: accountMessages.showConfirmNewPassword }),
    ).toBeTruthy();
  });

  it('is not on /home', async () => {
    await setup({ status: 200 }, <HomePage />);
    expect(screen.queryByRole('heading', { name: accountMessages.changePasswordTitle })).toBeNull();
  });

  it('sends current and new password, shows the success message and empties the fields', async () => {
    const { events, calls, store } = await setup({
      status: 200,
      body: { message: accountMessages.passwordChanged },
    });
    await fill(events, 'Old12345', 'Fresh2025', 'Fresh2025');
    expect(await screen.findByText(accountMessages.passwordChanged)).toBeTruthy();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: 'auth/password',
        body: { currentPassword: 'Old12345', newPassword: 'Fresh2025' },
      }),
    ]);
    expect(field(accountMessages.labelCurrentPassword).value).toBe('');
    expect(field(accountMessages.labelNewPassword).value).toBe('');
    // The passwords were sent untracked: nothing of them stays in the store.
    expect(JSON.stringify(store.getState())).not.toMatch(/Old12345|Fresh2025/);
  });

  it('checks before sending: the registration rule and the confirmation', async () => {
    const { events, calls } = await setup({ status: 200, body: { message: 'x' } });
    await fill(events, 'Old12345', 'weak', 'weak');
    expect(screen.getByText(messages.passwordInvalidUk)).toBeTruthy();
    expect(field(accountMessages.labelNewPassword).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(accountMessages.labelNewPassword));

    await events.clear(field(accountMessages.labelNewPassword));
    await events.type(field(accountMessages.labelNewPassword), 'Fresh2025');
    await events.clear(field(accountMessages.labelConfirmNewPassword));
    await events.type(field(accountMessages.labelConfirmNewPassword), 'Fresh2026');
    await events.click(screen.getByRole('button', { name: accountMessages.changePasswordAction }));
    expect(screen.getByText(messages.passwordsDoNotMatch)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('a wrong current password: the error banner and the server message beside the field', async () => {
    const { events } = await setup({
      status: 400,
      body: {
        message: accountMessages.currentPasswordWrong,
        code: 'BAD_REQUEST',
        fields: { currentPassword: accountMessages.currentPasswordWrong },
      },
    });
    await fill(events, 'Wrong1234', 'Fresh2025', 'Fresh2025');
    expect(await screen.findByText(accountMessages.passwordChangeFailed)).toBeTruthy();
    expect(screen.getByText(accountMessages.currentPasswordWrong).id).toBe(
      'password-current-error',
    );
    expect(field(accountMessages.labelCurrentPassword).getAttribute('aria-invalid')).toBe('true');
  });

  it('a new password the server finds too common: its message beside the new password', async () => {
    const { events } = await setup({
      status: 400,
      body: {
        message: accountMessages.passwordTooCommon,
        code: 'BAD_REQUEST',
        fields: { newPassword: accountMessages.passwordTooCommon },
      },
    });
    await fill(events, 'Old12345', 'Password', 'Password');
    expect(await screen.findByText(accountMessages.passwordChangeFailed)).toBeTruthy();
    expect(screen.getByText(accountMessages.passwordTooCommon).id).toBe('password-new-error');
    expect(field(accountMessages.labelNewPassword).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(accountMessages.labelNewPassword));
  });

  it('a 429 shows the server message', async () => {
    const { events } = await setup({
      status: 429,
      body: { message: messages.tooManyRequests, code: 'TOO_MANY_REQUESTS' },
    });
    await fill(events, 'Old12345', 'Fresh2025', 'Fresh2025');
    expect(await screen.findByText(messages.tooManyRequests)).toBeTruthy();
  });
});
