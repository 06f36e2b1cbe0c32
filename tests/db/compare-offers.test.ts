// The /matrix/compare read model on the real seed: prices per pricing model and their
// conversion checked against the seed files themselves (prisma/seed/data/*.ts), and the
// default job's TCO checked against lib/tco called directly on offers built here by hand.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import type { SeedFact, SeedOffer } from "../../prisma/seed/types.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { fxTable } from "../../lib/tco/currency.ts";
import { evaluateScenario } from "../../lib/tco/evaluate.ts";
import { fromCents } from "../../lib/tco/money.ts";
import { scenarioSchema, type TcoOffer } from "../../lib/tco/schema.ts";
import { importNativeOffers } from "../../server/catalog/import-native.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { applySeed } from "../../server/db/seed.ts";
import { computeScenario } from "../../server/scenarios/compute.ts";
import { defaultScenarioDocument, scenarioDocumentSchema } from "../../lib/scenarios/document.ts";
import {
  defaultJobFor,
  defaultJobRequest,
  getCompareOffers,
  parseCompareParams,
} from "../../server/queries/compare-offers.ts";
import { fixture, fixtureCatalog } from "../catalog/helpers.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

const D = Prisma.Decimal;
const NOW = new Date("2026-11-30T12:00:00Z");

const PICKS = [
  { provider: "aws", region: "us-east-1", instanceType: "p5.48xlarge" },
  { provider: "lambda", region: "us-east-1", instanceType: "gpu_8x_h100_sxm5" },
  { provider: "coreweave", region: "US-EAST-01", instanceType: "gd-8xh100ib-i128" },
] as const;

function seedOffer(pick: (typeof PICKS)[number]): SeedOffer {
  const offer = seedData.offers.find(
    (o) => o.provider === pick.provider && o.region === pick.region && o.instanceType === pick.instanceType,
  );
  if (!offer) throw new Error(`seed offer ${pick.instanceType} missing`);
  return offer;
}

/** The newest USD→CNY rate in the seed file. */
const latestRate = [...seedData.fxRates]
  .filter((r) => r.base === "USD" && r.quote === "CNY")
  .sort((a, b) => b.asOf.localeCompare(a.asOf))[0]!;

function fact(provider: string, key: string, scopes: string[] = [""]): SeedFact | undefined {
  const all = seedData.facts.filter((f) => f.provider === provider && f.key === key);
  for (const scope of scopes) {
    const hit = all.find((f) => (f.scope ?? "") === scope);
    if (hit) return hit;
  }
  return [...all].sort((a, b) => (a.scope ?? "").localeCompare(b.scope ?? ""))[0];
}
const num = (f: SeedFact | undefined) => {
  if (f?.numericValue === undefined) return undefined;
  // Per GiB as the source states it → per GB (1 GiB = 1.073741824 GB).
  return f.unit?.includes("GiB") ? Number(f.numericValue) / 1.073741824 : Number(f.numericValue);
};
/** The assumption for an unknown line: the median of the seed providers with a USD number for it. */
function marketMedian(key: string): number | undefined {
  const providers = [...new Set(seedData.facts.filter((f) => f.key === key).map((f) => f.provider))];
  const values = providers
    .map((p) => fact(p, key))
    .filter((f) => f?.numericValue !== undefined && (f.unit ?? "").startsWith("USD/"))
    .map((f) => num(f)!)
    .sort((a, b) => a - b);
  if (values.length === 0) return undefined;
  const mid = Math.floor(values.length / 2);
  return values.length % 2 ? values[mid] : (values[mid - 1]! + values[mid]!) / 2;
}
/** A line's rate: sourced, stated free, else the market median (the loader marks it assumed). */
function rate(provider: string, key: string): number | undefined {
  const known = num(fact(provider, key));
  if (known !== undefined) return known;
  if (key === "egress_internet_per_gb" && fact(provider, "free_egress")?.value.startsWith("yes")) return 0;
  return marketMedian(key);
}

const GRANULARITY: Record<string, number> = { PER_SECOND: 1, PER_MINUTE: 60, PER_HOUR: 3600 };

