import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type User } from '@urok/contract';
import { InLanguage } from '../../../app/app';
import { LanguageSync } from '../../../app/language-sync';
import { changeLanguage } from '../../../lib/language';
import { createTestServices, makeUser } from '../../../test/fake-api';
import { renderWithStore } from '../../../test/render';
import { SettingsPage } from '../settings-page';

afterEach(async () => {
  await changeLanguage('uk', false);
});

async function setup(user: User, reply: (body: Record<string, unknown>) => User | null) {
  window.localStorage.setItem('token', 't1');
  const api = createTestServices({
    [`PUT ${API.updateUser}`]: (call) => {
      const updated = reply(call.body as Record<string, unknown>);
      return updated
        ? { status: 200, body: { user: updated } }
        : { status: 400, body: { message: 'Перевірте введені дані.', code: 'BAD_REQUEST' } };
    },
  });
  await renderWithStore(
    <>
      <LanguageSync />
      <InLanguage>
        <SettingsPage />
      </InLanguage>
    </>,
    {
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
    },
  );
  return api;
}

describe('the language setting (/settings)', () => {
  it('saves English on the account and shows every page in English at once, without a reload', async () => {
    const user = makeUser();
    const { calls } = await setup(user, (body) => ({ ...user, language: body.language as 'en' }));
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByText('Ці дані бачать ваші викладачі та студенти курсів.')).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'English' }));
    // The English catalog's first import is slow under Vitest (its modules are transformed then).
    await waitFor(() => expect(document.documentElement.lang).toBe('en'), { timeout: 15_000 });
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      username: user.username,
      telephone: user.telephone,
      email: user.email,
      language: 'en',
    });
    expect(
      await screen.findByText('Your teachers and the students of your courses see these details.'),
    ).toBeTruthy();
    const setting = screen.getByRole('group', { name: 'Language' });
    expect(within(setting).getByRole('status').textContent).toBe('Language changed.');
    const english = screen.getByRole('radio', { name: 'English' });
    expect((english as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(english));
  });

  it("follows the account's language when a session starts", async () => {
    await setup(makeUser({ language: 'en' }), () => null);
    // The English catalog's first import is slow under Vitest (its modules are transformed then).
    await waitFor(() => expect(document.documentElement.lang).toBe('en'), { timeout: 15_000 });
    expect(await screen.findByRole('group', { name: 'Language' })).toBeTruthy();
  });

  it('keeps the language and says why when the server refuses', async () => {
    await setup(makeUser(), () => null);
    await userEvent.click(screen.getByRole('radio', { name: 'English' }));
    await waitFor(() =>
      expect(document.getElementById('language-alert')?.textContent).toBe(
        'Перевірте введені дані.',
      ),
    );
    expect(document.documentElement.lang).not.toBe('en');
    expect((screen.getByRole('radio', { name: 'Українська' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });
});
