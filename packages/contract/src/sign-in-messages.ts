/**
 * The words of the web app's first page: /login, the frame around every
 * page (brand, skip link, loading and failed-chunk states) and the auth
 * state's own messages. `messages` (messages.ts) includes every one of them,
 * so the server and the other pages read them there, as `messages.loginFailed`;
 * the modules /login loads import this module instead, so the entry chunk
 * does not carry the rest of `messages` (apps/web/src/bundle-budget.test.ts).
 * English: locales/en/sign-in.ts.
 */
import { defineMessages } from './i18n/catalog.ts';

export const signInMessages = defineMessages('signIn', {
  productName: 'Urok',

  // Sign-in checks (spec section 5) and the API's answer to a failed sign-in
  telephoneInvalid: 'Please enter a valid telephone number.',
  passwordInvalid:
    'Password must be at least 8 characters long and contain at least one uppercase letter.',
  loginFailed: 'Невірний номер телефону або пароль',
  loginFailedConsole: 'Помилка входу',

  // Session
  tokenNotFound: 'Token not found',

  // Fallbacks of the auth state's calls when the server gives no message
  profileUpdateFailed: 'Сталась помилка під час оновлення даних',
  applicationFailed: 'Не вдалося надіслати заявку.',
  internalError: 'Сталася помилка на сервері. Спробуйте ще раз.',
  // Any call that never reached the server (lib/api-error.ts)
  networkLost: 'Немає з’єднання з мережею. Спробуйте ще раз.',

  // /login (labels are what the end-to-end tests target)
  signInTitle: 'Sign In',
  signInAction: 'Sign In',
  signInIntro: 'Увійдіть за номером телефону, щоб продовжити навчання.',
  noAccountYet: "Don't have an account?",
  labelTelephone: 'Telephone',
  labelPassword: 'Password',
  labelTerms: 'I agree to the terms of use and the privacy policy',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  telephoneHint: 'Наприклад, +380501112233',
  forgotPassword: 'Забули пароль?',

  // The frame of the public and sign-in pages
  skipToContent: 'Skip to content',
  mainNavigation: 'Main navigation',
  loading: 'Завантаження…',
  signInLink: 'Sign In',
  signUpLink: 'Sign Up',
  // The language switcher of the public and sign-in pages; each language is named in itself
  languageSwitcher: 'Мова сайту',
  languageNameUk: 'Українська',
  languageNameEn: 'English',
  // …and shortened where a phone's header has little room
  languageShortUk: 'Укр',
  languageShortEn: 'Eng',

  // On-demand pages
  chunkLoadFailed: 'Не вдалося завантажити сторінку.',
  retry: 'Спробувати ще раз',
} as const);
