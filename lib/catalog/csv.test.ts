import { describe, expect, it } from "vitest";

import { parseCsv, parseCsvRecords } from "./csv.ts";

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
