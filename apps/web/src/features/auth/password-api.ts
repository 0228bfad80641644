/**
 * The password changes, as endpoints of the app's data layer (lib/api.ts).
 * The sign-in itself stays in the auth slice: it holds the session.
 */
import {
  accountMessages,
  API,
  type PasswordChangeInput,
  type PasswordResetInput,
} from '@urok/contract';
import { api } from '../../lib/api';

export const passwordApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PUT auth/password → 200 {message}; this session stays, the others end. */
    changePassword: build.mutation<{ message: string }, PasswordChangeInput>({
      query: (input) => ({
        url: API.changePassword,
        method: 'put',
        body: input,
        failure: accountMessages.passwordChangeFailed,
      }),
    }),
    /** POST auth/reset-password with the token of a one-time link → 200 {message}. */
    resetPassword: build.mutation<{ message: string }, PasswordResetInput>({
      query: (input) => ({
        url: API.resetPassword,
        method: 'post',
        body: input,
        failure: accountMessages.resetPasswordFailed,
      }),
    }),
    /** GET auth/forgot-password → {byMail}: whether this site mails reset links (SMTP_URL is set). */
    forgotPasswordInfo: build.query<{ byMail: boolean }, void>({
      query: () => ({ url: API.forgotPassword, failure: accountMessages.forgotPasswordFailed }),
    }),
    /** POST auth/forgot-password {telephone} → 202, the same whether or not the number has an account. */
    forgotPassword: build.mutation<{ message: string }, { telephone: string }>({
      query: (input) => ({
        url: API.forgotPassword,
        method: 'post',
        body: input,
        failure: accountMessages.forgotPasswordFailed,
      }),
    }),
  }),
});

export const {
  useChangePasswordMutation,
  useResetPasswordMutation,
  useForgotPasswordInfoQuery,
  useForgotPasswordMutation,
} = passwordApi;
