import { afterEach, describe, expect, it } from 'vitest';
import { adminMessages } from './admin-messages.ts';
import { ADMIN_LIMITS, checkAdminSearch, checkDecisionNote, roleOf } from './admin.ts';
import { setLanguageSource } from './i18n/catalog.ts';
import './locales/en/index.ts';
import { messages } from './messages.ts';
import { applicationDecisionBodySchema, setRoleBodySchema } from './schemas/admin.ts';

describe('operator console rules', () => {
  it('an account has one console role: operator first, then teacher, else student', () => {
    expect(roleOf({ isAdmin: true, isOperator: true })).toBe('operator');
    expect(roleOf({ isAdmin: true, isOperator: false })).toBe('teacher');
    expect(roleOf({ isAdmin: false, isOperator: false })).toBe('student');
  });

  it('the decision note and the search share their limits with the API schemas', () => {
    const long = 'я'.repeat(ADMIN_LIMITS.note.max + 1);
    expect(checkDecisionNote({ note: long })).toEqual({
      message: messages.adminNoteTooLong,
      fields: ['note'],
    });
    expect(checkDecisionNote({ note: 'Добре' })).toBeNull();
    expect(applicationDecisionBodySchema.safeParse({ note: long }).success).toBe(false);
    expect(applicationDecisionBodySchema.parse(undefined)).toBeUndefined();
    expect(checkAdminSearch({ q: 'x'.repeat(101) })?.fields).toEqual(['q']);
    // The role call sets student or teacher; the operator flag is a call of its own.
    expect(setRoleBodySchema.safeParse({ role: 'operator' }).success).toBe(false);
  });
});

describe("the console's stored size", () => {
  afterEach(() => setLanguageSource(() => 'uk'));

  it('KB, MB or GB with the same decimals in both languages', () => {
    const sizes = [1536, 5 * 1024 * 1024, 3 * 1024 ** 3];
    expect(sizes.map((bytes) => adminMessages.bytes(bytes))).toEqual([
      '1.5 КБ',
      '5.0 МБ',
      '3.00 ГБ',
    ]);
    setLanguageSource(() => 'en');
    expect(sizes.map((bytes) => adminMessages.bytes(bytes))).toEqual([
      '1.5 KB',
      '5.0 MB',
      '3.00 GB',
    ]);
  });
});
