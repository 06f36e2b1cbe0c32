// The scoring rule against the cases the audit found on the full public catalog (issue 21 §1):
// a population modelled on the catalog's facts (values as in prisma/seed/data/facts.ts).
import { describe, expect, it } from "vitest";

import type { FactEvidence, InterconnectEvidence, ProviderEvidence } from "./evidence.ts";
import { EVIDENCE_ITEM_IDS } from "./dimensions.ts";
import { DEFAULT_WEIGHTS } from "./ranking.ts";
import { MIN_KNOWN_ITEMS, scoreProviders, type ProviderScore } from "./rule.ts";

const f = (key: string, value: string, numericValue: number | null = null, scope = ""): FactEvidence => ({
  key,
  scope,
  value,
  numericValue,
  sourceUrl: `https://example.com/${key}`,
});
const p = (slug: string, facts: FactEvidence[], offerInterconnects: InterconnectEvidence[] = []) => ({
  slug,
  facts,
  offerInterconnects,
});

const aws = p(
  "aws",
  [
    f("spot_interruption_notice_seconds", "120 seconds", 120),
    f("egress_internet_per_gb", "$0.09/GB", 0.09),
    f("ingress_per_gb", "$0", 0),
    f("block_storage_ssd_per_gb_month", "$0.08", 0.08, "ebs-gp3"),
    f("object_storage_per_gb_month", "$0.023", 0.023),
    f("snapshot_per_gb_month", "$0.05", 0.05),
    f("compute_sla_percent", "99.99% (region)", 99.99, "region"),
    f("compute_sla_percent", "99.5% (single instance)", 99.5, "instance"),
    f("sla_credit", "10%", 10),
    f("billing_granularity", "per second, 60 s minimum"),
    f("support_plan_price", "Business: ..."),
  ],
  ["ETHERNET", "NVLINK", "PCIE"],
);
const gcp = p(
  "gcp",
  [
    f("spot_interruption_notice_seconds", "30 seconds", 30),
    f("compute_sla_percent", ">= 99.99%", 99.99, "region"),
    f("compute_sla_percent", ">= 99.9%", 99.9, "instance"),
    f("egress_internet_per_gb", "$0.12/GB", 0.12),
    f("ingress_per_gb", "free", 0),
    f("block_storage_ssd_per_gb_month", "$0.10", 0.1, "pd-balanced"),
    f("object_storage_per_gb_month", "$0.020", 0.02),
    f("snapshot_per_gb_month", "$0.05", 0.05),
    f("support_plan_price", "Enhanced"),
    f("billing_granularity", "per second, 1 minute minimum"),
  ],
  ["NVLINK", "PCIE"],
);
const runpod = p(
  "runpod",
  [
    f("billing_granularity", "per second (compute and storage)"),
    f("free_egress", "yes"),
    f("ingress_per_gb", "no fee", 0),
    f("spot_interruption_notice_seconds", "5 seconds", 5),
    f("block_storage_ssd_per_gb_month", "$0.10", 0.1, "volume-disk-running"),
    f("block_storage_ssd_per_gb_month", "$0.07", 0.07, "network-volume"),
  ],
  ["PCIE", "NVLINK"],
);
/** Same as RunPod but nobody knows its spot notice. */
const runpodNoNotice = p(
  "runpod-without-notice",
  runpod.facts.filter((x) => x.key !== "spot_interruption_notice_seconds"),
  runpod.offerInterconnects,
);
const lambda = p(
  "lambda",
  [
    f("billing_granularity", "per minute"),
    f("block_storage_ssd_per_gb_month", "$0.20 per GiB", 0.186265, "filesystem"),
    f("free_egress", "yes"),
  ],
  ["NVLINK"],
);
/** Oracle OCI in the catalog: three facts, zero instances. */
const oci = p("oci", [
  f("free_egress", "yes (first 10 TB/month)"),
  f("ingress_per_gb", "free", 0),
  f("spot_discount_max_percent", "50%", 50),
]);
/** The 13 catalog providers whose only evidence is "offers NVLink". */
const nvlinkOnly = Array.from({ length: 13 }, (_, i) => p(`nvlink-only-${i + 1}`, [], ["NVLINK"]));
const vast = p(
  "vast",
  [f("billing_granularity", "per second"), f("free_egress", "no (billed by host)")],
  ["PCIE"],
);

const population: ProviderEvidence[] = [aws, gcp, runpod, lambda, oci, vast, ...nvlinkOnly];
const scores = scoreProviders(population, DEFAULT_WEIGHTS);
const by = (slug: string, list: ProviderScore[] = scores) => list.find((s) => s.slug === slug)!;
const position = (slug: string, list: ProviderScore[] = scores) => list.findIndex((s) => s.slug === slug);

