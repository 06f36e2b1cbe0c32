// CSV export of the matrix view (RFC 4180): fields with a comma, quote, CR or LF are quoted and
// quotes doubled; lines end in CRLF; a UTF-8 byte-order mark first so Excel reads Chinese text.

export type CsvCell = string | number | null | undefined;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvField).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** "gpu-scout-matrix-2026-11-30.csv" (the date in UTC). */
export function csvFilename(now: Date): string {
  return `gpu-scout-matrix-${now.toISOString().slice(0, 10)}.csv`;
}
