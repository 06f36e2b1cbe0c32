import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { parseCsv } from "./csv.ts";
import { CatalogFormatError, MAX_IMPORT_ROWS, parseCsvFast, readCsvTable } from "./csv-table.ts";

describe("parseCsvFast", () => {
  it.each([
    ["plain", "a,b\n1,2\n"],
    ["CRLF", "a,b\r\n1,2\r\n"],
    ["quoted commas, quotes and newlines", 'a,b\n"x, ""y""\nz",2\n'],
    ["empty fields and a trailing comma", "a,b,c\n,,\n1,2,\n"],
    ["no final newline", "a,b\n1,2"],
    ["a lone CR line ending", "a,b\r1,2\r"],
    ["text after a closing quote", 'a\n"x"y\n'],
    ["a quote inside an unquoted field", 'a\nx"y\n'],
    ["empty text", ""],
  ])("matches parseCsv on %s", (_, text) => {
    expect(parseCsvFast(text).rows).toEqual(parseCsv(text));
    expect(parseCsvFast(text).unterminated).toBe(false);
  });

  it("matches parseCsv on random CSV-ish text", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-c,"\r\n]{0,40}$/), (text) => {
        const fast = parseCsvFast(text);
        if (!fast.unterminated) expect(fast.rows).toEqual(parseCsv(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("says when a quoted field is never closed", () => {
    expect(parseCsvFast('a,b\n1,"x').unterminated).toBe(true);
  });
});

describe("readCsvTable", () => {
  it("keeps row numbers (header = row 1) and skips blank lines", () => {
    const { records } = readCsvTable("a,b\n1,2\n\n3,4\n", ["a"]);
    expect(records).toEqual([
      { row: 2, values: { a: "1", b: "2" } },
      { row: 4, values: { a: "3", b: "4" } },
    ]);
  });

  it("reports every structural problem at once", () => {
    expect(() => readCsvTable("a,b\n1\n2,3,4\n", ["a"])).toThrow(CatalogFormatError);
  });
});

describe("import bounds", () => {
  it("refuses a file with more rows than MAX_IMPORT_ROWS, saying to split it", () => {
    const text = `a,b\n${"1,2\n".repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(() => readCsvTable(text, ["a"])).toThrow(/1,000,001 rows; at most 1,000,000 .*Split it/);
  });

  it("accepts exactly MAX_IMPORT_ROWS rows", () => {
    const text = `a,b\n${"1,2\n".repeat(MAX_IMPORT_ROWS)}`;
    expect(readCsvTable(text, ["a"]).records).toHaveLength(MAX_IMPORT_ROWS);
  });
});
