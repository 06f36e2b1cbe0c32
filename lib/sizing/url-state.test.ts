import { describe, expect, it } from "vitest";

import { parseNumber, parseSizingUrl, SEVEN_B_EXAMPLE } from "./url-state.ts";

const params = (qs: string) => Object.fromEntries(new URLSearchParams(qs));

describe("sizing state in the URL", () => {
  it.each([
    ["7e9", 7e9],
    ["7B", 7e9],
    ["70b", 70e9],
    ["7,000,000,000", 7e9],
    ["4096", 4096],
    ["abc", "abc"],
  ] as const)("reads %s as %s", (raw, expected) => {
    expect(parseNumber(raw)).toBe(expected);
  });

  it("the 7B example is a valid full fine-tuning request", () => {
    const parsed = parseSizingUrl(params(SEVEN_B_EXAMPLE));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.request.model).toEqual({ preset: "llama-2-7b" });
    expect(parsed.request.training).toMatchObject({ method: "full", gradientCheckpointing: true, gpus: 1 });
  });

  it("defaults to training Llama 2 7B with an empty query", () => {
    const parsed = parseSizingUrl({});
    expect(parsed.ok && parsed.request.mode).toBe("training");
  });

  it("custom models and inference options come through", () => {
    const parsed = parseSizingUrl(
      params(
        "mode=inference&model=custom&p=8B&L=32&h=4096&a=32&kv=8&wprec=int4&ctx=8192&batch=4&kvprec=fp8&ovh=15&usable=90",
      ),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.request.model).toEqual({
      parameters: 8e9,
      layers: 32,
      hiddenSize: 4096,
      heads: 32,
      kvHeads: 8,
    });
    expect(parsed.request.inference).toMatchObject({
      precision: "int4",
      contextLength: 8192,
      batch: 4,
      kvCachePrecision: "fp8",
      overheadFraction: 0.15,
    });
    expect(parsed.request.usableMemoryFraction).toBe(0.9);
  });

  it("bad values give field errors under the URL's names", () => {
    const parsed = parseSizingUrl(params("mode=training&mb=0&seq=abc&zero=5&ovh=500"));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.fieldErrors).sort()).toEqual(["mb", "ovh", "seq", "zero"]);
  });

  it("an unknown preset is a model error", () => {
    const parsed = parseSizingUrl(params("model=gpt-9"));
    expect(!parsed.ok && Object.keys(parsed.fieldErrors)).toEqual(["model"]);
  });
});

describe("parseSizingUrl field errors in the page's language", () => {
  it("explains a bad number in Chinese on the zh-CN page", () => {
    const parsed = parseSizingUrl({ mode: "training", mb: "0" }, "zh-CN");
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors.mb?.[0]).toMatch(/过小/);
  });
});
