import { describe, expect, it } from "vitest";

import { testData } from "../../tests/fixtures/matrix-data.ts";
import { decodeMatrixData, encodeMatrixData } from "./wire.ts";

describe("matrix wire format", () => {
  it("round-trips exactly", () => {
    expect(decodeMatrixData(encodeMatrixData(testData))).toEqual(testData);
  });

  it("is smaller than the objects it encodes", () => {
    const wire = JSON.stringify(encodeMatrixData(testData)).length;
    expect(wire).toBeLessThan(JSON.stringify(testData).length * 0.7);
  });

  it("keeps a price's day, staleness and listed currency", () => {
    const offer = testData.offers.find((o) => Object.keys(o.prices).length > 1) ?? testData.offers[0]!;
    const decoded = decodeMatrixData(encodeMatrixData({ ...testData, offers: [offer] })).offers[0]!;
    expect(decoded.prices).toEqual(offer.prices);
  });
});
