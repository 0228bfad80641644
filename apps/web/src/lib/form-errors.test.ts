import { describe, expect, it } from 'vitest';
import { fromCheck, fromServer, firstInvalidField } from './form-errors';

describe('form errors', () => {
  it('a check naming one field puts its message next to that field', () => {
    expect(fromCheck({ message: 'Bad phone', fields: ['telephone'] })).toEqual({
      message: null,
      fields: { telephone: 'Bad phone' },
    });
  });

  it('a check naming several fields shows one message above and marks each field', () => {
    expect(fromCheck({ message: 'Fill all', fields: ['email', 'password'] })).toEqual({
      message: 'Fill all',
      fields: { email: '', password: '' },
    });
  });

  it('server field messages go next to the fields the form has', () => {
    const errors = fromServer(
      { message: 'Taken', status: 409, fields: { telephone: 'Taken', other: 'x' } },
      ['username', 'telephone'] as const,
    );
    expect(errors).toEqual({ message: null, fields: { telephone: 'Taken' } });
  });

  it('a server error without known fields is shown above the form', () => {
    expect(fromServer({ message: 'Nope', status: 401 }, ['telephone'] as const)).toEqual({
      message: 'Nope',
      fields: {},
    });
  });

  it('finds the first invalid field in form order', () => {
    expect(firstInvalidField({ message: null, fields: { c: '', a: 'x' } }, ['a', 'b', 'c'])).toBe(
      'a',
    );
  });
});
