/**
 * The dashboard's one CSV writer (issue 39: the audit log's download now, the analytics tables'
 * later). RFC 4180 quoting, and OWASP's defence against formula injection: a text cell that a
 * spreadsheet would read as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return) gets a leading `'`, so `=HYPERLINK("http://evil")` opens as the text it is. Readers
 * and API callers type what ends up in these files (search queries, titles, app names).
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One cell as the file holds it. Numbers are written as numbers (a negative one is no formula). */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header row, then the rows, CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}

/**
 * Hands the file to the browser as a download. The byte-order mark makes spreadsheet programs
 * read the file as UTF-8 (names and titles in any language).
 */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // released once the browser has started the download
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
