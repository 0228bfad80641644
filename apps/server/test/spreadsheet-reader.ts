/**
 * Reads CSV text as a spreadsheet does on import: a quote opens or closes
 * quoted text anywhere in a cell, `""` inside quotes is one quote, and only
 * `delimiter` or a line break outside quotes ends a cell. Excel in a
 * Ukrainian locale reads with ';', in an English one with ','.
 */
export function readAsSpreadsheet(text: string, delimiter: ',' | ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      i += 1;
      endRow();
    } else if (c === '\n') endRow();
    else cell += c;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** What a spreadsheet runs as a formula: = + - @ (or their full-width forms) after any spaces, or a leading tab or CR. */
export function isFormulaCell(cell: string): boolean {
  return /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u.test(cell);
}
