/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"): `=`,
 * `+`, `-`, `@`, and the tab and carriage return some programs strip before looking.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): a text that could start a formula gets a leading apostrophe, so a
 * customer's "=HYPERLINK(…)" in a field stays text; a cell with a comma, quote or line break is
 * quoted. Amounts are written as the database's plain decimals and never start with a sign.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
