// Security and support dimensions from the issue-27 facts, table-driven: each yes/no item is
// one signal (yes 1, partial 0.4, no 0, anything else unknown), the support response target and
// channels are banded, and the rule of lib/scoring/rule.ts (coverage, worst observed value for
// an unknown, "not enough evidence" below MIN_KNOWN_ITEMS) applies to them as to every item.
import { describe, expect, it } from "vitest";

import { scoreProviderDimensions, yesNoValue, type Dimension } from "./dimensions.ts";
import type { FactEvidence, ProviderEvidence } from "./evidence.ts";
import { DEFAULT_WEIGHTS } from "./ranking.ts";
import { scoreProviders } from "./rule.ts";

const f = (key: string, value: string, numericValue: number | null = null, scope = ""): FactEvidence => ({
  key,
  scope,
  value,
  numericValue,
  sourceUrl: `https://example.com/${key}/${scope}`,
});
const p = (slug: string, facts: FactEvidence[]): ProviderEvidence => ({
  slug,
  facts,
  offerInterconnects: [],
});
const dim = (facts: FactEvidence[], d: Dimension) =>
  scoreProviderDimensions(p("x", facts)).find((x) => x.dimension === d)!;

describe("yes/no values", () => {
  it.each([
    ["yes — SOC 2 Type II report", 1],
    ["Yes", 1],
    ["partial — Secure Cloud hosts only", 0.4],
    ["in progress (expected this year)", 0.4],
    ["no — not offered", 0],
    ["No", 0],
    ["SOC audit (type not stated)", null],
    ["nothing to say", null],
    ["yesterday", null],
    ["nobody knows", null],
  ] as const)("%s → %s", (text, value) => {
    expect(yesNoValue(text)).toBe(value);
  });
});

describe("security dimension from facts", () => {
  it.each([
    ["nothing stated: unknown, not 0", [], null, []],
    ["one yes (SOC 2 Type II)", [f("soc2_type2", "yes — report in the trust portal")], 100, ["soc2"]],
    [
      "one sourced no (no HIPAA BAA) is a 0, not unknown",
      [f("hipaa_baa", "no — not offered")],
      0,
      ["hipaaBaa"],
    ],
    [
      "VPC yes + encryption at rest yes + HIPAA no = 66.7",
      [
        f("vpc_private_networking", "yes"),
        f("encryption_at_rest", "yes — AES-256 by default"),
        f("hipaa_baa", "no"),
      ],
      66.7,
      ["vpc", "encryptionAtRest", "hipaaBaa"],
    ],
    [
      "partial ISO 27001 (hosts only) + yes GDPR DPA = 70",
      [f("iso27001", "partial — Secure Cloud hosts"), f("gdpr_dpa", "yes")],
      70,
      ["iso27001", "gdprDpa"],
    ],
    [
      "a fact whose words say neither yes nor no is no evidence",
      [f("soc2_type2", "SOC audit (type not stated)")],
      null,
      [],
    ],
    [
      "two scopes of one key: the best stated answer counts once",
      [
        f("encryption_in_transit", "no — not enforced on cluster protocols", null, "dedicated-vast"),
        f("encryption_in_transit", "yes — TLS", null, "api"),
      ],
      100,
      ["encryptionInTransit"],
    ],
    [
      "keys outside the score (PCI DSS, MLPS level) do not score",
      [f("pci_dss", "yes"), f("china_mlps_level", "level 3")],
      null,
      [],
    ],
  ] as const)("%s", (_name, facts, score, items) => {
    const d = dim([...facts], "security");
    expect(d.score).toBe(score);
    expect(d.status).toBe(score === null ? "unknown" : "scored");
    expect(d.signals.map((s) => s.item)).toEqual(items);
    for (const s of d.signals) expect(s.facts.length).toBeGreaterThan(0);
  });

  it("a team's checklist still counts, on top of the facts", () => {
    const d = scoreProviderDimensions({
      ...p("x", [f("vpc_private_networking", "no")]),
      checklist: [{ item: "SCALE_AND_RELEASE", status: "OK" }],
    }).find((x) => x.dimension === "security")!;
    // checklist OK (weight 2, value 1) + VPC no (weight 1, value 0) = 66.7
    expect(d.score).toBe(66.7);
  });
});

