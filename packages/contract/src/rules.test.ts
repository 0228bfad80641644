import { describe, expect, it } from 'vitest';
import { canonicalTelephone, isValidEmail, isValidPassword, isValidTelephone } from './rules.ts';

describe('isValidTelephone: optional +, a non-zero digit, then 1 to 14 digits', () => {
  it.each(['+380501112233', '380501112233', '12', '+123456789012345', '1234567890'])(
    'accepts %s',
    (value) => {
      expect(isValidTelephone(value)).toBe(true);
    },
  );
  it.each([
    '',
    '+',
    '1',
    '0501112233',
    '+0501112233',
    '+1234567890123456',
    '38050 111 22 33',
    '380-50-111',
    '++380501112233',
    'abc',
    ' 380501112233',
  ])('refuses %j', (value) => {
    expect(isValidTelephone(value)).toBe(false);
  });
});

describe('isValidPassword: at least 8 characters with an uppercase letter', () => {
  it.each(['Secret20', 'PASSWORD', 'пароль12Ж', 'aaaaaaaA'])('accepts %s', (value) => {
    expect(isValidPassword(value)).toBe(true);
  });
  it.each(['', 'Secret2', 'secret2024', '12345678', 'пароль1234'])('refuses %j', (value) => {
    expect(isValidPassword(value)).toBe(false);
  });
});

describe('isValidEmail', () => {
  it.each(['a@b.co', 'olena.kovalenko@urok.example', 'x+y@mail.com.ua'])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });
  it.each(['', 'a@b', 'ab.co', 'a b@c.d', '@b.co', `${'a'.repeat(250)}@b.co`])(
    'refuses %j',
    (value) => {
      expect(isValidEmail(value)).toBe(false);
    },
  );
});

describe('canonicalTelephone', () => {
  it('writes every valid number as + then the digits', () => {
    expect(canonicalTelephone('380501112233')).toBe('+380501112233');
    expect(canonicalTelephone('+380501112233')).toBe('+380501112233');
    expect(canonicalTelephone('380501112233')).toBe(canonicalTelephone('+380501112233'));
  });
});
