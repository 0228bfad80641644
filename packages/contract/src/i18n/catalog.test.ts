import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it } from 'vitest';
import '../index.ts';
import { english } from '../locales/en/index.ts';
import { messages } from '../messages.ts';
import { signInMessages } from '../sign-in-messages.ts';
import {
  icu,
  setLanguageSource,
  sourceCatalogs,
  translationCatalogs,
  type IcuMessage,
} from './catalog.ts';
import { formatDate, formatFileSize, formatNumber, formatRelative } from './format.ts';
import { languageFromHeader, preferredLanguage, type Language } from './languages.ts';

function speak(language: Language) {
  setLanguageSource(() => language);
}
afterEach(() => speak('uk'));

describe('plural forms (ICU, through Lingui)', () => {
  const lessons = {
    uk: icu<[count: number]>(
      '{count, plural, one {# урок} few {# уроки} many {# уроків} other {# уроку}}',
      'count',
    ),
    en: icu<[count: number]>('{count, plural, one {# lesson} other {# lessons}}', 'count'),
  };
  const counts = [0, 1, 2, 5, 11, 21, 22, 25, 1.5];

  it('Ukrainian: one, few, many and other', () => {
    speak('uk');
    expect(counts.map((count) => lessons.uk(count))).toEqual([
      '0 уроків',
      '1 урок',
      '2 уроки',
      '5 уроків',
      '11 уроків',
      '21 урок',
      '22 уроки',
      '25 уроків',
      '1,5 уроку',
    ]);
  });

  it('English: one and other', () => {
    speak('en');
    expect(counts.map((count) => lessons.en(count))).toEqual([
      '0 lessons',
      '1 lesson',
      '2 lessons',
      '5 lessons',
      '11 lessons',
      '21 lessons',
      '22 lessons',
      '25 lessons',
      '1.5 lessons',
    ]);
  });

  it("a catalog's message: the quota of files in both languages", () => {
    expect(messages.quotaUserFiles(21)).toBe(
      'Перевищено квоту користувача: 21 файл. Видаліть неоцінені роботи, які вже не потрібні.',
    );
    expect(messages.quotaCourseFiles(3)).toMatch(/^Перевищено квоту курсу: 3 файли\./);
    expect(messages.quotaUserBytes(5 * 1024 * 1024)).toMatch(/: 5 МБ на всі ваші роботи/);
    expect(messages.quotaUserBytes(1500)).toMatch(/: 2 КБ на всі ваші роботи/);
    speak('en');
    expect(messages.quotaUserFiles(1)).toMatch(/^User quota exceeded: 1 file\./);
    expect(messages.quotaUserFiles(21)).toMatch(/^User quota exceeded: 21 files\./);
    expect(messages.quotaCourseBytes(5 * 1024 * 1024)).toMatch(/: 5 MB for all submissions/);
  });
});

describe("a value's text is kept as it was given", () => {
  it('backslashes and escape-like sequences in a value are not decoded', () => {
    const greeting = icu<[name: string]>('Вітаємо, {name}!', 'name');
    expect(greeting('a\\u0041b \\x41 \\n \\\\')).toBe('Вітаємо, a\\u0041b \\x41 \\n \\\\!');
    expect(greeting('\ue000\\u0041')).toBe('Вітаємо, \ue000\\u0041!');
  });
});

