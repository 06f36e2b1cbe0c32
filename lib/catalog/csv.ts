// The app's one CSV reader (RFC 4180): quoted fields may hold commas, quotes ("") and line
// breaks; LF, CRLF and lone CR line endings all work. Fields are sliced between delimiters found
// by indexOf instead of being built character by character, for 100,000-row catalogs: on a
// generated 100,000-row SkyPilot catalog (16 MB) it reads in ~110 ms, papaparse ~140 ms,
// csv-parse/sync ~650 ms, a character loop ~1,400 ms (docs/performance.md). Pure. Strict import
// reading (required columns, field counts, size bounds) is lib/catalog/csv-table.ts, on top.

/** Rows of fields, and whether a quoted field is never closed (a truncated file). */
export function readCsvRows(text: string): { rows: string[][]; unterminated: boolean } {
  const rows: string[][] = [];
  let row: string[] = [];
  let unterminated = false;
  let i = 0;
  const n = text.length;
  if (n === 0) return { rows, unterminated };
  // Next position of each delimiter at or after i (n when none), refreshed only when passed.
  let comma = -1;
  let lf = -1;
  let cr = -1;
  const next = (ch: string, at: number) => {
    const found = text.indexOf(ch, at);
    return found === -1 ? n : found;
  };
  for (;;) {
    let field = "";
    if (text.charCodeAt(i) === 34) {
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q === -1) {
          field += text.slice(j);
          unterminated = true;
          i = n;
          break;
        }
        field += text.slice(j, q);
        if (text.charCodeAt(q + 1) === 34) {
          field += '"';
          j = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
    }
    if (comma < i) comma = next(",", i);
    if (lf < i) lf = next("\n", i);
    if (cr < i) cr = next("\r", i);
    const end = Math.min(comma, lf, cr);
    field += text.slice(i, end);
    row.push(field);
    if (end >= n) {
      if (row.length > 1 || field !== "") rows.push(row);
      break;
    }
    const ch = text[end];
    i = end + 1;
    if (ch === ",") {
      if (i >= n) {
        row.push("");
        rows.push(row);
        break;
      }
      continue;
    }
    if (ch === "\r" && text.charCodeAt(i) === 10) i++;
    rows.push(row);
    row = [];
    if (i >= n) break;
  }
  return { rows, unterminated };
}

/** Rows of fields (an unterminated quoted field runs to the end of the text). */
export function parseCsv(text: string): string[][] {
  return readCsvRows(text).rows;
}

/** Rows as objects keyed by the header row (columns in any order); blank lines are skipped. */
export function parseCsvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows
    .filter((r) => r.length > 1 || (r[0] ?? "") !== "")
    .map((r) => Object.fromEntries(header.map((name, i) => [name, r[i] ?? ""])));
}
