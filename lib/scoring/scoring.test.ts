import { describe, expect, it } from "vitest";

import { scoreProviderDimensions } from "./dimensions.ts";
import type { FactEvidence, ProviderEvidence } from "./evidence.ts";
import { DEFAULT_WEIGHTS, rankCandidates, scoreOffer } from "./ranking.ts";

const f = (key: string, value: string, numericValue: number | null = null): FactEvidence => ({
  key,
  scope: "",
  value,
  numericValue,
  sourceUrl: `https://example.com/${key}`,
});

const empty: ProviderEvidence = { slug: "empty", facts: [], offerInterconnects: [] };
const aws: ProviderEvidence = {
  slug: "aws",
  facts: [
    f("compute_sla_percent", "99.99%", 99.99),
    f("sla_credit", "10% / 30%"),
    f("spot_interruption_notice_seconds", "120 seconds", 120),
    f("egress_internet_per_gb", "$0.09/GB", 0.09),
    f("ingress_per_gb", "$0", 0),
    f("billing_granularity", "per second, 60 s minimum"),
    f("block_storage_ssd_per_gb_month", "$0.08", 0.08),
  ],
  offerInterconnects: ["ETHERNET", "NVLINK"],
};
const dim = (e: ProviderEvidence, d: string) => scoreProviderDimensions(e).find((x) => x.dimension === d)!;

describe("dimension scores", () => {
  it("unknowns stay unknown: no evidence gives status unknown and a null score, never 0", () => {
    for (const d of scoreProviderDimensions(empty)) {
      expect(d.status).toBe("unknown");
      expect(d.score).toBeNull();
    }
    expect(dim(aws, "security").score).toBeNull();
    expect(dim(aws, "hardware").status).toBe("unknown");
  });

  it.each([
    ["99.99 % SLA + written credit + 120 s spot notice = 100", "faultHandling", 100],
    ["egress $0.09/GB (0.4), free ingress (1), NVLink offers (1) = 80", "network", 80],
    ["per-second billing (1) and block storage at $0.08/GB-month (1) = 100", "billing", 100],
  ] as const)("%s", (_name, d, expected) => {
    expect(dim(aws, d).score).toBe(expected);
  });

  it("each signal names the facts it used, with their sources", () => {
    const sla = dim(aws, "faultHandling").signals.find((s) => s.reason === "slaPercent")!;
    expect(sla.facts.map((x) => x.sourceUrl)).toEqual(["https://example.com/compute_sla_percent"]);
    expect(sla.params).toEqual({ percent: 99.99 });
  });

  it.each([
    [
      "block storage $0.186/GB-month (Lambda filesystem) = 0.4",
      "block_storage_ssd_per_gb_month",
      0.186265,
      40,
    ],
    ["object storage $0.06/GB-month = 0.4", "object_storage_per_gb_month", 0.06, 40],
    ["snapshots $0.05/GB-month = 1", "snapshot_per_gb_month", 0.05, 100],
  ] as const)("storage prices score by band: %s", (_name, key, usd, expected) => {
    expect(dim({ ...empty, facts: [f(key, `$${usd}`, usd)] }, "billing").score).toBe(expected);
  });

  it("egress said to be billed at no stated rate counts as the worst egress band, not unknown", () => {
    const vast = { ...empty, facts: [f("free_egress", "no (billed by host)")] };
    expect(dim(vast, "network").score).toBe(20);
  });

  it("a 99.5 % SLA scores lower than 99.99 %", () => {
    const weak = { ...empty, facts: [f("compute_sla_percent", "99.5%", 99.5)] };
    expect(dim(weak, "faultHandling").score).toBe(60);
  });

  it("checklist problems and hardware mismatches count, and count double", () => {
    const e: ProviderEvidence = {
      ...empty,
      facts: [f("compute_sla_percent", "99.99%", 99.99)],
      checklist: [{ item: "DISK_AND_SNAPSHOTS", status: "PROBLEM" }],
      hardwareChecks: ["MISMATCH", "MATCH", "INCONCLUSIVE"],
    };
    expect(dim(e, "faultHandling").score).toBeCloseTo((100 * 1) / 3, 1);
    expect(dim(e, "hardware").score).toBe(50);
  });

  it("an offer's own interconnect replaces the provider's best on the network dimension", () => {
    const offer = scoreOffer(aws, "ETHERNET").find((d) => d.dimension === "network")!;
    expect(offer.score).toBeCloseTo(((0.4 + 1 + 0.3) / 3) * 100, 1);
  });
});

