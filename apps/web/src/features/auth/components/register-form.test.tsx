import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { accountMessages, API, messages } from '@urok/contract';
import { createTestServices, makeUser } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render';
import { RegisterPage } from '../register-page';

const LABELS = ['Username', 'Email', 'Telephone', 'Password', 'Confirm password'] as const;
const field = (label: string) =>
  screen.getByLabelText(label, { selector: 'input', exact: true }) as HTMLInputElement;
const invalidFields = () =>
  LABELS.filter((label) => field(label).getAttribute('aria-invalid') === 'true');
const terms = () => screen.getByRole('checkbox', { name: /terms/ });

async function setup(routes = {}) {
  const api = createTestServices(routes);
  const view = await renderWithStore(<RegisterPage />, {
    services: api.services,
    path: '/register',
  });
  return { ...api, ...view, user: userEvent.setup() };
}

async function fill(user: UserEvent, values: Partial<Record<(typeof LABELS)[number], string>>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Sign Up' }));

const GOOD = {
  Username: 'olena',
  Email: 'olena@example.com',
  Telephone: '+380501112233',
  Password: 'Secret2024',
  'Confirm password': 'Secret2024',
};

describe('sign-up page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it("is titled 'Sign Up', has every labelled field and a link to /login", async () => {
    await setup();
    expect(document.title).toBe('Sign Up | Urok');
    for (const label of LABELS) expect(field(label)).toBeTruthy();
    expect(field('Email').type).toBe('email');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('1. a username under 3 characters comes first, even with everything else empty', async () => {
    const { user, calls } = await setup();
    await fill(user, { Username: 'ab' });
    await submit(user);
    expect(screen.getByText(messages.usernameTooShort)).toBeTruthy();
    expect(invalidFields()).toEqual(['Username']);
    expect(calls).toHaveLength(0);
  });

  it('2. then any empty field: one message, each empty field marked', async () => {
    const { user } = await setup();
    await fill(user, { Username: 'olena', Password: 'Secret123' });
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe(messages.fillAllFields);
    expect(invalidFields()).toEqual(['Email', 'Telephone', 'Confirm password']);
    expect(field('Email').getAttribute('aria-describedby')).toBe('register-alert');
  });

  it('3. then the password rule (Ukrainian message)', async () => {
    const { user } = await setup();
    await fill(user, { ...GOOD, Password: 'weakpass', 'Confirm password': 'other' });
    await submit(user);
    expect(
      screen.getByText('Пароль має містити щонайменше 8 символів і одну велику літеру.'),
    ).toBeTruthy();
    expect(invalidFields()).toEqual(['Password']);
  });

  it('4. then the confirmation', async () => {
    const { user } = await setup();
    await fill(user, { ...GOOD, 'Confirm password': 'Secret124' });
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe(messages.passwordsDoNotMatch);
    expect(invalidFields()).toEqual(['Password', 'Confirm password']);
  });

  it('then the terms: required after the four checks', async () => {
    const { user, calls } = await setup();
    await fill(user, GOOD);
    await submit(user);
    expect(screen.getByText('Please accept the terms.')).toBeTruthy();
    expect(terms().getAttribute('aria-invalid')).toBe('true');
    expect(invalidFields()).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('shows a server field error next to its field (409 telephone taken)', async () => {
    const { user } = await setup({
      [`POST ${API.register}`]: {
        status: 409,
        body: {
          message: messages.telephoneTaken,
          code: 'CONFLICT',
          fields: { telephone: messages.telephoneTaken },
        },
      },
    });
    await fill(user, GOOD);
    await user.click(terms());
    await submit(user);
    const message = await screen.findByText(messages.telephoneTaken);
    expect(message.id).toBe('register-telephone-error');
    expect(field('Telephone').getAttribute('aria-describedby')).toBe('register-telephone-error');
    expect(invalidFields()).toEqual(['Telephone']);
  });

  it('a password the server finds too common: its message next to the password field', async () => {
    const { user, store } = await setup({
      [`POST ${API.register}`]: {
        status: 400,
        body: {
          message: accountMessages.passwordTooCommon,
          code: 'BAD_REQUEST',
          fields: { password: accountMessages.passwordTooCommon },
        },
      },
    });
    await fill(user, { ...GOOD, Password: 'Qwerty12', 'Confirm password': 'Qwerty12' });
    await user.click(terms());
    await submit(user);
    const message = await screen.findByText(accountMessages.passwordTooCommon);
    expect(message.id).toBe('register-password-error');
    expect(field('Password').getAttribute('aria-describedby')).toContain('register-password-error');
    expect(invalidFields()).toEqual(['Password']);
    expect(document.activeElement).toBe(field('Password'));
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('registers with the four fields and stores the token', async () => {
    const { user, calls, store } = await setup({
      [`POST ${API.register}`]: { status: 201, body: { token: 'tok', user: makeUser() } },
    });
    await fill(user, { ...GOOD, Username: ' olena ' });
    await user.click(terms());
    await submit(user);
    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    expect(calls[0]?.body).toEqual({
      username: 'olena',
      email: 'olena@example.com',
      telephone: '+380501112233',
      password: 'Secret2024',
    });
    expect(window.localStorage.getItem('token')).toBe('tok');
  });
});
