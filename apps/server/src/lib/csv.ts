/**
 * CSV for spreadsheets (RFC 4180, CRLF lines), with a UTF-8 byte order mark
 * so Excel reads Cyrillic.
 *
 * Every cell is quoted, so no text inside a cell can end it, whichever
 * separator the reader's locale uses: a Ukrainian-locale Excel splits on
 * `;`, and an unquoted `x;=HYPERLINK(…)` became a cell of its own starting
 * with `=`. A cell whose text starts a formula (= + - @, tab or carriage
 * return, also after leading spaces, and the full-width ＝ ＋ － ＠) gets a
 * leading ' (OWASP "CSV injection"). Text after a `;`, `,` or line break
 * inside a cell is left as written: inside quotes it never starts a cell,
 * and changing it would change what a teacher wrote (docs/decisions.md).
 */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return UTF8_BOM + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
