import { gradesMessages } from '@urok/contract';

/**
 * '12 черв. 2025 р., 18:00' in the reader's time zone; '512 Б', '3,4 КБ',
 * '12,5 МБ' — in the active language (lib/format.ts).
 */
export { formatDateTime, formatFileSize } from '../../lib/format';

/**
 * A grade as every page shows it: '11 / 12' (the points out of the
 * assignment's maximum) when both are known, else the grade as it was given
 * (an older free-text grade), else null (not graded).
 */
export function formatGrade(
  entry: { points: number | null; grade?: string | null },
  maxPoints: number | undefined,
): string | null {
  if (entry.points !== null && maxPoints !== undefined)
    return gradesMessages.points(entry.points, maxPoints);
  return entry.grade ?? null;
}

export function isPast(iso: string | null, now: number = Date.now()): boolean {
  if (!iso) return false;
  const time = Date.parse(iso);
  return !Number.isNaN(time) && time < now;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO date-time as the value of a datetime-local input, in local time ('' for none). */
export function toDateTimeLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local value (local time, no zone) as ISO 8601 in UTC; '' stays
 * '' (no deadline), and an unreadable value is passed on for checkCourse to refuse.
 */
export function fromDateTimeLocal(value: string): string {
  if (value.trim() === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
