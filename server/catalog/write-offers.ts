// Writes normalised offers for one provider inside an import transaction: provider and
// regions created when missing, offers created or updated (hardware facts only), price
// observations only added — never updated — so history is kept and re-imports add nothing.
// An undated observation that repeats the current price is not added (the current one, with
// its date, stays current); only its placeholder flags follow the latest detection.
// With `staging` (a staged import, server/catalog/staged-import.ts) `tx` is the plain client:
// new rows go in short statements, changes to existing rows and the CurrentPrice refresh are
// left to the import's end.
import { randomUUID } from "node:crypto";

import { FLAGS, isDateUnknown } from "../../lib/catalog/quality-rules.ts";
import { guessRegionLocation } from "../../lib/catalog/regions.ts";
import type { Prisma, PricingModel } from "../../generated/prisma/client.ts";
import { insertOffers, insertPrices, type OfferRow, type PriceRow } from "./bulk-insert.ts";
import { refreshCurrentPrices } from "./current-prices.ts";
import { letWaitingQueriesIn, STAGE_CHUNK, yieldTurn, type Staging } from "./staged-import.ts";
import { bump, type ImportReport } from "./import-report.ts";
import type { Tx } from "./run-import.ts";

export interface OfferToWrite {
  region: string;
  regionName?: string;
  regionCountry?: string | null;
  regionContinent?: "AFRICA" | "ASIA" | "EUROPE" | "NORTH_AMERICA" | "OCEANIA" | "SOUTH_AMERICA" | "GLOBAL";
  instanceType: string;
  gpuModel: { id: string; formFactor: string; nvlinkGbps?: number | null };
  gpuCount: number;
  vCpus: number | null;
  ramGb: number | null;
  gpuMemoryGb: number | null;
  interconnect?: "NVLINK" | "PCIE" | "INFINIBAND" | "ROCE" | "ETHERNET";
  /** Which evidence decided the GPU variant (lib/catalog/skypilot.ts VariantRule). */
  variantRule?: string;
  prices: {
    model: PricingModel;
    amount: string;
    currency: string;
    sourceRow: number;
    flags: string[];
    observedAt?: Date;
    sourceUrl?: string;
  }[];
}

const PROVIDER_NAMES: Record<string, string> = {
  aws: "Amazon Web Services",
  gcp: "Google Cloud",
  azure: "Microsoft Azure",
  oci: "Oracle Cloud Infrastructure",
  runpod: "RunPod",
  vast: "Vast.ai",
  lambda: "Lambda",
};

const titleCase = (slug: string) =>
  slug.replace(/(^|[-_ ])(\w)/g, (_, sep: string, c: string) => `${sep ? " " : ""}${c.toUpperCase()}`);

/** The provider with this slug, created from the catalog's cloud name when missing. */
export async function ensureProvider(
  tx: Tx,
  slug: string,
  sourceUrl: string,
  report: ImportReport,
  name?: string,
) {
  const existing = await tx.provider.findUnique({ where: { slug } });
  if (existing) return existing;
  bump(report.created, "providers");
  const nameEn = name ?? PROVIDER_NAMES[slug] ?? titleCase(slug);
  return tx.provider.create({
    data: {
      slug,
      nameEn,
      nameZh: nameEn,
      kind: slug === "vast" ? "MARKETPLACE" : "GPU_CLOUD",
      hqCountry: "ZZ", // ISO 3166 "unknown": not stated by the catalog
      website: "",
      sourceUrl,
    },
  });
}

function interconnectOf(o: OfferToWrite) {
  if (o.interconnect) return o.interconnect;
  const nvlink = o.gpuCount > 1 && (o.gpuModel.formFactor === "SXM" || o.gpuModel.formFactor === "SUPERCHIP");
  return nvlink ? "NVLINK" : "PCIE";
}

