import { describe, expect, it } from "vitest";

import { csvCell, csvLine, neutraliseFormula, writeCsv, type CsvCell } from "./write.ts";

describe("CSV writer: formula neutralisation (OWASP CSV Injection)", () => {
  it.each<[string, string, string]>([
    ["=", '=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ["= (no quoting needed)", "=1+1", "'=1+1"],
    ["+", "+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ["-", "-2+3", "'-2+3"],
    ["@", "@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["TAB", "\t=1+1", "'\t=1+1"],
    ["CR (then quoted: it holds a CR)", "\r=1+1", `"'\r=1+1"`],
    ["- on a numeric-looking string (prefixed too: pass numbers as numbers)", "-0.5", "'-0.5"],
    ["+ on a numeric-looking string", "+42", "'+42"],
  ])("prefixes a string starting with %s", (_name, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each<[string, string]>([
    ["a trigger later in the cell", "a=b"],
    ["a leading space", " =1+1"],
    ["a leading quote", "'=1+1"],
    ["a plain price string", "1.2300"],
    ["an empty string", ""],
  ])("leaves %s alone", (_name, value) => {
    expect(neutraliseFormula(value)).toBe(value);
  });

  it("writes JS numbers as numbers, negative ones included", () => {
    expect(csvCell(-1.5)).toBe("-1.5");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(1e-7)).toBe("1e-7");
  });
});

describe("CSV writer: RFC 4180", () => {
  it.each<[string, CsvCell, string]>([
    ["plain text", "Lambda", "Lambda"],
    ["a comma", "Vietnam, VN, AS", '"Vietnam, VN, AS"'],
    ["a quote", 'say "hi"', '"say ""hi"""'],
    ["a line feed", "a\nb", '"a\nb"'],
    ["a carriage return inside", "a\rb", '"a\rb"'],
    ["CRLF inside", "line 1\r\nline 2", '"line 1\r\nline 2"'],
    ["Chinese text", "谷歌云", "谷歌云"],
    ["Chinese text with a comma", "阿里云，北京, 华北", '"阿里云，北京, 华北"'],
    ["a number", 3.99, "3.99"],
    ["an integer", 8, "8"],
    ["NaN", Number.NaN, ""],
    ["Infinity", Number.POSITIVE_INFINITY, ""],
    ["true", true, "true"],
    ["false", false, "false"],
    ["null", null, ""],
    ["undefined", undefined, ""],
  ])("writes %s", (_name, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("joins cells with commas, empty cells included", () => {
    expect(csvLine(["a", null, 1, undefined, "b,c"])).toBe('a,,1,,"b,c"');
  });

  it("ends every line, the last one too, in CRLF by default, without a BOM", () => {
    expect(
      writeCsv([
        ["provider", "price"],
        ["=evil", -2],
      ]),
    ).toBe("provider,price\r\n'=evil,-2\r\n");
  });

  it("writes LF line endings and a UTF-8 BOM when asked", () => {
    expect(writeCsv([["a"], ["阿里云"]], { eol: "\n", bom: true })).toBe("\uFEFFa\n阿里云\n");
  });

  it("writes nothing but the BOM for no lines", () => {
    expect(writeCsv([])).toBe("");
    expect(writeCsv([], { bom: true })).toBe("\uFEFF");
  });
});