describe("support dimension from facts", () => {
  it.each([
    ["nothing stated: unknown", [], null, []],
    ["24/7 yes", [f("support_24x7", "yes — Business and Enterprise plans")], 100, ["support24x7"]],
    ["24/7 no (business hours only)", [f("support_24x7", "no — business hours")], 0, ["support24x7"]],
    [
      "15-minute target (1) + TAM yes (1) + published plan price (0.7) = 90",
      [
        f("support_response_minutes", "15 minutes (Enterprise)", 15),
        f("dedicated_technical_contact", "yes — TAM on Enterprise"),
        f("support_plan_price", "Business: greater of $100 or 10 %"),
      ],
      90,
      ["supportPlan", "dedicatedContact", "supportResponse"],
    ],
    ["a 1-hour target = 80", [f("support_response_minutes", "1 hour", 60)], 80, ["supportResponse"]],
    ["a 4-hour target = 50", [f("support_response_minutes", "4 hours", 240)], 50, ["supportResponse"]],
    ["a 1-day target = 30", [f("support_response_minutes", "1 business day", 1440)], 30, ["supportResponse"]],
    [
      "the fastest of two tiers counts",
      [
        f("support_response_minutes", "4 h", 240, "business"),
        f("support_response_minutes", "15 min", 15, "enterprise"),
      ],
      100,
      ["supportResponse"],
    ],
    [
      "phone + chat + ticket = 3 of 4 channel kinds = 75",
      [f("support_channels", "phone, chat and email")],
      75,
      ["supportChannels"],
    ],
    ["a response target without a number says nothing", [f("support_response_minutes", "fast")], null, []],
  ] as const)("%s", (_name, facts, score, items) => {
    const d = dim([...facts], "support");
    expect(d.score).toBe(score);
    expect(d.signals.map((s) => s.item)).toEqual(items);
  });
});

describe("the rule applies to security and support items", () => {
  const known = p("known", [
    f("soc2_type2", "yes"),
    f("hipaa_baa", "yes"),
    f("vpc_private_networking", "yes"),
    f("support_24x7", "yes"),
  ]);
  const weak = p("weak", [f("soc2_type2", "no"), f("hipaa_baa", "no"), f("support_24x7", "no")]);
  const silent = p("silent", [f("vpc_private_networking", "yes")]);
  const scores = scoreProviders([known, weak, silent], DEFAULT_WEIGHTS);
  const by = (slug: string) => scores.find((s) => s.slug === slug)!;

  it("four known items give a rank; fewer give 'not enough evidence'", () => {
    expect(by("known")).toMatchObject({ status: "ranked", rank: 1 });
    expect(by("weak").status).toBe("insufficientEvidence");
    expect(by("silent").status).toBe("insufficientEvidence");
  });

  it("unknown items are listed and counted at the worst value observed (a stated 'no')", () => {
    const s = by("silent");
    expect(s.unknownItems).toEqual(expect.arrayContaining(["soc2", "hipaaBaa", "support24x7"]));
    expect(s.dimensions.find((d) => d.dimension === "security")!.score).toBe(100);
    const lc = s.lowerConfidenceDimensions.find((d) => d.dimension === "security")!;
    expect(lc.assumed).toEqual([
      { item: "soc2", value: 0 },
      { item: "hipaaBaa", value: 0 },
    ]);
    expect(lc.score).toBeCloseTo(33.3, 1);
    // The silent provider's unknown SOC 2 never beats the weak provider's stated "no".
    expect(s.lowerConfidence!).toBeLessThanOrEqual(100);
  });

  it("an unknown 24/7 is filled with the stated 'no', so silence never outranks a known answer", () => {
    const lc = by("silent").lowerConfidenceDimensions.find((d) => d.dimension === "support")!;
    expect(lc.assumed).toEqual([{ item: "support24x7", value: 0 }]);
    expect(lc.score).toBe(0);
  });
});
