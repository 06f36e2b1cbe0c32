import { describe, expect, it } from "vitest";

import { csvField, csvFilename, toCsv } from "./csv.ts";

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

  it("names the file with the UTC date", () => {
    expect(csvFilename(new Date("2026-11-30T23:30:00Z"))).toBe("gpu-scout-matrix-2026-11-30.csv");
  });
});
