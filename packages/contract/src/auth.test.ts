import { describe, expect, it } from 'vitest';
import {
  changesTelephone,
  checkProfile,
  checkRegistration,
  checkTelephoneChange,
} from './account-checks.ts';
import { accountMessages } from './account-messages.ts';
import { checkLogin } from './auth.ts';
import {
  getUserBodySchema,
  loginBodySchema,
  registerBodySchema,
  updateUserBodySchema,
  userSchema,
} from './schemas/index.ts';
import { messages } from './messages.ts';

const login = { telephone: '+380501112233', password: 'Secret2024' };
const registration = {
  username: 'Olena',
  email: 'olena@example.com',
  telephone: '+380501112233',
  password: 'Secret2024',
};
const profile = {
  username: 'Olena',
  telephone: '+380501112233',
  email: 'olena@example.com',
  bio: '',
};

describe('checkLogin (spec section 5)', () => {
  it('passes a valid form', () => {
    expect(checkLogin(login)).toBeNull();
  });
  it('checks the telephone first, then the password', () => {
    expect(checkLogin({ telephone: 'x', password: 'x' })).toEqual({
      message: messages.telephoneInvalid,
      fields: ['telephone'],
    });
    expect(checkLogin({ ...login, password: 'secret2024' })).toEqual({
      message: messages.passwordInvalid,
      fields: ['password'],
    });
  });
  it('uses the specification texts', () => {
    expect(messages.telephoneInvalid).toBe('Please enter a valid telephone number.');
    expect(messages.passwordInvalid).toBe(
      'Password must be at least 8 characters long and contain at least one uppercase letter.',
    );
  });
});

describe('checkRegistration: the four checks in the specification order, then format and terms', () => {
  it('passes a valid form, with or without the confirmation and terms', () => {
    expect(checkRegistration(registration)).toBeNull();
    expect(
      checkRegistration({ ...registration, confirmPassword: 'Secret2024', acceptTerms: true }),
    ).toBeNull();
  });

  it('1. a username shorter than 3 wins over everything else', () => {
    expect(checkRegistration({ username: 'ab', email: '', telephone: '', password: '' })).toEqual({
      message: 'Username must be at least 3 characters long.',
      fields: ['username'],
    });
    expect(checkRegistration({ ...registration, username: '  ab  ' })?.message).toBe(
      messages.usernameTooShort,
    );
  });

  it('2. then any empty field, naming every empty one', () => {
    expect(checkRegistration({ ...registration, email: '', password: ' ' })).toEqual({
      message: 'Please fill in all fields.',
      fields: ['email', 'password'],
    });
    expect(checkRegistration({ ...registration, confirmPassword: '' })).toEqual({
      message: messages.fillAllFields,
      fields: ['confirmPassword'],
    });
  });

  it('3. then the password rule, in Ukrainian', () => {
    for (const password of ['short1A', 'nouppercase1']) {
      expect(
        checkRegistration({ ...registration, password, telephone: 'bad', email: 'bad' }),
      ).toEqual({
        message: 'Пароль має містити щонайменше 8 символів і одну велику літеру.',
        fields: ['password'],
      });
    }
  });

  it('4. then the confirmation', () => {
    expect(checkRegistration({ ...registration, confirmPassword: 'Secret2025' })).toEqual({
      message: 'Passwords do not match.',
      fields: ['password', 'confirmPassword'],
    });
  });

  it('then lengths, telephone and email formats', () => {
    expect(checkRegistration({ ...registration, password: `A${'a'.repeat(128)}` })?.message).toBe(
      messages.passwordTooLong,
    );
    expect(checkRegistration({ ...registration, username: 'a'.repeat(41) })?.message).toBe(
      messages.usernameTooLong,
    );
    expect(checkRegistration({ ...registration, telephone: '0501112233', email: 'bad' })).toEqual({
      message: messages.telephoneInvalid,
      fields: ['telephone'],
    });
    expect(checkRegistration({ ...registration, email: 'bad' })).toEqual({
      message: messages.emailInvalid,
      fields: ['email'],
    });
  });

  it('and last the terms (docs/decisions.md), only when the form sends them', () => {
    expect(
      checkRegistration({ ...registration, confirmPassword: 'Secret2024', acceptTerms: false }),
    ).toEqual({
      message: 'Please accept the terms.',
      fields: ['acceptTerms'],
    });
  });
});

