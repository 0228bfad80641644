import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInMessages } from '@urok/contract';
import {
  changeLanguage,
  chooseLanguageSignedOut,
  currentLanguage,
  takeLanguageForAccount,
} from './language';

afterEach(async () => {
  await changeLanguage('uk', false);
  vi.resetModules();
});

describe('the language the web app speaks', () => {
  it('a change loads English, sets <html lang> and is read by every message', async () => {
    expect(signInMessages.loginFailed).toBe('Невірний номер телефону або пароль');
    await changeLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('language')).toBe('en');
    expect(signInMessages.loginFailed).toBe('Wrong telephone number or password');
    await changeLanguage('uk');
    expect(document.documentElement.lang).toBe('uk');
    expect(signInMessages.loginFailed).toBe('Невірний номер телефону або пароль');
  });

  it('a choice made signed out is handed to the next account once', async () => {
    await chooseLanguageSignedOut('en');
    expect(takeLanguageForAccount()).toBe('en');
    expect(takeLanguageForAccount()).toBeNull();
  });
  // Last: it loads fresh copies of the module, which then hold the language.
  it("starts from the device's choice, else the browser's first of Ukrainian and English", async () => {
    vi.resetModules();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'uk']);
    expect((await import('./language')).currentLanguage()).toBe('en');

    vi.resetModules();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ru', 'uk', 'en']);
    expect((await import('./language')).currentLanguage()).toBe('uk');

    vi.resetModules();
    window.localStorage.setItem('language', 'en');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['uk']);
    expect((await import('./language')).currentLanguage()).toBe('en');
  });
});