/** The engine's offer, written from the seed file (not through the server loader). */
function engineOffer(id: string, seed: SeedOffer, tflops: number): TcoOffer {
  const price = (m: string) => seed.prices.find((p) => p.model === m);
  const onDemand = Number(price("ON_DEMAND")!.hourly);
  const spot = price("SPOT");
  const r3 = num(fact(seed.provider, "reserved_discount_3y_percent"));
  const r1 = num(fact(seed.provider, "reserved_discount_1y_percent"));
  const od = price("ON_DEMAND")!;
  // The price row's rule, else the provider's stated terms (Lambda: "per minute").
  const terms = fact(seed.provider, "billing_granularity")?.value ?? "";
  const billing = od.billingGranularity
    ? {
        granularitySeconds: GRANULARITY[od.billingGranularity]!,
        minimumSeconds: od.minimumBillableSeconds ?? 0,
      }
    : {
        granularitySeconds: terms.startsWith("per minute") ? 60 : terms.startsWith("per second") ? 1 : 3600,
        minimumSeconds: /60 s minimum|1 minute minimum/.test(terms) ? 60 : 0,
      };
  // Lambda has no snapshot product: the job keeps that copy in object storage instead.
  const noSnapshots = fact(seed.provider, "snapshots_offered")?.value.startsWith("no") ?? false;
  const sla = num(fact(seed.provider, "compute_sla_percent", ["instance", ""]));
  const notice = num(fact(seed.provider, "spot_interruption_notice_seconds"));
  return {
    id,
    name: seed.instanceType,
    gpuCount: seed.gpuCount,
    currency: "USD",
    prices: {
      on_demand: onDemand,
      ...(spot ? { spot: Number(spot.hourly) } : {}),
      ...(r1 !== undefined ? { reserved_1y: onDemand * (1 - r1 / 100) } : {}),
      ...(r3 !== undefined ? { reserved_3y: onDemand * (1 - r3 / 100) } : {}),
    },
    billing,
    billingByModel: { on_demand: billing, ...(spot ? { spot: billing } : {}) },
    egressPerGb: rate(seed.provider, "egress_internet_per_gb"),
    freeEgressGb: num(fact(seed.provider, "free_egress_gb_per_month")) ?? 0,
    ingressPerGb: rate(seed.provider, "ingress_per_gb"),
    blockStoragePerGbMonth: rate(seed.provider, "block_storage_ssd_per_gb_month"),
    objectStoragePerGbMonth: rate(seed.provider, "object_storage_per_gb_month"),
    snapshotPerGbMonth: noSnapshots
      ? rate(seed.provider, "object_storage_per_gb_month")
      : rate(seed.provider, "snapshot_per_gb_month"),
    interconnect: seed.interconnect,
    denseTflopsPerGpu: tflops,
    ...(sla !== undefined ? { slaPercent: sla } : {}),
    ...(notice !== undefined ? { spotInterruptionNoticeSeconds: notice } : {}),
  };
}

