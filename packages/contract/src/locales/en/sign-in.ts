import type { Translation } from '../../i18n/catalog.ts';
import type { signInMessages } from '../../sign-in-messages.ts';

export const signIn: Translation<typeof signInMessages> = {
  productName: 'Urok',

  telephoneInvalid: 'Please enter a valid telephone number.',
  passwordInvalid:
    'Password must be at least 8 characters long and contain at least one uppercase letter.',
  loginFailed: 'Wrong telephone number or password',
  loginFailedConsole: 'Sign-in failed',

  tokenNotFound: 'Token not found',

  profileUpdateFailed: 'Something went wrong while updating your details',
  applicationFailed: 'The application could not be sent.',
  internalError: 'Something went wrong on the server. Please try again.',
  networkLost: 'No network connection. Please try again.',

  signInTitle: 'Sign In',
  signInAction: 'Sign In',
  signInIntro: 'Sign in with your telephone number to continue learning.',
  noAccountYet: "Don't have an account?",
  labelTelephone: 'Telephone',
  labelPassword: 'Password',
  labelTerms: 'I agree to the terms of use and the privacy policy',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  telephoneHint: 'For example, +380501112233',
  forgotPassword: 'Forgot your password?',

  skipToContent: 'Skip to content',
  mainNavigation: 'Main navigation',
  loading: 'Loading…',
  signInLink: 'Sign In',
  signUpLink: 'Sign Up',
  languageSwitcher: 'Site language',
  languageNameUk: 'Українська',
  languageNameEn: 'English',
  languageShortUk: 'Укр',
  languageShortEn: 'Eng',

  chunkLoadFailed: 'The page could not be loaded.',
  retry: 'Try again',
};
