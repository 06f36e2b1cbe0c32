import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { heapPush } from "./top-n.ts";

describe("heapPush", () => {
  it("keeps the 3 smallest of a stream, the largest of them at the root", () => {
    const heap = new Float64Array(3);
    let size = 0;
    for (const v of [9, 4, 7, 1, 8, 2]) size = heapPush(heap, size, v);
    expect(size).toBe(3);
    expect(heap[0]).toBe(4);
    expect([...heap].sort((a, b) => a - b)).toEqual([1, 2, 4]);
  });

  it("always holds the N smallest values (partial selection equals a full sort)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, min: -1e9, max: 1e9 }).map((v) => v + 0)), // -0 → 0
        fc.integer({ min: 1, max: 20 }),
        (values, n) => {
          const heap = new Float64Array(n);
          let size = 0;
          for (const v of values) size = heapPush(heap, size, v);
          const expected = [...values].sort((a, b) => a - b).slice(0, n);
          expect([...heap.subarray(0, size)].sort((a, b) => a - b)).toEqual(expected);
        },
      ),
    );
  });
});
