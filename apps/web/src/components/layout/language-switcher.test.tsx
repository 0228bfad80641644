import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { InLanguage } from '../../app/app';
import { changeLanguage, takeLanguageForAccount } from '../../lib/language';
import { signInMessages } from '@urok/contract';
import { AuthLayout } from './auth-layout';

afterEach(async () => {
  await changeLanguage('uk', false);
});

/** A page reads its words while it renders, as every page of the app does. */
function SignInPage() {
  return (
    <AuthLayout title={signInMessages.signInTitle} intro={signInMessages.signInIntro}>
      <p>{signInMessages.telephoneHint}</p>
    </AuthLayout>
  );
}

describe('the language switcher of the sign-in pages', () => {
  it('switches the page to English, remembers it on the device and keeps it for the account', async () => {
    render(
      <InLanguage>
        <MemoryRouter>
          <SignInPage />
        </MemoryRouter>
      </InLanguage>,
    );
    const group = screen.getByRole('group', { name: 'Мова сайту' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Українська' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByText('Наприклад, +380501112233')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    // The English catalog's first import is slow under Vitest (its modules are transformed then).
    await waitFor(() => expect(document.documentElement.lang).toBe('en'), { timeout: 15_000 });
    expect(await screen.findByText('For example, +380501112233')).toBeTruthy();
    expect(
      screen.getByText('Sign in with your telephone number to continue learning.'),
    ).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Site language' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('lang')).toBe('en');
    expect(window.localStorage.getItem('language')).toBe('en');
    expect(takeLanguageForAccount()).toBe('en');
  });
});
