const MAX_CELL = 40;

/**
 * Characters that could drive the operator's terminal or change what it
 * shows: C0 controls but tab and line feed (ESC starts an escape sequence),
 * DEL, C1 controls (U+009B is a one-character CSI), and the bidirectional
 * embeddings, overrides and isolates. The contract refuses them in every
 * text field; rows stored before that, or written past the API, may still
 * hold them.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu;

/** `text` with each such character written out as `\uXXXX`: data can be read, never run. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function fit(value: string): string {
  const flat = printable(value.replace(/\s+/g, ' '));
  return flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
}

/** A plain-text table: a header row, a rule, then the rows; long cells are cut to fit a terminal. */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const cells = rows.map((row) => row.map(fit));
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...cells.map((row) => (row[i] ?? '').length)),
  );
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** '2025-03-01T09:30:12.000Z' → '2025-03-01 09:30 UTC'. */
export function formatTimestamp(iso: string | null): string {
  if (!iso) return '—';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