export async function writeOffers(
  tx: Tx,
  input: {
    providerId: string;
    offers: OfferToWrite[];
    observedAt: Date;
    sourceUrl: string;
    batchId: string;
    report: ImportReport;
    staging?: Staging;
  },
): Promise<{ pricesAdded: number; pricesChanged: number }> {
  const { providerId, offers, observedAt, sourceUrl, batchId, report, staging } = input;
  // Changes to rows readers already see: now, or (staged) in the import's last transaction.
  const change = (write: (tx: Tx) => Promise<unknown>, offerIds: string[] = []) =>
    staging ? (staging.defer(write, offerIds), Promise.resolve()) : write(tx);
  const pacing = staging ? { chunk: STAGE_CHUNK, between: letWaitingQueriesIn } : undefined;
  const PACE_EVERY = 2_000; // offers between turns for other requests in the loops below (staged)

  // Regions
  const stored = await tx.region.findMany({
    where: { providerId },
    select: { id: true, code: true, country: true, continent: true },
  });
  const regions = new Map(stored.map((r) => [r.code, r.id]));
  // A region an earlier import created without a place (GLOBAL, no country) gets the one the
  // naming rules now know (Lium "GR", "warsaw-poland-1"); a placed region is never changed.
  let placed = 0;
  const named = new Set(offers.map((o) => o.region));
  for (const r of stored) {
    if (r.country !== null || r.continent !== "GLOBAL" || !named.has(r.code)) continue;
    const where = guessRegionLocation(r.code);
    if (where.country === null && where.continent === "GLOBAL") continue;
    await change((t) =>
      t.region.update({ where: { id: r.id }, data: { country: where.country, continent: where.continent } }),
    );
    placed++;
  }
  bump(report.updated, "regions", placed);
  const newRegions: Prisma.RegionCreateManyInput[] = [];
  for (const o of offers) {
    if (regions.has(o.region)) continue;
    const id = randomUUID();
    regions.set(o.region, id);
    const where = guessRegionLocation(o.region);
    newRegions.push({
      id,
      providerId,
      code: o.region,
      name: o.regionName ?? o.region,
      country: o.regionCountry ?? where.country,
      continent: o.regionContinent ?? where.continent,
    });
  }
  if (newRegions.length > 0) await tx.region.createMany({ data: newRegions });
  bump(report.created, "regions", newRegions.length);

  // Offers
  const key = (regionId: string, type: string) => `${regionId}\u0000${type}`;
  const existing = new Map(
    (await tx.offer.findMany({ where: { providerId } })).map((o) => [key(o.regionId, o.instanceType), o]),
  );
  const newOffers: OfferRow[] = [];
  const offerIds: string[] = [];
  // Offers whose current prices or copied columns may change: refreshed in CurrentPrice below.
  const touched = new Set<string>();
  let updated = 0;
  for (const [n, o] of offers.entries()) {
    if (staging && n % PACE_EVERY === PACE_EVERY - 1) await yieldTurn();
    const regionId = regions.get(o.region) as string;
    const wanted = {
      gpuModelId: o.gpuModel.id,
      gpuCount: o.gpuCount,
      vCpus: o.vCpus,
      ramGb: o.ramGb,
      gpuMemoryGb: o.gpuMemoryGb,
    };
    const found = existing.get(key(regionId, o.instanceType));
    if (found) {
      offerIds.push(found.id);
      // The link follows the model (an SXM board's NVLink) unless the row states it.
      const link =
        found.gpuModelId !== wanted.gpuModelId || o.interconnect ? interconnectOf(o) : found.interconnect;
      const differs =
        found.gpuModelId !== wanted.gpuModelId ||
        found.gpuCount !== wanted.gpuCount ||
        (wanted.vCpus !== null && found.vCpus !== wanted.vCpus) ||
        (wanted.ramGb !== null && found.ramGb !== wanted.ramGb) ||
        (wanted.gpuMemoryGb !== null && found.gpuMemoryGb !== wanted.gpuMemoryGb) ||
        (o.variantRule !== undefined && found.variantRule !== o.variantRule) ||
        found.interconnect !== link;
      if (differs) {
        const data = {
          gpuModelId: wanted.gpuModelId,
          gpuCount: wanted.gpuCount,
          ...(wanted.vCpus !== null ? { vCpus: wanted.vCpus } : {}),
          ...(wanted.ramGb !== null ? { ramGb: wanted.ramGb } : {}),
          ...(wanted.gpuMemoryGb !== null ? { gpuMemoryGb: wanted.gpuMemoryGb } : {}),
          ...(o.variantRule !== undefined ? { variantRule: o.variantRule } : {}),
          ...(found.interconnect !== link
            ? {
                interconnect: link,
                interconnectGbps: link === "NVLINK" ? (o.gpuModel.nvlinkGbps ?? null) : null,
              }
            : {}),
        };
        await change((t) => t.offer.update({ where: { id: found.id }, data }), [found.id]);
        updated++;
        touched.add(found.id);
      }
      continue;
    }
    const id = randomUUID();
    offerIds.push(id);
    const interconnect = interconnectOf(o);
    newOffers.push({
      id,
      providerId,
      regionId,
      instanceType: o.instanceType,
      ...wanted,
      interconnect,
      interconnectGbps: interconnect === "NVLINK" ? (o.gpuModel.nvlinkGbps ?? null) : null,
      variantRule: o.variantRule ?? null,
      sourceUrl,
    });
    existing.set(key(regionId, o.instanceType), { id } as never);
  }
  if (newOffers.length > 0) await insertOffers(tx, newOffers, pacing);
  bump(report.created, "offers", newOffers.length);
  bump(report.updated, "offers", updated);
  bump(report.unchanged, "offers", offers.length - newOffers.length - updated);

  // Price observations: add what is new; the unique key makes a re-import a no-op.
  const observedAts = new Set<number>([observedAt.getTime()]);
  for (const o of offers) for (const p of o.prices) if (p.observedAt) observedAts.add(p.observedAt.getTime());
  const seen = new Set(
    (
      await tx.priceObservation.findMany({
        where: { offer: { providerId }, observedAt: { in: [...observedAts].map((t) => new Date(t)) } },
        select: { offerId: true, pricingModel: true, currency: true, observedAt: true },
      })
    ).map((p) => `${p.offerId}/${p.pricingModel}/${p.currency}/${p.observedAt.getTime()}`),
  );
  // The latest dated and the latest undated observation per offer × pricing model × currency,
  // to tell a changed price from a repeated one (the current price is the latest of all).
  // 1971-01-01 = UNKNOWN_DATE_BEFORE (lib/catalog/quality-rules.ts).
  type Latest = {
    id: string;
    offerId: string;
    pricingModel: string;
    currency: string;
    amount: string;
    qualityFlags: string[];
    undated: boolean;
  };
  const latestRows = await tx.$queryRaw<Latest[]>`
    SELECT DISTINCT ON (p."offerId", p."pricingModel", p.currency, p."observedAt" < TIMESTAMP '1971-01-01 00:00:00')
      p.id, p."offerId", p."pricingModel"::text AS "pricingModel", p.currency,
      p."hourlyAmount"::text AS amount, p."qualityFlags",
      p."observedAt" < TIMESTAMP '1971-01-01 00:00:00' AS undated
    FROM "PriceObservation" p JOIN "Offer" o ON o.id = p."offerId"
    WHERE o."providerId" = ${providerId}
    ORDER BY p."offerId", p."pricingModel", p.currency, p."observedAt" < TIMESTAMP '1971-01-01 00:00:00', p."observedAt" DESC`;
  const current = new Map<string, Latest>();
  const latestUndated = new Map<string, Latest>();
  for (const r of latestRows) {
    const key = `${r.offerId}/${r.pricingModel}/${r.currency}`;
    if (r.undated) latestUndated.set(key, r);
    // Dated rows sort first: the current price is dated whenever a dated one exists.
    if (!current.has(key)) current.set(key, r);
  }
  const placeholderOnly = (flags: readonly string[]) =>
    flags.filter((f) => f === FLAGS.placeholderPrice || f.startsWith("placeholder:")).sort();
  const newPrices: PriceRow[] = [];
  let changed = 0;
  let reflagged = 0;
  for (const [i, o] of offers.entries()) {
    if (staging && i % PACE_EVERY === PACE_EVERY - 1) await yieldTurn();
    const offerId = offerIds[i] as string;
    for (const p of o.prices) {
      const at = p.observedAt ?? observedAt;
      const k = `${offerId}/${p.model}/${p.currency}/${at.getTime()}`;
      if (seen.has(k)) continue;
      const key = `${offerId}/${p.model}/${p.currency}`;
      const equal = (x: Latest | undefined): x is Latest =>
        x !== undefined && Number(x.amount) === Number(p.amount);
      const cur = current.get(key);
      const undated = latestUndated.get(key);
      const same = equal(cur) || equal(undated);
      if (same && isDateUnknown(at)) {
        // An undated file repeating the current price (or the last undated one) says nothing
        // new: that observation (perhaps dated, e.g. a seeded 2025-03-01) stays as it is, not
        // "renewed". Its placeholder verdict is the latest import's, though (detection re-runs).
        const latest = equal(cur) ? cur : (undated as Latest);
        const want = placeholderOnly(p.flags);
        const have = placeholderOnly(latest.qualityFlags);
        if (want.join(",") !== have.join(",")) {
          const qualityFlags = [...latest.qualityFlags.filter((f) => !have.includes(f)), ...want];
          await change(
            (t) => t.priceObservation.update({ where: { id: latest.id }, data: { qualityFlags } }),
            [latest.offerId],
          );
          reflagged++;
          touched.add(latest.offerId);
        }
        continue;
      }
      seen.add(k);
      touched.add(offerId);
      if (!same) changed++;
      newPrices.push({
        id: randomUUID(),
        offerId,
        pricingModel: p.model,
        hourlyAmount: p.amount,
        currency: p.currency,
        observedAt: at.toISOString(),
        sourceUrl: p.sourceUrl ?? sourceUrl,
        sourceRow: p.sourceRow,
        qualityFlags: p.flags,
        importBatchId: batchId,
      });
    }
  }
  if (newPrices.length > 0) await insertPrices(tx, newPrices, pacing);
  if (staging) staging.touch(touched);
  else await refreshCurrentPrices(tx, [...touched]);
  bump(report.created, "prices", newPrices.length);
  bump(report.updated, "price_flags", reflagged);
  bump(report.unchanged, "prices", offers.reduce((n, o) => n + o.prices.length, 0) - newPrices.length);
  return { pricesAdded: newPrices.length, pricesChanged: changed };
}
