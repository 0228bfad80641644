import type { FormError } from './form.ts';
import { signInMessages } from './sign-in-messages.ts';
import { isValidPassword, isValidTelephone } from './rules.ts';

// Sign-in only: the web app's first page imports this module, so the checks
// of the other account forms live in account-checks.ts (sign-up, profile)
// and password-checks.ts (password change and reset).

export interface LoginInput {
  telephone: string;
  password: string;
}

/** Sign-in checks of spec section 5, in order; null when the form may be sent. */
export function checkLogin(input: LoginInput): FormError<keyof LoginInput> | null {
  if (!isValidTelephone(input.telephone)) {
    return { message: signInMessages.telephoneInvalid, fields: ['telephone'] };
  }
  if (!isValidPassword(input.password)) {
    return { message: signInMessages.passwordInvalid, fields: ['password'] };
  }
  return null;
}

export type { User, AuthResponse, UserResponse } from './schemas/auth.ts';
