import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes, Navigate } from 'react-router';
import { accountMessages, API, messages, ROUTES, signInMessages } from '@urok/contract';
import { ROUTE_TABLES } from '../../app/router';
import * as Pages from '../../app/pages';
import { createTestServices, type FakeReply } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';

async function setup(byMail: boolean, reply: FakeReply = { status: 202, body: { message: 'ok' } }) {
  const api = createTestServices({
    [`GET ${API.forgotPassword}`]: { status: 200, body: { byMail } },
    [`POST ${API.forgotPassword}`]: reply,
  });
  const view = await renderWithStore(<ForgotPasswordPage />, {
    services: api.services,
    path: ROUTES.forgotPassword,
  });
  return { ...api, ...view, user: userEvent.setup() };
}

describe('/forgot-password', { timeout: 20_000 }, () => {
  it('is a signed-out page, linked from /login as \u2018Забули пароль?\u2019', async () => {
    const leaf = matchRoutes(ROUTE_TABLES.signedOut, ROUTES.forgotPassword)?.at(-1)?.route;
    expect((leaf?.element as ReactElement).type).toBe(Pages.ForgotPasswordPage);
    const signedIn = matchRoutes(ROUTE_TABLES.student, ROUTES.forgotPassword)?.at(-1)?.route
      .element as ReactElement;
    expect(isValidElement(signedIn) && signedIn.type).toBe(Navigate);

    await renderWithStore(<LoginPage />, { services: createTestServices().services });
    expect(
      screen.getByRole('link', { name: signInMessages.forgotPassword }).getAttribute('href'),
    ).toBe(ROUTES.forgotPassword);
  });

  it('checks the telephone, then always answers the same, whatever the number', async () => {
    const { user, calls } = await setup(true);
    expect(await screen.findByText(accountMessages.forgotPasswordIntro)).toBeTruthy();
    expect(document.title).toBe(`${accountMessages.forgotPasswordTitle} | Urok`);
    const field = screen.getByLabelText(signInMessages.labelTelephone);
    await user.type(field, 'нема');
    await user.click(screen.getByRole('button', { name: accountMessages.forgotPasswordSubmit }));
    expect(screen.getByText(messages.telephoneInvalid)).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(field);
    await user.type(field, ' +380501112233 ');
    await user.click(screen.getByRole('button', { name: accountMessages.forgotPasswordSubmit }));
    expect(await screen.findByText(accountMessages.forgotPasswordAccepted)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: accountMessages.forgotPasswordBackToLogin }),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      telephone: '+380501112233',
    });
  });

  it('a refusal (too many asks) is shown and the form stays', async () => {
    const { user } = await setup(true, { status: 429, body: { message: 'Забагато спроб.' } });
    await user.type(await screen.findByLabelText(signInMessages.labelTelephone), '+380501112233');
    await user.click(screen.getByRole('button', { name: accountMessages.forgotPasswordSubmit }));
    expect(await screen.findByText('Забагато спроб.')).toBeTruthy();
    expect(screen.getByRole('button', { name: accountMessages.forgotPasswordSubmit })).toBeTruthy();
  });

  it('without mail (no SMTP_URL on the server) it sends to the operator, with no form', async () => {
    await setup(false);
    expect(await screen.findByText(accountMessages.forgotPasswordNoMail)).toBeTruthy();
    expect(screen.queryByLabelText(signInMessages.labelTelephone)).toBeNull();
    expect(
      screen.getByRole('link', { name: accountMessages.forgotPasswordBackToLogin }),
    ).toBeTruthy();
  });
});
