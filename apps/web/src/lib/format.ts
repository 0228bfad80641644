import { formatDate, formatNumber, webUiMessages } from '@urok/contract';

/**
 * Numbers, sizes and dates as the web app shows them, in the active language
 * (DESIGN section 16), through the contract's Intl helpers: '9,5' / '9.5',
 * '3,4 КБ' / '3.4 KB', '12 черв. 2025 р., 18:00' / '12 Jun 2025, 18:00'.
 */

/** A number with at most `digits` decimals. */
export function formatDecimal(value: number, digits = 2): string {
  return formatNumber(value, undefined, { maximumFractionDigits: digits });
}

/** A whole amount: '1 500' / '1,500'. */
export function formatAmount(value: number): string {
  return formatNumber(value, undefined, { maximumFractionDigits: 0 });
}

/** A file's size in Б, КБ, МБ, ГБ (binary multiples, one decimal): '512 Б', '3,4 КБ'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return webUiMessages.sizeBytes(formatDecimal(bytes, 1));
  if (bytes < 1024 ** 2) return webUiMessages.sizeKilobytes(formatDecimal(bytes / 1024, 1));
  if (bytes < 1024 ** 3) return webUiMessages.sizeMegabytes(formatDecimal(bytes / 1024 ** 2, 1));
  return webUiMessages.sizeGigabytes(formatDecimal(bytes / 1024 ** 3, 1));
}

/**
 * An instant in the reader's time zone (or `timeZone`), by default as
 * '12 черв. 2025 р., 18:00'; an unreadable value is shown as given.
 */
export function formatDateTime(
  value: string | number | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? String(value)
    : formatDate(date, { timeZone: undefined, ...options });
}
