/**
 * CSV for spreadsheets (RFC 4180, CRLF lines), with a UTF-8 byte order mark
 * so Excel reads Cyrillic, and cells that a spreadsheet would run as a
 * formula (= + - @, tab, carriage return) prefixed with ' (OWASP "CSV
 * injection").
 */
export const UTF8_BOM = '\uFEFF';

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return UTF8_BOM + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
