import type { FormError } from './form.ts';
import { messages } from './messages.ts';
import { checkPlainText } from './text-checks.ts';
import {
  BIO_MAX_LENGTH,
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
 * the terms (DESIGN.md section 6). The server runs the same function on the
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
