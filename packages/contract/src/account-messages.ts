/**
 * The words of password change (/settings) and reset (/reset-password), and
 * the API's answers to them. A module of its own, like course-messages.ts,
 * so the entry chunk that /login loads does not carry them.
 * English: locales/en/account.ts.
 */
import { defineMessages, icu } from './i18n/catalog.ts';

export const accountMessages = defineMessages('account', {
  // API answers
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'The current password is wrong.',
  newPasswordSameAsCurrent: 'The new password must differ from the current one.',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  resetTokenInvalid:
    'This reset link is invalid, expired or already used. Ask the administrator for a new one.',
  passwordResetDone: 'Password changed. Sign in with the new password.',

  // ---- forgot password (DESIGN section 17) ----
  forgotPasswordAccepted:
    'Якщо до облікового запису з цим номером додано e-mail, ми надіслали туди посилання для зміни пароля. Воно діє годину.',
  forgotPasswordTitle: 'Відновлення пароля',
  forgotPasswordIntro:
    'Введіть номер телефону, з яким ви входите. Якщо до облікового запису додано e-mail, ми надішлемо туди посилання для зміни пароля.',
  forgotPasswordNoMail:
    'Листи з цього сайту не надсилаються: щоб змінити пароль, зверніться до оператора вашої школи — він дасть одноразове посилання.',
  forgotPasswordSubmit: 'Надіслати посилання',
  forgotPasswordSent: 'Перевірте пошту',
  forgotPasswordNoEmailHint:
    'Не надійшов лист? Перевірте «Спам». Якщо e-mail до облікового запису не додано, зверніться до оператора школи.',
  forgotPasswordBackToLogin: 'Повернутися до входу',
  forgotPasswordFailed: 'Не вдалося надіслати запит. Спробуйте ще раз.',
  resetMailSubject: 'Урок: зміна пароля',
  resetMailGreeting: icu<[name: string]>('Вітаємо, {name}!', 'name'),
  resetMailBody:
    'Хтось (можливо, ви) попросив змінити пароль до вашого облікового запису на «Урок». Відкрийте посилання протягом години, щоб задати новий пароль. Посилання діє один раз.',
  resetMailOpen: 'Задати новий пароль',
  resetMailIgnore:
    'Якщо ви не просили змінити пароль, просто проігноруйте цей лист: пароль лишиться тим самим.',
  // ---- end of forgot password section ----

  // Settings: change password
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

  // /reset-password
  pageResetPassword: 'Reset password',
  resetPasswordIntro: 'Choose a new password for your account.',
  resetPasswordAction: 'Set new password',
  resetPasswordFailed: 'The password was not reset.',
  resetTokenMissing: 'This link has no reset token. Ask the administrator for a new one.',
  goToSignIn: 'Go to Sign In',

  // ---- accounts: common passwords and the telephone change ----
  // The server refuses a new password from the list of the most common ones
  // (sign-up, password change, reset), beside the specification's rule.
  passwordTooCommon: 'Цей пароль надто поширений. Оберіть інший.',
  // The telephone is the sign-in name: changing it in the profile asks for the current password.
  labelProfileCurrentPassword: 'Поточний пароль',
  showProfileCurrentPassword: 'Показати поточний пароль',
  hideProfileCurrentPassword: 'Сховати поточний пароль',
  telephoneChangeHint: 'Телефон — ваше ім’я для входу: щоб змінити його, введіть поточний пароль.',
  telephoneChangeNeedsPassword: 'Щоб змінити телефон, введіть поточний пароль.',
  telephoneChangePasswordWrong: 'Поточний пароль неправильний.',
  // ---- end of accounts section ----
} as const);
