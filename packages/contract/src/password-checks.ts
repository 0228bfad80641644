import type { FormError } from './form.ts';
import { accountMessages } from './account-messages.ts';
import { messages } from './messages.ts';
import { PASSWORD_MAX_LENGTH, isValidPassword } from './rules.ts';

// The checks of password change (/settings) and reset (/reset-password), which
// the server runs on the API bodies too.

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