describe('formatting through Intl', () => {
  // Intl's spaces inside numbers and units are no-break ones (which depends on the ICU data).
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  const at = new Date('2026-11-26T10:05:00Z');

  it('numbers and points', () => {
    expect([formatNumber(9.5, 'uk'), plain(formatNumber(1500, 'uk'))]).toEqual(['9,5', '1 500']);
    expect([formatNumber(9.5, 'en'), formatNumber(1500, 'en')]).toEqual(['9.5', '1,500']);
  });

  it('dates, times and relative times', () => {
    expect(plain(formatDate(at, { dateStyle: 'long' }, 'uk'))).toBe('26 листопада 2026 р.');
    expect(formatDate(at, { dateStyle: 'long' }, 'en')).toBe('26 November 2026');
    expect(formatDate(at, { timeStyle: 'short' }, 'uk')).toBe('12:05');
    expect(formatRelative(at.getTime() - 2 * 3600_000, at.getTime(), 'uk')).toBe('2 години тому');
    expect(formatRelative(at.getTime() - 2 * 3600_000, at.getTime(), 'en')).toBe('2 hours ago');
    expect(formatRelative(at.getTime() + 3 * 86400_000, at.getTime(), 'uk')).toBe('через 3 дні');
  });

  it('file sizes', () => {
    expect(plain(formatFileSize(1.5 * 1024 * 1024, 'uk'))).toBe('1,5 МБ');
    expect(formatFileSize(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(formatFileSize(512, 'en')).toBe('512 byte');
  });
});

describe('the language of a request', () => {
  it('English only when English is preferred over Ukrainian', () => {
    expect(languageFromHeader('en-US,en;q=0.9')).toBe('en');
    expect(languageFromHeader('uk-UA,uk;q=0.9,en;q=0.8')).toBe('uk');
    expect(languageFromHeader('en;q=0.5,uk;q=0.9')).toBe('uk');
    expect(languageFromHeader('ru-RU,ru;q=0.9,en;q=0.8')).toBe('en');
    expect(languageFromHeader('de, en;q=0')).toBe('uk');
    expect(languageFromHeader('')).toBe('uk');
    expect(languageFromHeader(undefined)).toBe('uk');
    expect(languageFromHeader('*')).toBe('uk');
    expect(preferredLanguage(['en-GB', 'uk'])).toBe('en');
    expect(preferredLanguage(['ru', 'uk', 'en'])).toBe('uk');
  });
});

describe('the catalogs', () => {
  it('a view reads the active language; the Ukrainian texts are unchanged', () => {
    expect(signInMessages.loginFailed).toBe('Невірний номер телефону або пароль');
    expect(messages.loginFailed).toBe('Невірний номер телефону або пароль');
    speak('en');
    expect(signInMessages.loginFailed).toBe('Wrong telephone number or password');
    expect(messages.loginFailed).toBe('Wrong telephone number or password');
    expect(messages.courseNotFound).toBe('Course not found.');
  });

  /** The names of an ICU message's values, read from Lingui's compiled form. */
  function argumentNames(message: unknown, names = new Set<string>()): string[] {
    const tokens = typeof message === 'string' ? compileMessage(message) : message;
    if (Array.isArray(tokens))
      for (const token of tokens) {
        if (!Array.isArray(token)) continue;
        names.add(String(token[0]));
        if (token[2] && typeof token[2] === 'object')
          for (const branch of Object.values(token[2] as object)) argumentNames(branch, names);
      }
    return [...names].sort();
  }

  it('every translated module has the same keys, kinds of message and placeholders', () => {
    const sources = sourceCatalogs();
    for (const [namespace, translation] of translationCatalogs('en')) {
      const source = sources.get(namespace);
      expect(source, namespace).toBeDefined();
      expect(Object.keys(translation).sort(), namespace).toEqual(Object.keys(source!).sort());
      for (const [key, value] of Object.entries(source!)) {
        const other = translation[key];
        const where = `${namespace}.${key}`;
        expect(typeof other, where).toBe(typeof value);
        const icuSource = value as Partial<IcuMessage<unknown[]>>;
        const icuOther = other as Partial<IcuMessage<unknown[]>>;
        expect(Array.isArray(icuOther.params), where).toBe(Array.isArray(icuSource.params));
        if (icuSource.params) {
          expect(icuOther.params, where).toEqual(icuSource.params);
          expect(argumentNames(icuOther.message), where).toEqual(argumentNames(icuSource.message));
        }
      }
    }
  });

  it('modules not yet translated are named here, and every other one is', () => {
    const untranslated = [...sourceCatalogs().keys()].filter(
      (namespace) => !translationCatalogs('en').has(namespace),
    );
    // Each namespace leaves this list when its English module is added to locales/en.
    expect(untranslated.sort()).toEqual(UNTRANSLATED.slice().sort());
    expect(Object.keys(english).sort()).toEqual([...translationCatalogs('en').keys()].sort());
  });
});

const UNTRANSLATED: string[] = [];
