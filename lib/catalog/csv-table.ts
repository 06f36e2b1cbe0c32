// Strict reading of a CSV file for import: the header must hold the required columns and
// every record must have the header's field count; an unterminated quote (a truncated file)
// is fatal. Records keep their row number (header = row 1) for the report. The fields come
// from the app's one CSV reader, lib/catalog/csv.ts.
import { readCsvRows } from "./csv.ts";

export interface RowProblem {
  row: number;
  reason: string;
  detail: string;
}

export class CatalogFormatError extends Error {
  override name = "CatalogFormatError";
  constructor(
    message: string,
    readonly problems: RowProblem[],
  ) {
    super(message);
  }
}

export interface CsvRecord {
  row: number;
  values: Record<string, string>;
}

/** Import bounds: larger files are refused with a clear message before any row is written. */
export const MAX_IMPORT_CHARS = 100_000_000;
export const MAX_IMPORT_ROWS = 1_000_000;

export function readCsvTable(text: string, required: string[]): { header: string[]; records: CsvRecord[] } {
  if (text.length > MAX_IMPORT_CHARS) {
    throw new CatalogFormatError(
      `The file is larger than ${MAX_IMPORT_CHARS / 1_000_000} MB. Split it into smaller files and import them one by one.`,
      [],
    );
  }
  const body = text.replace(/^\uFEFF/, "");
  const { rows, unterminated } = readCsvRows(body);
  if (rows.length - 1 > MAX_IMPORT_ROWS) {
    throw new CatalogFormatError(
      `The file has ${(rows.length - 1).toLocaleString("en")} rows; at most ${MAX_IMPORT_ROWS.toLocaleString("en")} are imported at once. Split it into smaller files.`,
      [],
    );
  }
  const [header, ...data] = rows;
  if (!header || header.every((h) => h.trim() === "")) {
    throw new CatalogFormatError("The file is empty or has no header row.", []);
  }
  const columns = header.map((h) => h.trim());
  const missing = required.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    throw new CatalogFormatError(`Missing required column(s): ${missing.join(", ")}`, [
      { row: 1, reason: "missing_columns", detail: `header lacks ${missing.join(", ")}` },
    ]);
  }
  const problems: RowProblem[] = [];
  const records: CsvRecord[] = [];
  data.forEach((fields, i) => {
    const row = i + 2;
    if (fields.length === 1 && (fields[0] ?? "").trim() === "") return; // blank line
    if (unterminated && i === data.length - 1) return; // reported below as the unterminated quote
    if (fields.length !== columns.length) {
      problems.push({
        row,
        reason: "field_count",
        detail: `${fields.length} fields, the header has ${columns.length}`,
      });
      return;
    }
    records.push({ row, values: Object.fromEntries(columns.map((name, j) => [name, fields[j] ?? ""])) });
  });
  if (unterminated) {
    problems.push({
      row: data.length + 1,
      reason: "unterminated_quote",
      detail: "a quoted field is never closed (truncated file?)",
    });
  }
  if (problems.length > 0) {
    throw new CatalogFormatError(
      `The file is malformed (${problems.length} structural problem(s)); nothing was imported.`,
      problems,
    );
  }
  return { header: columns, records };
}
