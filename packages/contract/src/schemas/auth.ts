import { z } from 'zod';
import { refineWith } from './refine.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { messages } from '../messages.ts';
import {
  BIO_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  isValidTelephone,
} from '../rules.ts';
import { accountMessages } from '../account-messages.ts';
import { checkProfile, checkRegistration } from '../account-checks.ts';
import { checkLogin } from '../auth.ts';
import { checkPasswordChange, checkPasswordReset } from '../password-checks.ts';

/**
 * A string field: `missing` when absent or not a string, `tooLong` beyond a
 * generous cap (the check functions give the precise length messages; the
 * cap only keeps huge bodies away from them and from the password hasher).
 */
const text = (max: number, missing: string, tooLong: string = missing) =>
  z.string({ error: missing }).max(max, { error: tooLong });

export const loginBodySchema = z
  .object({
    telephone: text(32, messages.telephoneInvalid),
    password: text(PASSWORD_MAX_LENGTH, messages.passwordInvalid),
  })
  .superRefine(refineWith(checkLogin));

export const registerBodySchema = z
  .object({
    username: text(USERNAME_MAX_LENGTH * 4, messages.fillAllFields, messages.usernameTooLong),
    email: text(EMAIL_MAX_LENGTH, messages.fillAllFields, messages.emailInvalid),
    telephone: text(32, messages.fillAllFields, messages.telephoneInvalid),
    password: text(PASSWORD_MAX_LENGTH * 4, messages.fillAllFields, messages.passwordTooLong),
  })
  .superRefine(refineWith(checkRegistration));

export const updateUserBodySchema = z
  .object({
    username: text(USERNAME_MAX_LENGTH * 4, messages.usernameTooShort, messages.usernameTooLong),
    telephone: text(32, messages.telephoneInvalid),
    email: text(EMAIL_MAX_LENGTH, messages.fillField, messages.emailInvalid),
    bio: z
      .string({ error: messages.bioTooLong })
      .max(BIO_MAX_LENGTH, { error: messages.bioTooLong })
      .default(''),
    /** Only when the telephone changes: the sign-in name is not changed without the password. */
    currentPassword: text(
      PASSWORD_MAX_LENGTH * 4,
      accountMessages.telephoneChangeNeedsPassword,
      accountMessages.telephoneChangePasswordWrong,
    ).optional(),
    /** Set on /settings; absent keeps the account's language. */
    language: z.enum(LANGUAGES, { error: messages.languageInvalid }).optional(),
  })
  .superRefine(refineWith(checkProfile));

/** The body is optional (the bearer header may carry the token); a bodiless POST arrives as null. */
export const getUserBodySchema = z
  .object({ token: z.string({ error: messages.tokenNotFound }).max(512).optional() })
  .nullish();

export const changePasswordBodySchema = z
  .object({
    currentPassword: text(PASSWORD_MAX_LENGTH * 4, accountMessages.currentPasswordRequired),
    newPassword: text(
      PASSWORD_MAX_LENGTH * 4,
      messages.passwordInvalidUk,
      messages.passwordTooLong,
    ),
  })
  .superRefine(refineWith(checkPasswordChange));

export const resetPasswordBodySchema = z
  .object({
    // A token is 43 base64url characters; anything much longer is not one.
    token: text(256, accountMessages.resetTokenInvalid),
    password: text(PASSWORD_MAX_LENGTH * 4, messages.passwordInvalidUk, messages.passwordTooLong),
  })
  .superRefine(refineWith(checkPasswordReset));

/** `POST auth/forgot-password`: the number one signs in with. */
export const forgotPasswordBodySchema = z.object({
  telephone: text(32, messages.telephoneInvalid).refine((value) => isValidTelephone(value.trim()), {
    error: messages.telephoneInvalid,
  }),
});

/** `GET auth/forgot-password`: whether this site mails reset links at all (SMTP_URL is set). */
export const forgotPasswordInfoSchema = z.object({ byMail: z.boolean() });

/** An answer that only says what happened. */
export const messageResponseSchema = z.object({ message: z.string() });

export const userSchema = z.object({
  _id: z.string(),
  username: z.string(),
  telephone: z.string(),
  email: z.string(),
  bio: z.string(),
  isAdmin: z.boolean(),
  /** An operator runs the platform; false for everyone else. */
  isOperator: z.boolean(),
  createdAt: z.string(),
  /** The language the person reads the product in (DESIGN section 16). */
  language: z.enum(LANGUAGES),
});

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export const userResponseSchema = z.object({ user: userSchema });

export type User = z.infer<typeof userSchema>;
export type AuthResponse = z.infer<typeof authResponseSchema>;
export type UserResponse = z.infer<typeof userResponseSchema>;
