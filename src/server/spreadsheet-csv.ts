import Papa from "papaparse";

/**
 * A CSV as a spreadsheet in Poland opens it: semicolons between the cells (Polish Excel's list
 * separator; with commas every row landed in one column), CRLF lines, a BOM so the Polish letters are
 * read as UTF-8, and a cell that starts like a formula escaped.
 */
export function spreadsheetCsv(fields: string[], rows: unknown[][]): string {
  const csv = Papa.unparse({ fields, data: rows }, { delimiter: ";", escapeFormulae: true, newline: "\r\n" });
  return `\uFEFF${csv}\r\n`;
}
