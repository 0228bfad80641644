import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, messages } from '@urok/contract';
import { createTestServices, makeUser } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render';
import { LoginPage } from '../login-page';

const field = (label: string) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const invalid = (label: string) => field(label).getAttribute('aria-invalid') === 'true';

async function setup(routes = {}) {
  const api = createTestServices(routes);
  const view = await renderWithStore(<LoginPage />, { services: api.services, path: '/login' });
  return { ...api, ...view, user: userEvent.setup() };
}

describe('sign-in page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("is titled 'Sign In' with a 'Sign In' submit and a link to /register", async () => {
    await setup();
    expect(document.title).toBe('Sign In | Urok');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign In');
    expect(screen.getByRole('button', { name: 'Sign In' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('checkbox', { name: /terms/ })).toBeTruthy();
  });

  it('checks the telephone first: message shown, red border and aria-invalid on it only', async () => {
    const { user, calls } = await setup();
    await user.type(field('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText(messages.telephoneInvalid)).toBeTruthy();
    expect(invalid('Telephone')).toBe(true);
    expect(field('Telephone').className).toContain('border-red-600');
    expect(invalid('Password')).toBe(false);
    expect(document.activeElement).toBe(field('Telephone'));
    expect(calls).toHaveLength(0);
  });

  it('then the password rule', async () => {
    const { user, calls } = await setup();
    await user.type(field('Telephone'), '+380501112233');
    await user.type(field('Password'), 'lowercase1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText(messages.passwordInvalid)).toBeTruthy();
    expect(invalid('Password')).toBe(true);
    expect(invalid('Telephone')).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('does not require the terms; shows the server 401 message', async () => {
    const { user, calls, store } = await setup({
      [`POST ${API.login}`]: { status: 401, body: { message: messages.loginFailed } },
    });
    await user.type(field('Telephone'), '+380501112233');
    await user.type(field('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(calls[0]?.body).toEqual({ telephone: '+380501112233', password: 'Secret123' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Невірний номер телефону або пароль',
    );
    expect(store.getState().auth.errorMessage).toBe(messages.loginFailed);
  });

  it('signs in: the token is stored and the user loaded', async () => {
    const { user, store } = await setup({
      [`POST ${API.login}`]: { status: 200, body: { token: 'tok', user: makeUser() } },
    });
    await user.type(field('Telephone'), ' +380501112233 ');
    await user.type(field('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    expect(window.localStorage.getItem('token')).toBe('tok');
  });

  it('the password toggle has an accessible name and shows the password', async () => {
    const { user } = await setup();
    expect(field('Password').type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password').type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field('Password').type).toBe('password');
  });
});
