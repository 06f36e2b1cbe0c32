import { describe, expect, it } from "vitest";

import { csvValue, type CellContext } from "./cell-format.ts";
import { DEFAULT_COLUMNS } from "./columns.ts";
import { csvField, csvFilename, toCsv } from "./csv.ts";
import { buildRows } from "./rows.ts";
import { testData } from "../../tests/fixtures/matrix-data.ts";

const EVIL = '=HYPERLINK("http://evil.example","click")';

describe("CSV export", () => {
  it.each<[string, string | number | null, string]>([
    ["plain text", "Lambda", "Lambda"],
    ["a comma", "Vietnam, VN, AS", '"Vietnam, VN, AS"'],
    ["a quote", 'say "hi"', '"say ""hi"""'],
    ["a line break", "a\nb", '"a\nb"'],
    ["a carriage return", "a\rb", '"a\rb"'],
    ["Chinese text", "谷歌云", "谷歌云"],
    ["a number", 3.99, "3.99"],
    ["unknown", null, ""],
  ])("quotes %s per RFC 4180", (_name, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it("starts with a UTF-8 BOM and ends lines in CRLF", () => {
    const csv = toCsv(
      ["Provider", "Price"],
      [
        ["阿里云", "1.2300"],
        ["A, B", null],
      ],
    );
    expect(csv).toBe('\uFEFFProvider,Price\r\n阿里云,1.2300\r\n"A, B",\r\n');
  });

  it("neutralises a formula in a provider or instance name, as the matrix's Export CSV writes it", () => {
    const data = {
      ...testData,
      providers: testData.providers.map((p, i) => (i === 0 ? { ...p, nameEn: EVIL } : p)),
      offers: testData.offers.map((o, i) =>
        i === 0 ? { ...o, instanceType: "@SUM(1+1)*cmd|' /C calc'!A0" } : o,
      ),
    };
    const ctx: CellContext = {
      locale: "en",
      currency: "USD",
      now: new Date(),
      interconnectLabel: (ic) => ic,
    };
    const columns = DEFAULT_COLUMNS;
    // What components/matrix/matrix-view.tsx's exportCsv does.
    const body = buildRows(data, "ON_DEMAND").map((row) => columns.map((id) => csvValue(row, id, ctx)));
    const lines = toCsv(columns, body).split("\r\n");
    const o1 = lines.find((l) => l.includes("HYPERLINK") && l.includes("SUM"));
    expect(o1).toBeDefined();
    expect(o1).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(o1).toContain("'@SUM(1+1)*cmd|' /C calc'!A0");
    // No cell of any line starts a formula.
    for (const line of lines.slice(1))
      for (const cell of line.split(",")) expect(cell.replace(/^"/, "")).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("names the file with the UTC date", () => {
    expect(csvFilename(new Date("2026-11-30T23:30:00Z"))).toBe("gpu-scout-matrix-2026-11-30.csv");
  });
});
