import { describe, expect, it } from "vitest";

import { rowQuery } from "./row-query.ts";
import { DEFAULT_STATE, parseMatrixParams, type MatrixState } from "./url-state.ts";

const state = (patch: Partial<MatrixState>): MatrixState => ({ ...DEFAULT_STATE, ...patch });

describe("rowQuery", () => {
  it.each<[string, Partial<MatrixState>, string]>([
    ["defaults", {}, ""],
    ["a filter", { gpu: ["h100-sxm-80gb"] }, "gpu=h100-sxm-80gb"],
    ["sort and group", { sort: { id: "hourly", desc: true }, group: "gpu" }, "sort=hourly.desc&group=gpu"],
    ["cap in yuan", { max: 20, maxCur: "CNY" }, "max=20&maxCur=CNY"],
    ["columns, selection and currency are left out", { cols: ["gpu"], sel: ["abc"], cur: "CNY" }, ""],
    ["stale and pricing model", { stale: true, pm: "SPOT" }, "pm=SPOT&stale=1"],
  ])("%s", (_name, patch, expected) => {
    expect(rowQuery(state(patch))).toBe(expected);
  });

  it("is the same for the server's parse of the query it produces", () => {
    const s = state({ provider: ["aws", "gcp"], minGpus: 8, ic: ["NVLINK"], fits: "model=llama-3-70b" });
    const again = parseMatrixParams(Object.fromEntries(new URLSearchParams(rowQuery(s)))).state;
    expect(rowQuery(again)).toBe(rowQuery(s));
  });
});
