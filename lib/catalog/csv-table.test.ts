import { describe, expect, it } from "vitest";

import { CatalogFormatError, MAX_IMPORT_ROWS, readCsvTable } from "./csv-table.ts";

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
