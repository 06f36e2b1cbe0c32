// CSV export of the matrix view, written by the app's one CSV writer (lib/csv/write.ts):
// RFC 4180 quoting, formula cells neutralised with a leading ', lines end in CRLF, and a
// UTF-8 byte-order mark first so Excel reads Chinese text.
import { csvCell, writeCsv, type CsvCell } from "../csv/write.ts";

export type { CsvCell };

/** One cell as the matrix CSV writes it (the shared writer's cell). */
export const csvField = csvCell;

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return writeCsv([header, ...rows], { bom: true, eol: "\r\n" });
}

/** More lines of the same file (no BOM): toCsv(header, []) + csvLines(a) + csvLines(b) is toCsv(header, [...a, ...b]). */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return writeCsv(rows, { eol: "\r\n" });
}

/** "gpu-scout-matrix-2026-11-30.csv" (the date in UTC). */
export function csvFilename(now: Date): string {
  return `gpu-scout-matrix-${now.toISOString().slice(0, 10)}.csv`;
}
