/**
 * The signed-out password pages, one chunk: /reset-password (the one-time
 * link) and /forgot-password (asking for one by mail). One chunk, so one
 * name in the entry's dynamic-import map, which /login loads.
 */
export { ResetPasswordPage } from './reset-password-page';
export { ForgotPasswordPage } from './forgot-password-page';
