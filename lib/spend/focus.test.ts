import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { attribute, normaliseLabel, type AttributionRule } from "./attribution.ts";
import { costLineOf, parseFocusCsv, pricingModelOf, type FocusRow } from "./focus.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const fixture = (name: string) => readFileSync(path.join(ROOT, "tests/spend/fixtures", name), "utf8");
const SAMPLE = path.resolve(ROOT, "../shared/data/governance/focus-1.0-sample-1000.csv");

const sum = (values: string[]) => Math.round(values.reduce((s, v) => s + Number(v), 0) * 1e6) / 1e6;

describe("parseFocusCsv (fixture)", () => {
  it("reads rows, maps pricing categories and cost lines, reports the quirks", () => {
    const parsed = parseFocusCsv(fixture("focus-small.csv"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.rows).toHaveLength(4);
    expect(parsed.version).toBe("1.0");
    // 10.50 + 4.00 + 2.25 + 1.00 = 17.75 billed; effective 10.50 + 4.00 + 2.25 + 0.80 = 17.55.
    expect(sum(parsed.rows.map((r) => r.billedCost))).toBe(17.75);
    expect(sum(parsed.rows.map((r) => r.effectiveCost))).toBe(17.55);
    expect(parsed.rows.map((r) => r.pricingModel)).toEqual(["on_demand", "spot", "on_demand", "reserved"]);
    expect(parsed.rows.map((r) => r.costLine)).toEqual(["compute", "compute", "snapshot", "egress"]);
    // NULL strings in the columns read: ResourceType 4 + ResourceId 1 + Tags 1 = 6 (ChargeClass is
    // not read).
    expect(parsed.quirks.nullStrings).toBe(6);
    // Row 2's three datetimes have a space and no Z.
    expect(parsed.quirks.naiveDatetimes).toBe(3);
    expect(parsed.quirks.extraColumns).toEqual(["Id"]);
    expect(parsed.quirks.trimmedTagKeys).toBe(1);
    expect(parsed.rows[0]!.tags).toEqual({ team: "ML-Team", project: "llm" });
    expect(parsed.rows[1]!.chargePeriodStart.toISOString()).toBe("2026-11-02T01:00:00.000Z");
  });

  it("refuses a malformed file with the row and column, and no rows", () => {
    const parsed = parseFocusCsv(fixture("focus-malformed.csv"));
    expect(parsed).toEqual({
      ok: false,
      problems: [{ row: 3, column: "BilledCost", reason: '"abc" is not a number' }],
    });
  });

  it("refuses a file without FOCUS's mandatory columns, naming them", () => {
    const parsed = parseFocusCsv("BilledCost,ProviderName\n1,AWS\n");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems[0]!.reason).toMatch(/BillingAccountId.*ServiceName/);
  });

  it("accepts FOCUS 1.3's ServiceProviderName / HostProviderName for the deprecated pair", () => {
    const text = fixture("focus-small.csv").replace(
      '"ProviderName","PublisherName"',
      '"ServiceProviderName","HostProviderName"',
    );
    const parsed = parseFocusCsv(text);
    expect(parsed.ok && parsed.version).toBe("1.3");
    expect(parsed.ok && parsed.rows[0]!.providerName).toBe("AWS");
  });

  it("maps PricingCategory and unknown stays unknown", () => {
    expect(pricingModelOf("Other")).toBeNull();
    expect(pricingModelOf(null)).toBeNull();
    expect(
      costLineOf({
        serviceCategory: "Networking",
        chargeDescription: "Elastic IP address idle",
        resourceType: null,
      }),
    ).toBe("address");
  });
});

describe("attribution", () => {
  const rules: AttributionRule[] = [
    { dimension: "team", source: "tag", key: "Team", match: null, label: null, position: 0 },
    { dimension: "project", source: "tag", key: "project", match: "LLM", label: "llm-pretrain", position: 1 },
  ];
  it("normalises values so ML-Team and ml_team are one team", () => {
    expect(normaliseLabel("ML-Team")).toBe(normaliseLabel("ml_team"));
    const parsed = parseFocusCsv(fixture("focus-small.csv"));
    if (!parsed.ok) throw new Error("fixture");
    const out = parsed.rows.map((r) => attribute(rules, r));
    expect(out).toEqual([
      { team: "ml-team", project: "llm-pretrain" },
      { team: "ml-team", project: null },
      { team: null, project: null }, // no tags: unallocated
      { team: "web", project: null },
    ]);
  });
  it("a sub-account rule covers rows without tags", () => {
    const out = attribute(
      [{ dimension: "team", source: "sub_account", key: "", match: "web", label: "Web Team", position: 0 }],
      {
        tags: null,
        subAccountId: "222",
        subAccountName: "web",
      },
    );
    expect(out.team).toBe("web-team");
  });
});

describe.skipIf(!existsSync(SAMPLE))("parseFocusCsv on the FOCUS 1.0 sample (../shared/data)", () => {
  it("imports all 1,000 rows with the hand sums per provider and per business_unit tag", () => {
    const parsed = parseFocusCsv(readFileSync(SAMPLE, "utf8"));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.rows).toHaveLength(1000);
    const rows = parsed.rows;
    const by = (key: (r: FocusRow) => string | undefined) => {
      const m = new Map<string | undefined, string[]>();
      for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r.billedCost]);
      return m;
    };
    const providers = by((r) => r.providerName);
    // SOURCES.md: sums of BilledCost AWS 18.006639, Microsoft 1.976514, Oracle 0.537074 USD.
    expect(sum(providers.get("AWS")!)).toBe(18.006639);
    expect(sum(providers.get("Microsoft")!)).toBe(1.976514);
    expect(sum(providers.get("Oracle")!)).toBe(0.537074);
    // Hand calculation (python csv + json over the file): business_unit PeoriaData 176 rows
    // 15.958099; rows without a business_unit tag: 340 rows, 0.274164.
    const units = by((r) => r.tags?.business_unit);
    expect(units.get("PeoriaData")).toHaveLength(176);
    expect(sum(units.get("PeoriaData")!)).toBe(15.958099);
    expect(units.get(undefined)).toHaveLength(340);
    expect(sum(units.get(undefined)!)).toBe(0.274164);
    // Quirks read, not fatal: the extra Id column, naive datetimes, NULL strings, " org" keys (23).
    expect(parsed.quirks.extraColumns).toEqual(["Id"]);
    expect(parsed.quirks.naiveDatetimes).toBe(3000);
    expect(parsed.quirks.trimmedTagKeys).toBe(23);
    expect(parsed.quirks.nullStrings).toBeGreaterThan(1000);
    // 8 GPU rows (g5.4xlarge), all on-demand compute.
    const gpu = parsed.rows.filter((r) => r.chargeDescription.includes("g5.4xlarge"));
    expect(gpu).toHaveLength(8);
    expect(new Set(gpu.map((r) => `${r.costLine}/${r.pricingModel}`))).toEqual(
      new Set(["compute/on_demand"]),
    );
  });
});
