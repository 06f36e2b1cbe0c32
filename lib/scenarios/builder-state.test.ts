import { describe, expect, it } from "vitest";

import {
  addCatalogOffers,
  decodeDocumentParam,
  draftLink,
  encodeDocumentParam,
  formatDecimal,
  initialNoticeRole,
  SIZING_DEFAULT_HOURS,
  MAX_DRAFT_LINK_CHARS,
  offerIdsParam,
  parseDecimal,
  serverFieldIssues,
  setOptional,
  switchWorkloadSource,
} from "./builder-state.ts";
import {
  initialDocument,
  parseScenarioImport,
  sizingJobLength,
  validateDocument,
} from "./builder-validation.ts";
import { defaultScenarioDocument, scenarioDocumentSchema, type ScenarioDocumentInput } from "./document.ts";

const withOffer = (): ScenarioDocumentInput => defaultScenarioDocument([{ kind: "catalog", id: "offer-1" }]);

describe("document ⇄ doc= parameter", () => {
  it("round-trips a document, Chinese names included", () => {
    const doc = withOffer();
    doc.offers.push({ kind: "custom", offer: { name: "阿里云报价 A", prices: { on_demand: 12.5 } } });
    const param = encodeDocumentParam(doc);
    expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeDocumentParam(param)).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it("answers null for junk, never throws", () => {
    expect(decodeDocumentParam("not base64!")).toBeNull();
    expect(decodeDocumentParam("aGVsbG8")).toBeNull(); // "hello": not JSON
    expect(decodeDocumentParam("")).toBeNull();
    expect(decodeDocumentParam("_-_-")).toBeNull();
  });

  it("refuses a link longer than the limit", () => {
    const small = draftLink("https://x.test", withOffer());
    expect(small).toMatch(/^https:\/\/x\.test\/scenarios\/new\?doc=/);
    const big = defaultScenarioDocument(
      Array.from({ length: 400 }, (_, i) => ({ kind: "catalog" as const, id: `offer-number-${i}` })),
    );
    expect(draftLink("https://x.test", big)).toBeNull();
    expect(small!.length).toBeLessThanOrEqual(MAX_DRAFT_LINK_CHARS);
  });
});

describe("initialDocument", () => {
  it("takes offers= and the shortlist's ids, deduplicated", () => {
    const init = initialDocument({ offers: "a,b, a,,c" }, ["c", "d"]);
    expect(init.document.offers).toEqual(["a", "b", "c", "d"].map((id) => ({ kind: "catalog", id })));
    expect(init.seeded).toBe(true);
    expect(init.notice).toBeNull();
  });

  it("uses fits= as a sizing workload, priced for a stated number of hours when it has no job length", () => {
    const init = initialDocument({ fits: "mode=training&model=llama-2-7b", offers: "x" });
    expect(init.document.workload).toMatchObject({
      sizing: "mode=training&model=llama-2-7b",
      instanceHours: SIZING_DEFAULT_HOURS.training,
    });
    expect(init.notice).toBe("sizing_hours_training");

    const withTokens = initialDocument({ fits: "mode=training&model=llama-2-7b&method=qlora&tokens=1e9" });
    expect(withTokens.document.workload).not.toHaveProperty("instanceHours");
    expect(withTokens.notice).toBeNull();

    const serving = initialDocument({ fits: "mode=inference&model=llama-2-70b" });
    expect(serving.document.workload).toMatchObject({ instanceHours: 730 });
    expect(serving.notice).toBe("sizing_hours_inference");

    expect(initialDocument({ fits: "mode=training&model=no-such-model" }).notice).toBe("bad_fits");
  });

  it("announces the sizing → scenario hours note politely (a status) and a bad link as an alert", () => {
    // The hours notes explain an assumption the builder made; bad_* say the link's input was lost.
    const serving = initialDocument({ fits: "mode=inference&model=llama-2-70b" });
    expect(initialNoticeRole(serving.notice!)).toBe("status");
    expect(initialNoticeRole("sizing_hours_training")).toBe("status");
    for (const bad of ["bad_doc", "bad_fits", "bad_shortlist", "bad_trials"] as const) {
      expect(initialNoticeRole(bad)).toBe("alert");
    }
  });

  it("starts in the reader's currency", () => {
    expect(initialDocument({}, [], "CNY").document.currency).toBe("CNY");
    expect(initialDocument({}).document.currency).toBe("USD");
  });

  it("reads a sizing's job length the way the scenario engine does", () => {
    expect(sizingJobLength("mode=training&model=llama-2-7b&tokens=2e9")).toBe("known");
    expect(sizingJobLength("mode=training&model=llama-2-7b")).toBe("training");
    expect(sizingJobLength("?mode=inference&model=llama-2-70b")).toBe("inference");
    expect(sizingJobLength("mode=training&model=no-such-model")).toBeNull();
  });

  it("opens a valid doc= as is and says so when doc= is bad", () => {
    const doc = withOffer();
    doc.budget = 1234;
    const ok = initialDocument({ doc: encodeDocumentParam(doc) });
    expect(ok.document).toMatchObject({ budget: 1234 });
    expect(ok.notice).toBeNull();
    const bad = initialDocument({ doc: encodeDocumentParam({ ...doc, workload: { tokens: -1 } } as never) });
    expect(bad.notice).toBe("bad_doc");
    expect(bad.document).toEqual(defaultScenarioDocument([]));
    expect(initialDocument({ doc: "%%%" }).notice).toBe("bad_doc");
  });

  it("is not seeded without parameters", () => {
    expect(initialDocument({}).seeded).toBe(false);
    expect(offerIdsParam(undefined)).toEqual([]);
  });
});

describe("number fields", () => {
  it("parses what people type", () => {
    expect(parseDecimal("")).toBeNull();
    expect(parseDecimal("  ")).toBeNull();
    expect(parseDecimal("1,234.5")).toBe(1234.5);
    expect(parseDecimal("2e9")).toBe(2e9);
    expect(parseDecimal(".5")).toBe(0.5);
    expect(parseDecimal("１２。５")).toBe(12.5);
    expect(parseDecimal("12abc")).toBeNaN();
    expect(parseDecimal("1e999")).toBeNaN();
    expect(parseDecimal("--1")).toBeNaN();
  });

  it("formats so that the text parses back", () => {
    for (const v of [0, 1, 0.05, 7e9, 2e14, 1e-9, 1234.5678]) expect(parseDecimal(formatDecimal(v))).toBe(v);
    expect(formatDecimal(undefined)).toBe("");
  });
});

describe("validateDocument", () => {
  it("accepts the default document with an offer", () => {
    expect(validateDocument(withOffer()).ok).toBe(true);
  });

  it("names the workload field and the offer override that are wrong", () => {
    const doc = withOffer();
    doc.workload = { parameters: 7e9, tokens: -5 };
    doc.offers = [{ kind: "catalog", id: "a", overrides: { egressPerGb: 5000 } }];
    const result = validateDocument(doc);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues["workload.tokens"]).toMatchObject({
      code: "too_small",
      minimum: 0,
      exclusive: true,
    });
    expect(result.issues["offers.0.overrides.egressPerGb"]).toMatchObject({ code: "too_big", maximum: 1000 });
  });

  it("says when there is no offer", () => {
    const result = validateDocument(defaultScenarioDocument([]));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.offers).toMatchObject({ code: "too_small" });
  });

  it("strips the operation's document. prefix", () => {
    expect(serverFieldIssues({ "document.workload.tokens": ["Too small"] })).toEqual({
      "workload.tokens": { code: "server", message: "Too small" },
    });
  });
});