describe('checkProfile', () => {
  it('passes a valid profile', () => {
    expect(checkProfile(profile)).toBeNull();
  });
  it("an empty email says 'Заповніть поле' first", () => {
    expect(checkProfile({ ...profile, email: ' ', username: '' })).toEqual({
      message: 'Заповніть поле',
      fields: ['email'],
    });
  });
  it.each([
    [{ username: 'ab' }, messages.usernameTooShort, 'username'],
    [{ username: 'a'.repeat(41) }, messages.usernameTooLong, 'username'],
    [{ telephone: '+0' }, messages.telephoneInvalid, 'telephone'],
    [{ email: 'nobody' }, messages.emailInvalid, 'email'],
    [{ bio: 'b'.repeat(1001) }, messages.bioTooLong, 'bio'],
  ])('%j → %s', (overrides, message, field) => {
    expect(checkProfile({ ...profile, ...overrides })).toEqual({ message, fields: [field] });
  });
});

describe('checkTelephoneChange (docs/decisions.md, changing the telephone)', () => {
  const current = '+380501112233';
  it('the same number in any spelling is no change, and needs no password', () => {
    for (const telephone of ['+380501112233', '380501112233', ' 380501112233 ']) {
      expect(changesTelephone(current, telephone)).toBe(false);
      expect(checkTelephoneChange(current, { telephone })).toBeNull();
    }
  });
  it('a new number needs the current password', () => {
    expect(changesTelephone(current, '+380501112234')).toBe(true);
    for (const currentPassword of [undefined, '']) {
      expect(checkTelephoneChange(current, { telephone: '380501112234', currentPassword })).toEqual(
        {
          message: accountMessages.telephoneChangeNeedsPassword,
          fields: ['currentPassword'],
        },
      );
    }
    expect(
      checkTelephoneChange(current, { telephone: '380501112234', currentPassword: 'Secret2024' }),
    ).toBeNull();
  });
});

describe('API body schemas', () => {
  it('registerBodySchema reports the check as issues on the named fields', () => {
    const result = registerBodySchema.safeParse({ ...registration, email: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', messages.fillAllFields],
    ]);
  });

  it('strips unknown keys such as isAdmin', () => {
    const register = registerBodySchema.parse({ ...registration, isAdmin: true });
    expect(register).toEqual(registration);
    const update = updateUserBodySchema.parse({ ...profile, isAdmin: true });
    expect(update).toEqual(profile);
    const user = userSchema.parse({
      _id: '1',
      ...profile,
      isAdmin: false,
      isOperator: false,
      createdAt: 'now',
      language: 'uk',
      password_hash: 'x',
    });
    expect(user).not.toHaveProperty('password_hash');
  });

  it('refuses wrong types with the field message, never throwing', () => {
    expect(
      loginBodySchema.safeParse({ telephone: 1, password: [] }).error?.issues.map((i) => i.message),
    ).toEqual([messages.telephoneInvalid, messages.passwordInvalid]);
    expect(registerBodySchema.safeParse(null).success).toBe(false);
    expect(registerBodySchema.safeParse('x').success).toBe(false);
  });

  it('caps huge strings with the precise message', () => {
    const huge = 'x'.repeat(100_000);
    expect(
      registerBodySchema.safeParse({ ...registration, username: huge }).error?.issues[0]?.message,
    ).toBe(messages.usernameTooLong);
    expect(
      registerBodySchema.safeParse({ ...registration, password: `A${huge}` }).error?.issues[0]
        ?.message,
    ).toBe(messages.passwordTooLong);
    expect(
      updateUserBodySchema.safeParse({ ...profile, bio: huge }).error?.issues[0]?.message,
    ).toBe(messages.bioTooLong);
  });

  it('updateUserBodySchema takes an optional currentPassword, a string of bounded length', () => {
    expect(updateUserBodySchema.parse({ ...profile, currentPassword: 'Secret2024' })).toEqual({
      ...profile,
      currentPassword: 'Secret2024',
    });
    expect(updateUserBodySchema.parse(profile)).not.toHaveProperty('currentPassword');
    expect(
      updateUserBodySchema.safeParse({ ...profile, currentPassword: 5 }).error?.issues[0]?.message,
    ).toBe(accountMessages.telephoneChangeNeedsPassword);
    expect(
      updateUserBodySchema.safeParse({ ...profile, currentPassword: 'x'.repeat(10_000) }).success,
    ).toBe(false);
  });

  it('updateUserBodySchema defaults a missing bio to empty', () => {
    const { bio: _bio, ...withoutBio } = profile;
    expect(updateUserBodySchema.parse(withoutBio).bio).toBe('');
  });

  it('getUserBodySchema takes a token, nothing, or null (a bodiless request)', () => {
    expect(getUserBodySchema.parse({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(getUserBodySchema.parse(undefined)).toBeUndefined();
    expect(getUserBodySchema.parse(null)).toBeNull();
    expect(getUserBodySchema.safeParse({ token: 5 }).success).toBe(false);
  });
});
