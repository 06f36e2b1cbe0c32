import { describe, expect, it } from "vitest";

import { LiteralError, parseLiteral } from "./python-literal.ts";

describe("parseLiteral", () => {
  it.each([
    [
      "a Python dict with single quotes",
      "{'Gpus': [{'Name': 'A40', 'Count': '1.0'}]}",
      { Gpus: [{ Name: "A40", Count: "1.0" }] },
    ],
    ["None / True / False", "{'a': None, 'b': True, 'c': False}", { a: null, b: true, c: false }],
    ["JSON with null", '{"Manufacturer": null, "Count": 2.0}', { Manufacturer: null, Count: 2 }],
    [
      "an unquoted-in-CSV dict without Name",
      "{'Gpus': [{'MemoryInfo': {'SizeInMiB': 40960}}]}",
      { Gpus: [{ MemoryInfo: { SizeInMiB: 40960 } }] },
    ],
    ["a tuple and a trailing comma", "{'x': (1, 2,),}", { x: [1, 2] }],
    ["negative and exponent numbers", "[-1.5, 2e3]", [-1.5, 2000]],
  ])("reads %s", (_, text, expected) => {
    expect(parseLiteral(text)).toEqual(expected);
  });

  it.each([
    ["an unterminated string", "{'a': 'b}"],
    ["a missing colon", "{'a' 1}"],
    ["trailing text", "{'a': 1} x"],
    ["code", "__import__('os')"],
  ])("refuses %s", (_, text) => {
    expect(() => parseLiteral(text)).toThrow(LiteralError);
  });
});
