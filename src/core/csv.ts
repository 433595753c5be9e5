/**
 * CSV that opens cleanly in Excel (the leads and admin exports): UTF-8 with a byte-order mark so Arabic
 * survives, CRLF line ends, RFC 4180 quoting, and cells that Excel would run as formulas
 * (starting with = + - @ or a control character) prefixed with an apostrophe (OWASP CSV injection).
 */
export type CsvCell = string | number | boolean | Date | null | undefined;

export const CSV_BOM = '\uFEFF';

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRow(cells: CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole document: BOM, header row, rows. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return CSV_BOM + csvRow(header) + rows.map(csvRow).join('');
}
