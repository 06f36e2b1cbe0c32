import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { parseCsv, parseCsvRecords, readCsvRows } from "./csv.ts";

/** RFC 4180 read one character at a time: the slow, obvious reading the fast reader must match. */
function oracle(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === "") {
      quoted = true;
    } else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

describe("parseCsv", () => {
  it.each([
    [
      "plain fields",
      "a,b,c\n1,2,3\n",
      [
        ["a", "b", "c"],
        ["1", "2", "3"],
      ],
    ],
    [
      "CRLF line endings",
      "a,b\r\n1,2\r\n",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    [
      "no final newline",
      "a,b\n1,2",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    [
      "quoted comma (GpuInfo dicts)",
      "x,\"{'Name': 'H100', 'Count': 8}\",y\n",
      [["x", "{'Name': 'H100', 'Count': 8}", "y"]],
    ],
    ["doubled quotes inside quotes", '"say ""hi""",2\n', [['say "hi"', "2"]]],
    ["line break inside quotes", '"two\nlines",2\n', [["two\nlines", "2"]]],
    [
      "empty fields",
      "a,,c\n,,\n",
      [
        ["a", "", "c"],
        ["", "", ""],
      ],
    ],
  ])("%s", (_name, text, expected) => {
    expect(parseCsv(text)).toEqual(expected);
  });

  it("maps records by header, columns in any order", () => {
    expect(parseCsvRecords("Price,InstanceType\n2.5,g5.xlarge\n\n")).toEqual([
      { Price: "2.5", InstanceType: "g5.xlarge" },
    ]);
  });
});

describe("readCsvRows against a character-by-character RFC 4180 oracle", () => {
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
  ])("matches the oracle on %s", (_, text) => {
    expect(readCsvRows(text).rows).toEqual(oracle(text));
    expect(readCsvRows(text).unterminated).toBe(false);
  });

  it("matches the oracle on random CSV-ish text", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-c,"\r\n]{0,40}$/), (text) => {
        const fast = readCsvRows(text);
        if (!fast.unterminated) expect(fast.rows).toEqual(oracle(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("says when a quoted field is never closed", () => {
    expect(readCsvRows('a,b\n1,"x').unterminated).toBe(true);
  });
});
