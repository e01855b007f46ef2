import Papa from 'papaparse';

/**
 * The one CSV writer of the product (price export, booking search, petty cash, guest analysis...),
 * built on papaparse, shared by the server and the console.
 *
 * - A UTF-8 BOM first: without it Japanese Excel reads the file as Shift_JIS and garbles it.
 * - CRLF after every row, the last one included (what Excel writes and expects).
 * - Cells are quoted only where papaparse decides they must be (a comma, a quote, a line break, a
 *   leading or trailing space).
 * - OWASP CSV injection: a text cell that starts with = + - @, a tab or a carriage return would be
 *   read by a spreadsheet as a formula; it is written with a leading apostrophe ('=SUM(A1)) and quoted.
 *   Only text is guarded: numbers (a negative amount such as -1200) stay numbers.
 * - null and undefined are empty cells.
 */

export type CsvCell = string | number | null | undefined;

/** First characters a spreadsheet takes as the start of a formula (OWASP). */
export const CSV_FORMULA_START = /^[=+\-@\t\r]/;

export const CSV_BOM = '\uFEFF';
export const CSV_NEWLINE = '\r\n';

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const body = Papa.unparse([header, ...rows], {
    newline: CSV_NEWLINE,
    // papaparse's own default pattern (/^[=+\-@\t\r].*$/) misses a cell whose first line is a
    // formula followed by a line break; this one looks at the first character only.
    escapeFormulae: CSV_FORMULA_START,
  });
  return CSV_BOM + body + CSV_NEWLINE;
}
