/** Validation rules and limits shared by the server and the web app (spec sections 5 and 9). */

/** An optional + then a non-zero digit then 1 to 14 digits: at most 15 digits in total. */
export const TELEPHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 40;
export const EMAIL_MAX_LENGTH = 254;
export const BIO_MAX_LENGTH = 1000;
export const BANNER_DURATION_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const STORAGE_KEYS = {
  token: 'token',
  sidebarExpanded: 'sidebar-expanded',
  sidebarOpen: 'sidebar-open',
  /** The language chosen on this device (DESIGN section 16); absent: the browser's. */
  language: 'language',
  /** A choice made signed out, for the account that signs in next to take. */
  languageForAccount: 'language-for-account',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidTelephone(value: string): boolean {
  return TELEPHONE_PATTERN.test(value);
}

/** At least 8 characters with an uppercase letter (Latin or Cyrillic). */
export function isValidPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && /\p{Lu}/u.test(value);
}

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/**
 * The one stored form of a telephone number: '+' followed by the digits, so
 * '380501112233' and '+380501112233' are the same account. Call only on a
 * value that passed isValidTelephone.
 */
export function canonicalTelephone(value: string): string {
  return `+${value.replace(/^\+/, '')}`;
}
