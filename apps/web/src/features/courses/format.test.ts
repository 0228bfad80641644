import { describe, expect, it } from 'vitest';
import { setLanguageSource } from '@urok/contract';
import '@urok/contract/locales/en';
import { formatFileSize, formatGrade, fromDateTimeLocal, isPast, toDateTimeLocal } from './format';

describe('course formatting', () => {
  it('a datetime-local value goes to ISO and back (local time)', () => {
    const iso = fromDateTimeLocal('2030-06-01T18:30');
    expect(iso).toBe(new Date(2030, 5, 1, 18, 30).toISOString());
    expect(toDateTimeLocal(iso)).toBe('2030-06-01T18:30');
  });
  it("no deadline is '' both ways; an unreadable value is passed on for checkCourse", () => {
    expect(fromDateTimeLocal('')).toBe('');
    expect(toDateTimeLocal(null)).toBe('');
    expect(fromDateTimeLocal('soon')).toBe('soon');
  });
  it('file sizes in Б, КБ, МБ', () => {
    expect(formatFileSize(512)).toBe('512 Б');
    expect(formatFileSize(2048)).toBe('2 КБ');
    expect(formatFileSize(5.5 * 1024 * 1024)).toBe('5,5 МБ');
  });
  it('sizes and points in English', () => {
    setLanguageSource(() => 'en');
    try {
      expect(formatFileSize(512)).toBe('512 B');
      expect(formatFileSize(3.45 * 1024)).toBe('3.5 KB');
      expect(formatFileSize(2.25 * 1024 ** 3)).toBe('2.3 GB');
      expect(formatGrade({ points: 9.5, grade: '9,5' }, 12)).toMatch(/^9[.,]5 \/ 12$/);
    } finally {
      setLanguageSource(() => 'uk');
    }
  });
  it("a grade is '11 / 12' with its maximum, else the grade as given, else null", () => {
    expect(formatGrade({ points: 11, grade: '11' }, 12)).toBe('11 / 12');
    expect(formatGrade({ points: 9.5, grade: '9,5' }, 12)).toBe('9,5 / 12');
    expect(formatGrade({ points: 11, grade: '11' }, undefined)).toBe('11');
    expect(formatGrade({ points: null, grade: 'відмінно' }, 12)).toBe('відмінно');
    expect(formatGrade({ points: null, grade: null }, 12)).toBeNull();
  });
  it('a deadline has passed only when it is in the past', () => {
    expect(isPast('2020-01-01T00:00:00.000Z')).toBe(true);
    expect(isPast('2999-01-01T00:00:00.000Z')).toBe(false);
    expect(isPast(null)).toBe(false);
  });
});