describe("combined ranking", () => {
  const dims = (e: ProviderEvidence) => scoreProviderDimensions(e);

  it("a provider with no evidence ranks last with a null score, not a zero", () => {
    const ranked = rankCandidates([
      { id: "empty", dimensions: dims(empty), totalCost: null, hourlyPrice: 0.1 },
      { id: "aws", dimensions: dims(aws), totalCost: null, hourlyPrice: 9 },
    ]);
    expect(ranked.map((r) => r.id)).toEqual(["aws", "empty"]);
    expect(ranked[1]!.combined).toBeNull();
    expect(ranked[1]!.coverage).toBe(0);
    expect(ranked[1]!.unknown).toContain("faultHandling");
  });

  it("total cost comes before hourly price: a cheaper hourly price does not win a costlier job", () => {
    const ranked = rankCandidates([
      { id: "cheap-hour", dimensions: dims(aws), totalCost: 200, hourlyPrice: 1 },
      { id: "cheap-job", dimensions: dims(aws), totalCost: 100, hourlyPrice: 3 },
    ]);
    expect(ranked[0]!.id).toBe("cheap-job");
    expect(ranked[0]!.totalCostScore).toBe(100);
    expect(ranked[1]!.totalCostScore).toBe(50);
  });

  it("hourly price only breaks ties", () => {
    const ranked = rankCandidates([
      { id: "b", dimensions: dims(aws), totalCost: 100, hourlyPrice: 3 },
      { id: "a", dimensions: dims(aws), totalCost: 100, hourlyPrice: 2 },
    ]);
    expect(ranked.map((r) => r.id)).toEqual(["a", "b"]);
  });

  it("user weights change the order", () => {
    const slaOnly: ProviderEvidence = {
      ...empty,
      slug: "sla",
      facts: [f("compute_sla_percent", "99.5%", 99.5)],
    };
    const netOnly: ProviderEvidence = { ...empty, slug: "net", offerInterconnects: ["INFINIBAND"] };
    const candidates = [
      { id: "sla", dimensions: dims(slaOnly), totalCost: null, hourlyPrice: null },
      { id: "net", dimensions: dims(netOnly), totalCost: null, hourlyPrice: null },
    ];
    expect(rankCandidates(candidates).map((r) => r.id)).toEqual(["net", "sla"]);
    const faultOnly = { ...DEFAULT_WEIGHTS, network: 0 };
    expect(rankCandidates(candidates, faultOnly).map((r) => r.id)).toEqual(["sla", "net"]);
    expect(rankCandidates(candidates, faultOnly)[1]!.combined).toBeNull();
  });
});

describe("storage prices in another currency", () => {
  it("compares only USD numbers with the USD bands (a CNY price is unknown here, not cheap)", () => {
    const fact = (unit: string, numericValue: number) => ({
      key: "block_storage_ssd_per_gb_month",
      scope: "",
      value: "x",
      numericValue,
      unit,
      sourceUrl: "https://example.com",
    });
    const billingOf = (facts: ReturnType<typeof fact>[]) =>
      scoreProviderDimensions({ slug: "p", facts, offerInterconnects: [] }).find(
        (d) => d.dimension === "billing",
      )!;
    // 0.5 CNY/GiB-month read as USD would fall in the worst band (0.2): it must not be read at all.
    expect(billingOf([fact("CNY/GiB-month", 0.5)]).status).toBe("unknown");
    // 0.08 USD/GB-month: the ≤ 0.10 band (0.7), as before.
    const usd = billingOf([fact("USD/GB-month", 0.08), fact("CNY/GiB-month", 0.5)]);
    expect(usd.signals.map((s) => s.params)).toEqual([{ usdPerGbMonth: 0.08 }]);
  });
});

describe("egress prices in another currency", () => {
  it("does not show a CNY egress price as USD (Tencent's 0.80 CNY/GB read 'costs 0.8 USD/GB')", () => {
    const fact = (unit: string, numericValue: number) => ({
      key: "egress_internet_per_gb",
      scope: "",
      value: "x",
      numericValue,
      unit,
      sourceUrl: "https://example.com",
    });
    const egressOf = (facts: ReturnType<typeof fact>[]) =>
      scoreProviderDimensions({ slug: "p", facts, offerInterconnects: [] })
        .find((d) => d.dimension === "network")!
        .signals.filter((s) => s.item === "egress");
    expect(egressOf([fact("CNY/GB", 0.8)])).toEqual([]);
    // A USD rate beside it is the one compared with the bands.
    expect(egressOf([fact("USD/GB", 0.09), fact("CNY/GB", 0.8)]).map((s) => s.params)).toEqual([
      { usdPerGb: 0.09 },
    ]);
  });
});
