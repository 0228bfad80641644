import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes, Navigate } from 'react-router';
import { accountMessages, API, messages, ROUTES } from '@urok/contract';
import { ROUTE_TABLES } from '../../app/router';
import * as Pages from '../../app/pages';
import { createTestServices, type FakeReply } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { ResetPasswordPage } from './reset-password-page';

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

async function setup(
  path: string,
  reply: FakeReply = { status: 200, body: { message: accountMessages.passwordResetDone } },
) {
  const api = createTestServices({ [`POST ${API.resetPassword}`]: reply });
  const view = await renderWithStore(<ResetPasswordPage />, { services: api.services, path });
  return { ...api, ...view, events: userEvent.setup() };
}

async function submit(
  events: ReturnType<typeof userEvent.setup>,
  password: string,
  confirm: string,
) {
  await events.type(field(accountMessages.labelNewPassword), password);
  await events.type(field(accountMessages.labelConfirmNewPassword), confirm);
  await events.click(screen.getByRole('button', { name: accountMessages.resetPasswordAction }));
}

describe('/reset-password route', () => {
  it('is a page for signed-out visitors and an unknown path (a redirect) for signed-in users', () => {
    const leaf = matchRoutes(ROUTE_TABLES.signedOut, ROUTES.resetPassword)?.at(-1)?.route;
    expect(leaf?.path).toBe('/reset-password');
    expect((leaf?.element as ReactElement).type).toBe(Pages.ResetPasswordPage);
    for (const table of ['student', 'teacher'] as const) {
      const element = matchRoutes(ROUTE_TABLES[table], ROUTES.resetPassword)?.at(-1)?.route
        .element as ReactElement<{ to: string }>;
      expect(isValidElement(element) && element.type === Navigate).toBe(true);
      expect(element.props.to).toBe(ROUTES.myCourseList);
    }
  });
});

describe('reset password page', { timeout: 20_000 }, () => {
  it('sends the token of the link with the new password and offers the way to sign in', async () => {
    const { events, calls } = await setup('/reset-password?token=abc_DEF-123');
    expect(document.title).toBe(`${accountMessages.pageResetPassword} | Urok`);
    expect(field(accountMessages.labelNewPassword).type).toBe('password');
    await events.click(screen.getByRole('button', { name: accountMessages.showNewPassword }));
    expect(field(accountMessages.labelNewPassword).type).toBe('text');
    await events.click(
      screen.getByRole('button', { name: accountMessages.showConfirmNewPassword }),
    );
    expect(field(accountMessages.labelConfirmNewPassword).type).toBe('text');

    await submit(events, 'Fresh2025', 'Fresh2025');
    expect(await screen.findByText(accountMessages.passwordResetDone)).toBeTruthy();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: 'auth/reset-password',
        body: { token: 'abc_DEF-123', password: 'Fresh2025' },
      }),
    ]);
    expect(calls[0]?.authorization).toBeUndefined();
    expect(
      screen.getByRole('link', { name: accountMessages.goToSignIn }).getAttribute('href'),
    ).toBe(ROUTES.login);
  });

  it('checks the rule and the confirmation before sending', async () => {
    const { events, calls } = await setup('/reset-password?token=abc');
    await submit(events, 'weakpass', 'weakpass');
    expect(screen.getByText(messages.passwordInvalidUk)).toBeTruthy();
    await events.clear(field(accountMessages.labelNewPassword));
    await events.type(field(accountMessages.labelNewPassword), 'Fresh2025');
    await events.clear(field(accountMessages.labelConfirmNewPassword));
    await events.type(field(accountMessages.labelConfirmNewPassword), 'Other2025');
    await events.click(screen.getByRole('button', { name: accountMessages.resetPasswordAction }));
    expect(screen.getByText(messages.passwordsDoNotMatch)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('an expired or used link: the server message, and the form stays', async () => {
    const { events } = await setup('/reset-password?token=old', {
      status: 400,
      body: {
        message: accountMessages.resetTokenInvalid,
        code: 'BAD_REQUEST',
        fields: { token: accountMessages.resetTokenInvalid },
      },
    });
    await submit(events, 'Fresh2025', 'Fresh2025');
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages.resetTokenInvalid);
    expect(screen.getByRole('button', { name: accountMessages.resetPasswordAction })).toBeTruthy();
  });

  it('a password the server finds too common: its message beside the new password', async () => {
    const { events } = await setup('/reset-password?token=abc', {
      status: 400,
      body: {
        message: accountMessages.passwordTooCommon,
        code: 'BAD_REQUEST',
        fields: { password: accountMessages.passwordTooCommon },
      },
    });
    await submit(events, 'Qwerty12', 'Qwerty12');
    expect((await screen.findByText(accountMessages.passwordTooCommon)).id).toBe(
      'reset-password-error',
    );
    expect(field(accountMessages.labelNewPassword).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: accountMessages.resetPasswordAction })).toBeTruthy();
  });

  it('a link without a token says so and shows no form', async () => {
    await setup('/reset-password');
    expect(screen.getByText(accountMessages.resetTokenMissing)).toBeTruthy();
    expect(screen.queryByRole('button', { name: accountMessages.resetPasswordAction })).toBeNull();
  });
});
