import type { FormError } from './form.ts';
import type { Language } from './i18n/languages.ts';
import { accountMessages } from './account-messages.ts';
import { messages } from './messages.ts';
import { checkPlainText } from './text-checks.ts';
import {
  BIO_MAX_LENGTH,
  canonicalTelephone,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  isValidEmail,
  isValidPassword,
  isValidTelephone,
} from './rules.ts';

// The checks of the sign-up and profile forms, which the server runs on the
// API bodies too. Apart from checkLogin (auth.ts), which /login loads.

/** The checks sign-up and the profile share, in this order: name length, telephone, email. */
function checkIdentity(
  username: string,
  telephone: string,
  email: string,
): FormError<'username' | 'telephone' | 'email'> | null {
  if (username.length > USERNAME_MAX_LENGTH) {
    return { message: messages.usernameTooLong, fields: ['username'] };
  }
  if (!isValidTelephone(telephone.trim())) {
    return { message: messages.telephoneInvalid, fields: ['telephone'] };
  }
  if (!isValidEmail(email.trim())) {
    return { message: messages.emailInvalid, fields: ['email'] };
  }
  return null;
}

// ---------------------------------------------------------------- sign-up

export interface RegisterInput {
  username: string;
  email: string;
  telephone: string;
  password: string;
}

/** The web form adds a confirmation and the terms checkbox; the API takes the four fields. */
export interface RegisterFormInput extends RegisterInput {
  confirmPassword: string;
  acceptTerms: boolean;
}

type RegisterField = keyof RegisterFormInput;

/**
 * Sign-up checks of spec section 5 in their order (username length, all
 * fields filled, password rule, confirmation), then the checks the
 * specification leaves silent (telephone and email format, lengths), then
 * the terms (docs/decisions.md). The server runs the same function on the
 * API body, where the confirmation and terms are absent and so skipped.
 */
export function checkRegistration(
  input: RegisterInput & Partial<Pick<RegisterFormInput, 'confirmPassword' | 'acceptTerms'>>,
): FormError<RegisterField> | null {
  const username = input.username.trim();
  if (username.length < USERNAME_MIN_LENGTH) {
    return { message: messages.usernameTooShort, fields: ['username'] };
  }
  const required: RegisterField[] = ['username', 'email', 'telephone', 'password'];
  if (input.confirmPassword !== undefined) required.push('confirmPassword');
  const empty = required.filter((field) => String(input[field] ?? '').trim() === '');
  if (empty.length > 0) return { message: messages.fillAllFields, fields: empty };
  if (!isValidPassword(input.password)) {
    return { message: messages.passwordInvalidUk, fields: ['password'] };
  }
  if (input.confirmPassword !== undefined && input.password !== input.confirmPassword) {
    return { message: messages.passwordsDoNotMatch, fields: ['password', 'confirmPassword'] };
  }
  if (input.password.length > PASSWORD_MAX_LENGTH) {
    return { message: messages.passwordTooLong, fields: ['password'] };
  }
  const identity = checkIdentity(username, input.telephone, input.email);
  if (identity) return identity;
  const text = checkPlainText(input, { username: 'line', email: 'line' });
  if (text) return text;
  if (input.acceptTerms === false) {
    return { message: messages.acceptTerms, fields: ['acceptTerms'] };
  }
  return null;
}

// ---------------------------------------------------------------- profile

export interface ProfileInput {
  username: string;
  telephone: string;
  email: string;
  bio: string;
  /** Needed only when the telephone changes (checkTelephoneChange). */
  currentPassword?: string;
}

/** PUT auth/updateUser's body: the profile, and the account's language (DESIGN section 16; absent keeps it). */
export interface UpdateUserInput extends ProfileInput {
  language?: Language;
}

/** Profile checks. An empty email shows 'Заповніть поле' (spec section 5). */
export function checkProfile(input: ProfileInput): FormError<keyof ProfileInput> | null {
  if (input.email.trim() === '') return { message: messages.fillField, fields: ['email'] };
  const username = input.username.trim();
  if (username.length < USERNAME_MIN_LENGTH) {
    return { message: messages.usernameTooShort, fields: ['username'] };
  }
  const identity = checkIdentity(username, input.telephone, input.email);
  if (identity) return identity;
  if (input.bio.length > BIO_MAX_LENGTH) return { message: messages.bioTooLong, fields: ['bio'] };
  return checkPlainText(input, { username: 'line', email: 'line', bio: 'text' });
}

/**
 * Whether saving `telephone` (a valid number, in any spelling) changes the
 * sign-in name of the account whose stored number is `current`.
 */
export function changesTelephone(current: string, telephone: string): boolean {
  return canonicalTelephone(telephone.trim()) !== current;
}

/**
 * The telephone is the sign-in name: changing it needs the current password
 * (docs/decisions.md, changing the telephone); the other profile fields do not. The server checks
 * the password itself.
 */
export function checkTelephoneChange(
  current: string,
  input: Pick<ProfileInput, 'telephone' | 'currentPassword'>,
): FormError<'currentPassword'> | null {
  if (!changesTelephone(current, input.telephone)) return null;
  if (!input.currentPassword) {
    return { message: accountMessages.telephoneChangeNeedsPassword, fields: ['currentPassword'] };
  }
  return null;
}
