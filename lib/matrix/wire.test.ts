import { describe, expect, it } from "vitest";

import { testData } from "../../tests/fixtures/matrix-data.ts";
import { matrixPageFromData } from "./page.ts";
import { DEFAULT_STATE, type MatrixState } from "./url-state.ts";
import { decodeMatrixData, decodeMatrixPage, encodeMatrixData, encodeMatrixPage } from "./wire.ts";

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

describe("matrix page wire format", () => {
  const query = (patch: Partial<MatrixState> = {}) => ({
    state: { ...DEFAULT_STATE, stale: true, ...patch },
    fits: null,
    traits: null,
    locale: "en",
    offset: 0,
    limit: 100,
  });

  it.each([
    ["ungrouped", {}],
    ["grouped by GPU", { group: "gpu" as const }],
    ["grouped by region", { group: "region" as const }],
    ["capped in yuan", { max: 20, maxCur: "CNY" as const }],
  ])("round-trips a page exactly (%s)", (_name, patch) => {
    const page = matrixPageFromData(testData, query(patch));
    expect(page.offers.length).toBeGreaterThan(0);
    expect(decodeMatrixPage(encodeMatrixPage(page))).toEqual(page);
  });

  it("round-trips an empty page and a page past the end", () => {
    const empty = matrixPageFromData(testData, query({ provider: ["nobody"] }));
    expect(decodeMatrixPage(encodeMatrixPage(empty))).toEqual(empty);
    const past = matrixPageFromData(testData, { ...query(), offset: 1000 });
    expect(past.offers).toEqual([]);
    expect(decodeMatrixPage(encodeMatrixPage(past))).toEqual(past);
  });

  it("carries the counts, facets and groups as they are", () => {
    const page = matrixPageFromData(testData, query({ group: "gpu" }));
    const wire = encodeMatrixPage(page);
    expect(wire.total).toBe(page.total);
    expect(wire.groups).toEqual(page.groups);
    expect(wire.facets).toEqual(page.facets);
    expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(page).length);
  });
});
