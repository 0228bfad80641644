import type { FormError } from './form.ts';
import { accountMessages } from './account-messages.ts';
import { messages } from './messages.ts';
import {
  BIO_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  isValidEmail,
  isValidPassword,
  isValidTelephone,
} from './rules.ts';

// ---------------------------------------------------------------- sign-in

export interface LoginInput {
  telephone: string;
  password: string;
}

/** Sign-in checks of spec section 5, in order; null when the form may be sent. */
export function checkLogin(input: LoginInput): FormError<keyof LoginInput> | null {
  if (!isValidTelephone(input.telephone)) {
    return { message: messages.telephoneInvalid, fields: ['telephone'] };
  }
  if (!isValidPassword(input.password)) {
    return { message: messages.passwordInvalid, fields: ['password'] };
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
  if (username.length > USERNAME_MAX_LENGTH) {
    return { message: messages.usernameTooLong, fields: ['username'] };
  }
  if (!isValidTelephone(input.telephone.trim())) {
    return { message: messages.telephoneInvalid, fields: ['telephone'] };
  }
  if (!isValidEmail(input.email.trim())) {
    return { message: messages.emailInvalid, fields: ['email'] };
  }
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
  if (username.length > USERNAME_MAX_LENGTH) {
    return { message: messages.usernameTooLong, fields: ['username'] };
  }
  if (!isValidTelephone(input.telephone.trim())) {
    return { message: messages.telephoneInvalid, fields: ['telephone'] };
  }
  if (!isValidEmail(input.email.trim())) {
    return { message: messages.emailInvalid, fields: ['email'] };
  }
  if (input.bio.length > BIO_MAX_LENGTH) return { message: messages.bioTooLong, fields: ['bio'] };
  return null;
}

// ---------------------------------------------------------------- passwords

/** A new password: the registration rule (at least 8 characters with a capital, at most 128). */
function checkNewPassword<F extends string>(
  password: string,
  field: F,
  confirm: string | undefined,
  confirmField: F,
): FormError<F> | null {
  if (password.trim() === '') return { message: messages.fillAllFields, fields: [field] };
  if (!isValidPassword(password)) return { message: messages.passwordInvalidUk, fields: [field] };
  if (confirm !== undefined && password !== confirm) {
    return { message: messages.passwordsDoNotMatch, fields: [field, confirmField] };
  }
  if (password.length > PASSWORD_MAX_LENGTH)
    return { message: messages.passwordTooLong, fields: [field] };
  return null;
}

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
}

/** The /settings form adds a confirmation. */
export interface PasswordChangeFormInput extends PasswordChangeInput {
  confirmNewPassword: string;
}

/** Password change (`PUT auth/password`); the server runs it on the body, without the confirmation. */
export function checkPasswordChange(
  input: PasswordChangeInput & Partial<Pick<PasswordChangeFormInput, 'confirmNewPassword'>>,
): FormError<keyof PasswordChangeFormInput> | null {
  if (input.currentPassword === '') {
    return { message: accountMessages.currentPasswordRequired, fields: ['currentPassword'] };
  }
  const failed = checkNewPassword<keyof PasswordChangeFormInput>(
    input.newPassword,
    'newPassword',
    input.confirmNewPassword,
    'confirmNewPassword',
  );
  if (failed) return failed;
  if (input.newPassword === input.currentPassword) {
    return { message: accountMessages.newPasswordSameAsCurrent, fields: ['newPassword'] };
  }
  return null;
}

export interface PasswordResetInput {
  token: string;
  password: string;
}

export interface PasswordResetFormInput extends PasswordResetInput {
  confirmPassword: string;
}

/** Password reset (`POST auth/reset-password`) with the token of a one-time link. */
export function checkPasswordReset(
  input: PasswordResetInput & Partial<Pick<PasswordResetFormInput, 'confirmPassword'>>,
): FormError<keyof PasswordResetFormInput> | null {
  if (input.token.trim() === '')
    return { message: accountMessages.resetTokenInvalid, fields: ['token'] };
  return checkNewPassword<keyof PasswordResetFormInput>(
    input.password,
    'password',
    input.confirmPassword,
    'confirmPassword',
  );
}

export type { User, AuthResponse, UserResponse } from './schemas/auth.ts';