describe("scoring rule (issue 21 §1 cases)", () => {
  it.each(nvlinkOnly.map((x) => [x.slug]))(
    "%s (only 'offers NVLink'): not 100, no rank, after AWS",
    (slug) => {
      const s = by(slug);
      expect(s.observed).toBe(100); // what the single fact says…
      expect(s.lowerConfidence).not.toBe(100); // …is not what is known about the provider
      expect(s.lowerConfidence!).toBeLessThan(by("aws").lowerConfidence!);
      expect(s.status).toBe("insufficientEvidence");
      expect(s.rank).toBeNull();
      expect(s.coverage).toEqual({ known: 1, considered: EVIDENCE_ITEM_IDS.length, share: 0.042 });
      expect(position(slug)).toBeGreaterThan(position("aws"));
    },
  );

  it.each([
    ["oci (0 instances, 2 scored facts)", "oci", 2],
    ["vast (2 facts + PCIe offers)", "vast", 3],
    ["lambda (3 facts + NVLink offers)", "lambda", 4],
  ] as const)("coverage is stated as known / considered: %s", (_name, slug, known) => {
    expect(by(slug).coverage.known).toBe(known);
    expect(by(slug).coverage.considered).toBe(EVIDENCE_ITEM_IDS.length);
    expect(by(slug).status).toBe(known >= MIN_KNOWN_ITEMS ? "ranked" : "insufficientEvidence");
  });

  it("Oracle OCI with 0 instances does not score 100 and gets no rank", () => {
    const s = by("oci");
    expect(s.lowerConfidence).not.toBe(100);
    expect(s.lowerConfidence!).toBeLessThan(100);
    expect(s.rank).toBeNull();
    expect(s.unknownItems).toContain("interconnect");
  });

  it("RunPod does not rank last because its 5 s spot notice is known", () => {
    const ranked = scores.filter((s) => s.status === "ranked");
    expect(ranked.at(-1)!.slug).not.toBe("runpod");
    // The same provider without the notice fact scores no better under the lower-confidence
    // score: a known weakness never loses to the same weakness unknown.
    const pair = scoreProviders([...population, runpodNoNotice], DEFAULT_WEIGHTS);
    expect(by("runpod", pair).lowerConfidence).toBe(by("runpod-without-notice", pair).lowerConfidence);
    expect(by("runpod", pair).coverage.known).toBe(by("runpod-without-notice", pair).coverage.known + 1);
    expect(position("runpod", pair)).toBeLessThan(position("runpod-without-notice", pair));
  });

  it("AWS is ranked, with every pre-issue-27 item known, above every provider resting on one fact", () => {
    const s = by("aws");
    expect(s.status).toBe("ranked");
    // 11 price/SLA/billing items known; the 13 security and support items nobody in this
    // population states are unknown and, since no provider shows them, filled for no one.
    expect(s.coverage).toEqual({ known: 11, considered: 24, share: 0.458 });
    expect(EVIDENCE_ITEM_IDS).toHaveLength(24);
    expect(s.lowerConfidence).toBe(s.observed); // nothing unknown, nothing assumed
    for (const d of s.lowerConfidenceDimensions) expect(d.assumed).toEqual([]);
  });

  it("ranked providers come first, numbered 1…n; the rest have no rank", () => {
    const firstUnranked = scores.findIndex((s) => s.status !== "ranked");
    expect(scores.slice(firstUnranked).every((s) => s.status === "insufficientEvidence")).toBe(true);
    expect(scores.slice(0, firstUnranked).map((s) => s.rank)).toEqual(
      Array.from({ length: firstUnranked }, (_, i) => i + 1),
    );
    expect(scores.map((s) => s.slug).slice(0, firstUnranked)).toEqual(["aws", "gcp", "runpod", "lambda"]);
  });

  it("unknown items are filled with the worst value observed in the population, and say so", () => {
    const fault = by("lambda").lowerConfidenceDimensions.find((d) => d.dimension === "faultHandling")!;
    // Worst instance SLA observed: AWS 99.5 % (0.6); worst notice: RunPod 5 s (0.3).
    expect(fault.assumed).toEqual([
      { item: "instanceSla", value: 0.6 },
      { item: "spotNotice", value: 0.3 },
    ]);
    expect(fault.score).toBeCloseTo(((0.6 + 0.3) / 2) * 100, 1);
    const billing = by("oci").lowerConfidenceDimensions.find((d) => d.dimension === "billing")!;
    // Worst block storage: Lambda's $0.186/GiB-month (0.4); worst granularity: per minute (0.8).
    expect(billing.assumed).toEqual(
      expect.arrayContaining([
        { item: "billingGranularity", value: 0.8 },
        { item: "blockStoragePrice", value: 0.4 },
      ]),
    );
  });

  it("an item every provider states with the same value is not filled (it would reward the unknown)", () => {
    // Every known ingress price is 0 and every SLA credit is "stated": Lambda's unknown ingress
    // and GCP's unknown credit are not filled with the known value.
    const network = by("lambda").lowerConfidenceDimensions.find((d) => d.dimension === "network")!;
    expect(network.assumed).toEqual([]);
    const fault = by("gcp").lowerConfidenceDimensions.find((d) => d.dimension === "faultHandling")!;
    expect(fault.assumed).toEqual([]);
    expect(by("gcp").lowerConfidence).toBe(by("gcp").observed);
  });

  it("a provider with no evidence at all has no score (null, not 0) and sorts last", () => {
    const none = scoreProviders([...population, p("empty", [])], DEFAULT_WEIGHTS);
    expect(by("empty", none)).toMatchObject({ observed: null, lowerConfidence: null, rank: null });
    expect(none.at(-1)!.slug).toBe("empty");
  });

  it("an item no provider shows (a team's nvidia-smi checks) is left out for everyone", () => {
    for (const s of scores) {
      const hardware = s.lowerConfidenceDimensions.find((d) => d.dimension === "hardware")!;
      expect(hardware).toEqual({ dimension: "hardware", score: null, assumed: [] });
    }
  });

  it("the score uses the instance-level SLA, not the region-level one", () => {
    const fault = by("aws").dimensions.find((d) => d.dimension === "faultHandling")!;
    const sla = fault.signals.find((x) => x.reason === "slaPercent")!;
    expect(sla.params).toEqual({ percent: 99.5 });
    expect(sla.facts.map((x) => x.scope)).toEqual(["instance"]);
    const regionOnly = scoreProviders(
      [p("r", [f("compute_sla_percent", "99.99% (region)", 99.99, "region")])],
      DEFAULT_WEIGHTS,
    );
    expect(regionOnly[0]!.knownItems).not.toContain("instanceSla");
  });
});