describe("import", () => {
  it("reads the export format and a bare document", () => {
    const document = scenarioDocumentSchema.parse(withOffer());
    const file = { format: "gpu-scout-scenario", formatVersion: 1, name: "A", document };
    expect(parseScenarioImport(JSON.stringify(file))).toMatchObject({ ok: true, name: "A" });
    expect(parseScenarioImport(JSON.stringify(document))).toMatchObject({ ok: true });
  });

  it("explains junk in words", () => {
    expect(parseScenarioImport("{nope")).toEqual({ ok: false, reason: "not_json", details: [] });
    const wrong = parseScenarioImport(JSON.stringify({ format: "gpu-scout-scenario", formatVersion: 1 }));
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.details.join("\n")).toContain("document");
    expect(parseScenarioImport("null").ok).toBe(false);
  });
});

describe("editing", () => {
  it("switches the workload source keeping boot, setup and units", () => {
    const next = switchWorkloadSource(
      { parameters: 1, tokens: 1, bootMinutes: 3, unitsOfWork: 9 },
      "gpuHours",
    );
    expect(next).toEqual({ gpuHours: 100, bootMinutes: 3, unitsOfWork: 9 });
    const same = { gpuHours: 5 };
    expect(switchWorkloadSource(same, "gpuHours")).toBe(same);
  });

  it("adds offers once", () => {
    const { offers, added } = addCatalogOffers([{ kind: "catalog", id: "a" }], ["a", "b", "b", "c"]);
    expect(offers.map((o) => (o.kind === "catalog" ? o.id : ""))).toEqual(["a", "b", "c"]);
    expect(added).toBe(2);
  });

  it("sets and removes optional keys", () => {
    expect(setOptional<{ a?: number }>(undefined, "a", 1)).toEqual({ a: 1 });
    expect(setOptional({ a: 1 }, "a", undefined)).toBeUndefined();
    expect(setOptional({ a: 1, b: 2 }, "a", undefined)).toEqual({ b: 2 });
  });
});
