import type { Translation } from '../../i18n/catalog.ts';
import { icu } from '../../i18n/catalog.ts';
import type { accountMessages } from '../../account-messages.ts';

export const account: Translation<typeof accountMessages> = {
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'The current password is wrong.',
  newPasswordSameAsCurrent: 'The new password must differ from the current one.',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  resetTokenInvalid:
    'This reset link is invalid, expired or already used. Ask the administrator for a new one.',
  passwordResetDone: 'Password changed. Sign in with the new password.',

  forgotPasswordAccepted:
    'If an e-mail address is added to the account with this number, we have sent a link to change the password there. It is valid for an hour.',
  forgotPasswordTitle: 'Password recovery',
  forgotPasswordIntro:
    'Enter the telephone number you sign in with. If an e-mail address is added to the account, we will send a link to change the password there.',
  forgotPasswordNoMail:
    'This site does not send e-mails: to change your password, contact your school’s operator — they will give you a one-time link.',
  forgotPasswordSubmit: 'Send link',
  forgotPasswordSent: 'Check your e-mail',
  forgotPasswordNoEmailHint:
    'No e-mail? Check your spam folder. If no e-mail address is added to the account, contact your school’s operator.',
  forgotPasswordBackToLogin: 'Back to sign-in',
  forgotPasswordFailed: 'The request could not be sent. Please try again.',
  resetMailSubject: 'Urok: password change',
  resetMailGreeting: icu<[name: string]>('Hello, {name}!', 'name'),
  resetMailBody:
    'Someone (perhaps you) asked to change the password of your Urok account. Open the link within an hour to set a new password. The link works once.',
  resetMailOpen: 'Set a new password',
  resetMailIgnore:
    'If you did not ask to change your password, just ignore this e-mail: your password stays the same.',

  changePasswordTitle: 'Change password',
  changePasswordIntro:
    'After the change, every other device where you are signed in is signed out.',
  labelCurrentPassword: 'Current password',
  labelNewPassword: 'New password',
  labelConfirmNewPassword: 'Confirm new password',
  showCurrentPassword: 'Show current password',
  hideCurrentPassword: 'Hide current password',
  showNewPassword: 'Show new password',
  hideNewPassword: 'Hide new password',
  showConfirmNewPassword: 'Show confirm new password',
  hideConfirmNewPassword: 'Hide confirm new password',
  changePasswordAction: 'Change password',
  passwordChangeFailed: 'The password was not changed.',

  pageResetPassword: 'Reset password',
  resetPasswordIntro: 'Choose a new password for your account.',
  resetPasswordAction: 'Set new password',
  resetPasswordFailed: 'The password was not reset.',
  resetTokenMissing: 'This link has no reset token. Ask the administrator for a new one.',
  goToSignIn: 'Go to Sign In',

  passwordTooCommon: 'This password is too common. Choose another one.',
  // Beside the password change's fields on /settings: worded apart from them.
  labelProfileCurrentPassword: 'Your password (to confirm)',
  showProfileCurrentPassword: 'Show your password',
  hideProfileCurrentPassword: 'Hide your password',
  telephoneChangeHint:
    'Your telephone number is your sign-in name: to change it, enter your current password.',
  telephoneChangeNeedsPassword: 'To change your telephone number, enter your current password.',
  telephoneChangePasswordWrong: 'The current password is wrong.',
};
