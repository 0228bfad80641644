const MAX_CELL = 40;

function fit(value: string): string {
  const flat = value.replace(/\s+/g, ' ');
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
