// The one CSV writer of the app: every CSV GPU Scout produces (the offers export API, the
// matrix "Export CSV", the scenario "Export CSV") is written here. Pure, no Node-only APIs:
// it also runs in client components.
//
// - RFC 4180 quoting: a cell holding `"`, `,`, CR or LF is wrapped in quotes and its quotes
//   are doubled. Lines end in CRLF unless the caller asks for LF.
// - Formula neutralisation (OWASP "CSV Injection"): a string cell whose first character is
//   `=`, `+`, `-`, `@`, TAB or CR would be run as a formula by Excel, LibreOffice Calc or
//   Google Sheets (`=HYPERLINK(…)`, `=cmd|…`), so it gets a leading `'`, which spreadsheets
//   read as "this is text". The rule applies to every string, including a numeric-looking one
//   such as "-0.5" (it comes out as `'-0.5`): no guessing which strings are "really numbers".
//   Callers pass numeric columns as JS numbers, which are written as they are (-1.5 stays
//   -1.5). Money kept as fixed-decimal strings ("1.2300") is never negative in this app.

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** Line ending, also after the last line. Default CRLF (RFC 4180). */
  eol?: "\r\n" | "\n";
  /** Start with a UTF-8 byte-order mark, so Excel reads Chinese text as UTF-8. Default false. */
  bom?: boolean;
}

/** First characters that make a spreadsheet treat a cell as a formula. */
export const FORMULA_TRIGGERS: readonly string[] = ["=", "+", "-", "@", "\t", "\r"];

/** `'` before a string that would start a formula; anything else unchanged. */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.includes(text[0]!) ? `'${text}` : text;
}

/** One cell: null, undefined and non-finite numbers are empty; strings are neutralised and quoted. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return String(value);
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line without its line ending. */
export function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvCell).join(",");
}

/** A whole file: every line (the header is the first one) followed by the line ending. */
export function writeCsv(lines: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  const eol = options.eol ?? "\r\n";
  const body = lines.map((cells) => csvLine(cells) + eol).join("");
  return `${options.bom ? "\uFEFF" : ""}${body}`;
}
