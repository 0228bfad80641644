import { describe, expect, it } from 'vitest';
import { accountMessages } from './account-messages.ts';
import { checkPasswordChange, checkPasswordReset } from './password-checks.ts';
import { messages } from './messages.ts';
import { changePasswordBodySchema, resetPasswordBodySchema } from './schemas/index.ts';

describe('checkPasswordChange', () => {
  const valid = {
    currentPassword: 'Old12345',
    newPassword: 'Fresh2024',
    confirmNewPassword: 'Fresh2024',
  };
  it('passes a valid form, and the API body without the confirmation', () => {
    expect(checkPasswordChange(valid)).toBeNull();
    expect(checkPasswordChange({ currentPassword: 'x', newPassword: 'Fresh2024' })).toBeNull();
  });
  it('checks in order: current given, new by the registration rule, confirmation, differs from current', () => {
    expect(checkPasswordChange({ ...valid, currentPassword: '' })).toEqual({
      message: accountMessages.currentPasswordRequired,
      fields: ['currentPassword'],
    });
    expect(
      checkPasswordChange({ ...valid, newPassword: 'short', confirmNewPassword: 'short' })?.message,
    ).toBe(messages.passwordInvalidUk);
    expect(
      checkPasswordChange({ ...valid, newPassword: 'lowercase1', confirmNewPassword: 'lowercase1' })
        ?.message,
    ).toBe(messages.passwordInvalidUk);
    expect(checkPasswordChange({ ...valid, confirmNewPassword: 'Fresh2025' })).toEqual({
      message: messages.passwordsDoNotMatch,
      fields: ['newPassword', 'confirmNewPassword'],
    });
    const long = `A${'a'.repeat(128)}`;
    expect(checkPasswordChange({ currentPassword: 'x', newPassword: long })?.message).toBe(
      messages.passwordTooLong,
    );
    expect(
      checkPasswordChange({ currentPassword: 'Fresh2024', newPassword: 'Fresh2024' })?.message,
    ).toBe(accountMessages.newPasswordSameAsCurrent);
  });
  it('the schema names the field at fault and refuses non-strings', () => {
    const parsed = changePasswordBodySchema.safeParse({
      currentPassword: 'Old12345',
      newPassword: 'weak',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['newPassword'],
      message: messages.passwordInvalidUk,
    });
    expect(
      changePasswordBodySchema.safeParse({ currentPassword: 1, newPassword: 'Fresh2024' }).success,
    ).toBe(false);
  });
});

describe('checkPasswordReset', () => {
  it('needs a token and a new password by the registration rule', () => {
    expect(
      checkPasswordReset({ token: 'abc', password: 'Fresh2024', confirmPassword: 'Fresh2024' }),
    ).toBeNull();
    expect(checkPasswordReset({ token: ' ', password: 'Fresh2024' })?.fields).toEqual(['token']);
    expect(checkPasswordReset({ token: 'abc', password: 'fresh2024' })?.message).toBe(
      messages.passwordInvalidUk,
    );
    expect(
      checkPasswordReset({ token: 'abc', password: 'Fresh2024', confirmPassword: 'x' })?.message,
    ).toBe(messages.passwordsDoNotMatch);
    expect(
      resetPasswordBodySchema.safeParse({ token: 'a'.repeat(300), password: 'Fresh2024' }).success,
    ).toBe(false);
  });
});
