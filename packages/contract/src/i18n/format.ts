import { currentLanguage } from './catalog.ts';
import type { Language } from './languages.ts';

/**
 * Numbers, points, dates, times and sizes in the active language (DESIGN
 * section 16), through `Intl` only: '9,5' / '9.5', '1 500' / '1,500'.
 * Each takes the language explicitly too, for a mail or a test.
 */
const tags: Record<Language, string> = { uk: 'uk-UA', en: 'en-GB' };

export function formatNumber(
  value: number,
  language: Language = currentLanguage(),
  options: Intl.NumberFormatOptions = {},
): string {
  return new Intl.NumberFormat(tags[language], { maximumFractionDigits: 2, ...options }).format(
    value,
  );
}

export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  language: Language = currentLanguage(),
): string {
  return new Intl.DateTimeFormat(tags[language], { timeZone: 'Europe/Kyiv', ...options }).format(
    new Date(value),
  );
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** '2 години тому' / '2 hours ago', 'через 3 дні' / 'in 3 days'. */
export function formatRelative(
  value: Date | string | number,
  now: number = Date.now(),
  language: Language = currentLanguage(),
): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const [unit, size] = UNITS.find(([, span]) => Math.abs(seconds) >= span) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(tags[language], { numeric: 'auto' }).format(
    Math.trunc(seconds / size),
    unit,
  );
}

const SIZES: Array<['byte' | 'kilobyte' | 'megabyte' | 'gigabyte', number]> = [
  ['gigabyte', 1024 ** 3],
  ['megabyte', 1024 ** 2],
  ['kilobyte', 1024],
  ['byte', 1],
];

/** A file's size: '1,5 МБ' / '1.5 MB' (binary multiples, one decimal). */
export function formatFileSize(bytes: number, language: Language = currentLanguage()): string {
  const [unit, size] = SIZES.find(([, span]) => bytes >= span) ?? ['byte', 1];
  return new Intl.NumberFormat(tags[language], {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(bytes / size);
}
