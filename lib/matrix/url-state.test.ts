import { describe, expect, it } from "vitest";

import { DEFAULT_STATE, parseMatrixParams, serializeMatrixState, type MatrixState } from "./url-state.ts";

describe("matrix URL state", () => {
  it("an empty query string is the default view", () => {
    expect(parseMatrixParams({})).toEqual({ state: DEFAULT_STATE, invalid: [] });
  });

  it.each<[string, Record<string, string>, Partial<MatrixState>]>([
    [
      "comma lists, slugs lower-cased",
      { provider: "Lambda,coreweave", gpu: "H100-SXM-80GB" },
      { provider: ["lambda", "coreweave"], gpu: ["h100-sxm-80gb"] },
    ],
    ["interconnects upper-cased", { ic: "nvlink,InfiniBand" }, { ic: ["NVLINK", "INFINIBAND"] }],
    [
      "numbers",
      { minGpus: "8", minVram: "79.5", minTotalVram: "640", max: "4.5" },
      { minGpus: 8, minVram: 79.5, minTotalVram: 640, max: 4.5 },
    ],
    [
      "pricing model, stale, group, currency",
      { pm: "spot", stale: "1", group: "gpu", cur: "cny" },
      { pm: "SPOT", stale: true, group: "gpu", cur: "CNY" },
    ],
    ["sort", { sort: "tflopsPerDollar.desc" }, { sort: { id: "tflopsPerDollar", desc: true } }],
    [
      "columns and selection",
      { cols: "provider,gpuHour", sel: "abc,def" },
      { cols: ["provider", "gpuHour"], sel: ["abc", "def"] },
    ],
    ["countries", { country: "us,cn", continent: "asia" }, { country: ["US", "CN"], continent: ["ASIA"] }],
    [
      "provider traits (issue 27), any case, duplicates once",
      { need: "hipaa,SOC2,k8s,infiniband,support247,cn,hipaa" },
      { need: ["hipaa", "soc2", "k8s", "infiniband", "support247", "cn"] },
    ],
    [
      "fits keeps the sizing query as is",
      { fits: "mode=training&model=llama-2-7b" },
      { fits: "mode=training&model=llama-2-7b" },
    ],
  ])("parses %s", (_name, params, expected) => {
    const { state, invalid } = parseMatrixParams(params);
    expect(invalid).toEqual([]);
    expect(state).toEqual({ ...DEFAULT_STATE, ...expected });
  });

  it.each<[string, Record<string, string>, Partial<MatrixState>]>([
    ["an unknown interconnect is dropped, the rest kept", { ic: "NVLINK,WARP" }, { ic: ["NVLINK"] }],
    ["a GPU count of zero", { minGpus: "0" }, {}],
    ["a fractional GPU count", { minGpus: "2.5" }, {}],
    ["a negative price", { max: "-1" }, {}],
    ["a word for a number", { max: "cheap" }, {}],
    ["an unknown pricing model", { pm: "MONTHLY" }, {}],
    ["an unknown sort column", { sort: "price.asc" }, {}],
    ["a sort without direction", { sort: "gpuHour" }, {}],
    ["an unknown grouping", { group: "country" }, {}],
    ["an unknown currency", { cur: "EUR" }, {}],
    ["a stale flag that is not a flag", { stale: "yes" }, {}],
    ["an offer id with odd characters", { sel: "a<b>" }, {}],
    ["an unknown provider trait is dropped, the rest kept", { need: "soc2,fedramp" }, { need: ["soc2"] }],
    ["only unknown provider traits", { need: "iso9001" }, {}],
  ])("ignores and reports %s", (_name, params, expected) => {
    const { state, invalid } = parseMatrixParams(params);
    expect(invalid.map((i) => i.key)).toEqual(Object.keys(params));
    expect(state).toEqual({ ...DEFAULT_STATE, ...expected });
  });

  it("the last of repeated parameters wins", () => {
    expect(parseMatrixParams({ minGpus: ["2", "8"] }).state.minGpus).toBe(8);
  });

  it("round-trips through the query string", () => {
    const state: MatrixState = {
      ...DEFAULT_STATE,
      provider: ["lambda", "coreweave"],
      family: ["H100"],
      minGpus: 8,
      ic: ["NVLINK"],
      need: ["hipaa", "cn"],
      pm: "SPOT",
      max: 4,
      stale: true,
      fits: "mode=training&model=llama-2-7b&method=full",
      sort: { id: "gpuHour", desc: true },
      group: "provider",
      cols: ["provider", "gpu", "gpuHour"],
      sel: ["o1", "o2"],
      cur: "CNY",
    };
    const qs = serializeMatrixState(state);
    expect(parseMatrixParams(Object.fromEntries(new URLSearchParams(qs)))).toEqual({ state, invalid: [] });
  });

  it("leaves defaults out of the query string", () => {
    expect(serializeMatrixState(DEFAULT_STATE)).toBe("");
    expect(serializeMatrixState({ ...DEFAULT_STATE, minGpus: 8, ic: ["NVLINK"] })).toBe(
      "minGpus=8&ic=NVLINK",
    );
  });
});