describe("compare URL parameters", () => {
  it.each([
    ["nothing", undefined, "missing"],
    ["one id", "ckabcdefghijklmnopqrstuvw", "tooFew"],
    ["the same id twice", "ckabcdefghijklmnopqrstuvw,ckabcdefghijklmnopqrstuvw", "tooFew"],
    ["six ids", Array.from({ length: 6 }, (_, i) => `ckabcdefghijklmnopqrstuv${i}`).join(","), "tooMany"],
    ["a malformed id", "ckabcdefghijklmnopqrstuvw,bad id!", "malformed"],
  ])("refuses %s", (_, value, reason) => {
    const parsed = parseCompareParams(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toBe(reason);
  });

  it("accepts the seed's cuids and the importers' UUIDs alike", () => {
    const uuid = "3f2b8c1e-9a4d-4e6b-8f0a-1c2d3e4f5a6b";
    expect(parseCompareParams(`ckabcdefghijklmnopqrstuvw,${uuid}`)).toEqual({
      ok: true,
      ids: ["ckabcdefghijklmnopqrstuvw", uuid],
    });
  });

  it("accepts 2–5 ids, trimmed, in order", () => {
    expect(parseCompareParams(" ckabcdefghijklmnopqrstuvw , ckbbcdefghijklmnopqrstuvw,")).toEqual({
      ok: true,
      ids: ["ckabcdefghijklmnopqrstuvw", "ckbbcdefghijklmnopqrstuvw"],
    });
  });
});

describe.each(testDbKinds)("compare read model on %s", (kind) => {
  let db: TestDatabase;
  let ids: string[];
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
    ids = [];
    for (const pick of PICKS) {
      const row = await db.prisma.offer.findFirstOrThrow({
        where: {
          instanceType: pick.instanceType,
          provider: { slug: pick.provider },
          region: { code: pick.region },
        },
      });
      ids.push(row.id);
    }
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("shows every listed price per model in USD, per instance-hour and per GPU-hour", async () => {
    const view = await getCompareOffers(
      ids,
      { currency: "USD", locale: "en", now: NOW, withTco: false },
      db.prisma,
    );
    expect(view.missing).toEqual([]);
    expect(view.offers.map((o) => o.instanceType)).toEqual(PICKS.map((p) => p.instanceType));
    for (const [i, pick] of PICKS.entries()) {
      const seed = seedOffer(pick);
      const offer = view.offers[i]!;
      expect(offer.gpuCount).toBe(seed.gpuCount);
      expect(offer.vramTotalGb).toBe(80 * seed.gpuCount);
      for (const p of seed.prices) {
        const shown = offer.prices[p.model]!;
        expect(shown.listed).toEqual({ hourly: new D(p.hourly).toFixed(), currency: "USD" });
        expect(shown.hourly).toBe(new D(p.hourly).toFixed());
        expect(shown.perGpuHour).toBe(new D(p.hourly).div(seed.gpuCount).toDecimalPlaces(6).toFixed());
        expect(shown.fx).toBeNull();
        // Stale after 90 days: the AWS snapshot (2025-03-01) is, Lambda's (2026-09-25) is not.
        const days = (NOW.getTime() - Date.parse(p.observedAt)) / 86_400_000;
        expect(shown.stale).toBe(days > 90);
      }
    }
    // Lambda lists no spot price and publishes no reserved discount.
    expect(view.offers[1]?.prices.SPOT).toBeUndefined();
    expect(view.offers[1]?.prices.RESERVED_3Y).toBeUndefined();
    // AWS's published 3-year discount (72 %) gives a derived reserved rate: 98.32 × 0.28.
    expect(view.offers[0]?.prices.RESERVED_3Y).toMatchObject({
      hourly: "27.5296",
      perGpuHour: "3.4412",
      derivedDiscountPercent: "72",
    });
  });

  it("converts to yuan with the newest dated rate, and shows it", async () => {
    const view = await getCompareOffers(
      ids,
      { currency: "CNY", locale: "zh-CN", now: NOW, withTco: false },
      db.prisma,
    );
    const aws = view.offers[0]!;
    const seed = seedOffer(PICKS[0]);
    const od = seed.prices.find((p) => p.model === "ON_DEMAND")!;
    const expected = new D(od.hourly).mul(latestRate.rate);
    expect(aws.prices.ON_DEMAND?.currency).toBe("CNY");
    expect(aws.prices.ON_DEMAND?.hourly).toBe(expected.toDecimalPlaces(6).toFixed()); // 98.32 × 6.9843
    expect(aws.prices.ON_DEMAND?.hourly).toBe("686.696376");
    expect(aws.prices.ON_DEMAND?.perGpuHour).toBe(expected.div(8).toDecimalPlaces(6).toFixed());
    expect(aws.prices.ON_DEMAND?.fx).toMatchObject({ base: "USD", quote: "CNY", rate: latestRate.rate });
    expect(aws.prices.ON_DEMAND?.fx?.asOf.slice(0, 10)).toBe(latestRate.asOf);
    // Money facts are converted too: AWS egress $0.09/GB.
    expect(aws.facts.egress_internet_per_gb?.amount).toBe(new D("0.09").mul(latestRate.rate).toFixed());
    expect(aws.facts.egress_internet_per_gb?.currency).toBe("CNY");
  });

  it("gives each provider fact with its source, and downtime from the SLA", async () => {
    const view = await getCompareOffers(
      ids,
      { currency: "USD", locale: "en", now: NOW, withTco: false },
      db.prisma,
    );
    const aws = view.offers[0]!;
    const sla = fact("aws", "compute_sla_percent", ["instance"])!;
    expect(aws.facts.compute_sla_percent).toMatchObject({ amount: "99.5", sourceUrl: sla.sourceUrl });
    // (100 − 99.5) % of 8,760 h = 43.8 h a year.
    expect(aws.facts.compute_sla_percent?.downtimeHoursPerYear).toBeCloseTo(43.8, 6);
    // The region-level SLA (2+ zones) is shown apart: 99.99 % = 0.876 h a year.
    const region = fact("aws", "compute_sla_percent", ["region"])!;
    expect(aws.slaRegion).toMatchObject({ amount: "99.99", sourceUrl: region.sourceUrl });
    expect(aws.slaRegion?.downtimeHoursPerYear).toBeCloseTo(0.876, 6);
    expect(view.offers[1]?.slaRegion).toBeNull();
    expect(aws.facts.spot_interruption_notice_seconds?.amount).toBe("120");
    // Lambda publishes no egress price in the seed: unknown, not zero.
    expect(view.offers[1]?.facts.egress_internet_per_gb).toBeUndefined();
  });

  it("compares offers from every importer (SkyPilot and native rows have UUID ids) with the seed's", async () => {
    await importSkypilot(db.prisma, [fixtureCatalog("good-vms.csv", "fixturecloud", "2026-11-01T00:00:00Z")]);
    await importNativeOffers(db.prisma, fixture("native-offers.csv"));
    const skypilot = await db.prisma.offer.findFirstOrThrow({
      where: { provider: { slug: "fixturecloud" } },
    });
    const native = await db.prisma.offer.findFirstOrThrow({
      where: { provider: { slug: "yunfix" }, instanceType: "gn8.8xh100" },
    });
    const link = [ids[0]!, skypilot.id, native.id].join(",");
    const parsed = parseCompareParams(link);
    expect(parsed).toEqual({ ok: true, ids: [ids[0], skypilot.id, native.id] });
    const view = await getCompareOffers(
      parsed.ok ? parsed.ids : [],
      { currency: "USD", locale: "en", now: NOW },
      db.prisma,
    );
    expect(view.missing).toEqual([]);
    expect(view.offers.map((o) => o.id)).toEqual([ids[0], skypilot.id, native.id]);
  });

  it.each(["USD", "CNY"] as const)(
    "gives the same totals as the scenario builder's default job (%s): one default job",
    async (currency) => {
      const view = await getCompareOffers(ids, { currency, locale: "en", now: NOW }, db.prisma);
      const document = scenarioDocumentSchema.parse({
        ...defaultScenarioDocument(ids.map((id) => ({ kind: "catalog", id }))),
        currency,
      });
      const built = await computeScenario(db.prisma, document);
      let compared = 0;
      for (const row of built.en.rows) {
        const [offerId, model] = row.key.split(":");
        const shown = view
          .tco!.offers.find((o) => o.offerId === offerId)
          ?.results.find((r) => r.pricingModel === model);
        expect(shown?.total, row.key).toBe(row.total);
        compared++;
      }
      expect(compared).toBeGreaterThanOrEqual(3);
    },
  );

  it("lists unknown ids instead of comparing", async () => {
    const view = await getCompareOffers(
      [ids[0]!, "ckunknownunknownunknown00"],
      { currency: "USD", locale: "en", now: NOW },
      db.prisma,
    );
    expect(view.missing).toEqual(["ckunknownunknownunknown00"]);
    expect(view.tco).toBeNull();
  });

  it.each(["USD", "CNY"] as const)(
    "prices the default job in %s exactly as lib/tco does",
    async (currency) => {
      const view = await getCompareOffers(ids, { currency, locale: "en", now: NOW }, db.prisma);
      const tco = view.tco!;
      // Every compared GPU (H100 SXM) has a dense BF16 figure: the job is sized in FLOPs.
      expect(tco.job.kind).toBe("flops");
      const tflops = seedData.gpuModels.find((g) => g.slug === "h100-sxm-80gb")!.bf16DenseTflops!;
      const offers = PICKS.map((pick, i) => engineOffer(ids[i]!, seedOffer(pick), tflops));
      const scenario = scenarioSchema.parse(
        (({ offers: _o, locale: _l, ...rest }) => rest)(
          defaultJobRequest(
            defaultJobFor(offers.map(() => ({ bf16DenseTflopsPerGpu: tflops }))),
            ids,
            currency,
            "en",
          ),
        ),
      );
      const fx = fxTable(Number(latestRate.rate), latestRate.asOf, "catalog");
      const direct = evaluateScenario(scenario, offers, fx);

      let compared = 0;
      for (const [i, id] of ids.entries()) {
        const shown = tco.offers[i]!;
        expect(shown.offerId).toBe(id);
        for (const result of shown.results) {
          const expected = direct.results.find(
            (r) => r.offer.id === id && r.pricingModel === result.pricingModel,
          );
          expect(expected, `${id} ${result.pricingModel}`).toBeDefined();
          expect(result.total).toBe(expected!.totalCents === null ? null : fromCents(expected!.totalCents));
          expect(result.lines.map((l) => [l.kind, l.amount])).toEqual(
            expected!.lines.map((l) => [l.kind, fromCents(l.cents)]),
          );
          compared++;
        }
        const models = shown.results.map((r) => r.pricingModel);
        expect(models).toContain("on_demand");
      }
      // AWS: on-demand, spot, reserved 3y; Lambda: on-demand; CoreWeave: on-demand, spot, reserved 3y.
      expect(compared).toBe(direct.results.length);
      expect(compared).toBe(7);
      // Hand check of AWS on-demand compute: 5.6e19 FLOPs ÷ (8 × 989.4e12 × 0.4) s, plus the
      // default job's 10 min boot and 20 min setup (the builder's default job too), per second.
      const hours = (6 * 7e9 * 2e9 * (2 / 3)) / (8 * tflops * 1e12 * 0.4) / 3600 + 30 / 60;
      const compute = tco.offers[0]!.results.find((r) => r.pricingModel === "on_demand")!.lines[0]!;
      const rate = currency === "USD" ? 1 : Number(latestRate.rate);
      expect(compute.kind).toBe("compute");
      expect(compute.amount).toBeCloseTo((Math.ceil(hours * 3600) / 3600) * 98.32 * rate, 1);
    },
  );
});
