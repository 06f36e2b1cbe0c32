// Applies the curated seed (prisma/seed) idempotently: rows are matched on their natural
// keys, created when missing, updated only when a value differs, and price observations
// are inserted only when new — so seeding twice changes nothing.
import { createHash } from "node:crypto";

import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import type { SeedData } from "../../prisma/seed/types.ts";
import { refreshCurrentPrices } from "../catalog/current-prices.ts";

export interface SeedReport {
  batchId: string;
  created: Record<string, number>;
  updated: Record<string, number>;
}

type Plain = Record<string, unknown>;

function normalise(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Prisma.Decimal) return value.toString();
  if (value instanceof Date) return value.toISOString();
  return value;
}

function differs(existing: Plain, wanted: Plain): boolean {
  return Object.entries(wanted).some(([key, value]) => {
    const a = normalise(existing[key]);
    const b = normalise(value);
    if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) !== JSON.stringify(b);
    if (a !== null && b !== null && key !== "value" && typeof b === "string" && /^-?\d+(\.\d+)?$/.test(b)) {
      return typeof a !== "string" && typeof a !== "number" ? true : !new Prisma.Decimal(a).equals(b);
    }
    return a !== b;
  });
}

const day = (iso: string | undefined) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

export async function applySeed(prisma: PrismaClient, data: SeedData): Promise<SeedReport> {
  const batchId = `seed-${createHash("sha256").update(JSON.stringify(data)).digest("hex").slice(0, 16)}`;
  const created: Record<string, number> = {};
  const updated: Record<string, number> = {};
  const bump = (counter: Record<string, number>, key: string) => {
    counter[key] = (counter[key] ?? 0) + 1;
  };

  await prisma.$transaction(
    async (tx) => {
      // Providers
      const providers = new Map((await tx.provider.findMany()).map((p) => [p.slug, p]));
      for (const p of data.providers) {
        const wanted = {
          nameEn: p.nameEn,
          nameZh: p.nameZh,
          kind: p.kind,
          hqCountry: p.hqCountry,
          website: p.website,
          sourceUrl: p.sourceUrl ?? null,
        };
        const existing = providers.get(p.slug);
        if (!existing) {
          providers.set(p.slug, await tx.provider.create({ data: { slug: p.slug, ...wanted } }));
          bump(created, "providers");
        } else if (differs(existing, wanted)) {
          providers.set(p.slug, await tx.provider.update({ where: { id: existing.id }, data: wanted }));
          bump(updated, "providers");
        }
      }
      const providerId = (slug: string) => {
        const provider = providers.get(slug);
        if (!provider) throw new Error(`Seed refers to unknown provider "${slug}"`);
        return provider.id;
      };

      // Regions
      const regionKey = (pid: string, code: string) => `${pid}/${code}`;
      const regions = new Map((await tx.region.findMany()).map((r) => [regionKey(r.providerId, r.code), r]));
      for (const r of data.regions) {
        const pid = providerId(r.provider);
        const wanted = {
          name: r.name,
          nameZh: r.nameZh ?? null,
          country: r.country ?? null,
          continent: r.continent,
        };
        const existing = regions.get(regionKey(pid, r.code));
        if (!existing) {
          regions.set(
            regionKey(pid, r.code),
            await tx.region.create({ data: { providerId: pid, code: r.code, ...wanted } }),
          );
          bump(created, "regions");
        } else if (differs(existing, wanted)) {
          await tx.region.update({ where: { id: existing.id }, data: wanted });
          bump(updated, "regions");
        }
      }

      // GPU models
      const gpus = new Map((await tx.gpuModel.findMany()).map((g) => [g.slug, g]));
      for (const g of data.gpuModels) {
        const wanted = {
          name: g.name,
          family: g.family,
          variant: g.variant ?? null,
          vendor: g.vendor,
          architecture: g.architecture,
          memoryGb: g.memoryGb,
          memoryType: g.memoryType ?? null,
          memoryBandwidthGbps: g.memoryBandwidthGbps ?? null,
          bf16DenseTflops: g.bf16DenseTflops ?? null,
          fp8DenseTflops: g.fp8DenseTflops ?? null,
          fp32Tflops: g.fp32Tflops ?? null,
          tdpW: g.tdpW ?? null,
          formFactor: g.formFactor,
          nvlinkGbps: g.nvlinkGbps ?? null,
          datacenter: g.datacenter,
          aliases: g.aliases,
          sourceUrl: g.sourceUrl,
          sourceNote: g.sourceNote ?? null,
        };
        const existing = gpus.get(g.slug);
        if (!existing) {
          gpus.set(g.slug, await tx.gpuModel.create({ data: { slug: g.slug, ...wanted } }));
          bump(created, "gpuModels");
        } else if (differs(existing, wanted)) {
          await tx.gpuModel.update({ where: { id: existing.id }, data: wanted });
          bump(updated, "gpuModels");
        }
      }

      // Import batch for the price observations and facts this seed brings.
      await tx.importBatch.upsert({
        where: { id: batchId },
        create: {
          id: batchId,
          kind: "SEED",
          source: "prisma/seed",
          status: "SUCCEEDED",
          finishedAt: new Date(),
          // The seed fills a fresh catalog: nothing to watch yet, nothing to catch up on.
          watchesEvaluatedAt: new Date(),
        },
        update: {},
      });

      // Offers and their price observations
      const offerKey = (pid: string, rid: string, type: string) => `${pid}/${rid}/${type}`;
      const offers = new Map(
        (await tx.offer.findMany()).map((o) => [offerKey(o.providerId, o.regionId, o.instanceType), o]),
      );
      const priceKeys = new Set(
        (
          await tx.priceObservation.findMany({
            select: { offerId: true, pricingModel: true, currency: true, observedAt: true },
          })
        ).map((p) => `${p.offerId}/${p.pricingModel}/${p.currency}/${p.observedAt.toISOString()}`),
      );
      const newPrices: Prisma.PriceObservationCreateManyInput[] = [];
      // Offers created, changed or given a new price: their CurrentPrice rows are re-derived.
      const touched = new Set<string>();
      for (const o of data.offers) {
        const pid = providerId(o.provider);
        const region = regions.get(regionKey(pid, o.region));
        const gpu = gpus.get(o.gpu);
        if (!region)
          throw new Error(
            `Seed offer ${o.instanceType} refers to unknown region "${o.provider}/${o.region}"`,
          );
        if (!gpu) throw new Error(`Seed offer ${o.instanceType} refers to unknown GPU "${o.gpu}"`);
        const wanted = {
          gpuModelId: gpu.id,
          gpuCount: o.gpuCount,
          vCpus: o.vCpus ?? null,
          ramGb: o.ramGb ?? null,
          localDiskGb: o.localDiskGb ?? null,
          interconnect: o.interconnect,
          interconnectGbps: o.interconnectGbps ?? null,
          availability: o.availability ?? "UNKNOWN",
          sourceUrl: o.sourceUrl,
        };
        const key = offerKey(pid, region.id, o.instanceType);
        let offer = offers.get(key);
        if (!offer) {
          offer = await tx.offer.create({
            data: { providerId: pid, regionId: region.id, instanceType: o.instanceType, ...wanted },
          });
          offers.set(key, offer);
          bump(created, "offers");
          touched.add(offer.id);
        } else if (differs(offer, wanted)) {
          await tx.offer.update({ where: { id: offer.id }, data: wanted });
          bump(updated, "offers");
          touched.add(offer.id);
        }
        for (const price of o.prices) {
          const observedAt = day(price.observedAt) as Date;
          const pk = `${offer.id}/${price.model}/${price.currency}/${observedAt.toISOString()}`;
          if (priceKeys.has(pk)) continue;
          priceKeys.add(pk);
          touched.add(offer.id);
          newPrices.push({
            offerId: offer.id,
            pricingModel: price.model,
            hourlyAmount: new Prisma.Decimal(price.hourly),
            currency: price.currency,
            billingGranularity: price.billingGranularity ?? null,
            minimumBillableSeconds: price.minimumBillableSeconds ?? null,
            observedAt,
            sourceUrl: price.sourceUrl,
            importBatchId: batchId,
          });
        }
      }
      if (newPrices.length > 0) {
        await tx.priceObservation.createMany({ data: newPrices });
        created.prices = newPrices.length;
      }
      await refreshCurrentPrices(tx, [...touched]);

      // Provider facts
      const factKey = (pid: string, key: string, scope: string) => `${pid}/${key}/${scope}`;
      const facts = new Map(
        (await tx.providerFact.findMany()).map((f) => [factKey(f.providerId, f.key, f.scope), f]),
      );
      for (const f of data.facts) {
        const pid = providerId(f.provider);
        const scope = f.scope ?? "";
        const wanted = {
          value: f.value,
          numericValue: f.numericValue ?? null,
          unit: f.unit ?? null,
          asOf: day(f.asOf),
          sourceUrl: f.sourceUrl,
          quote: f.quote ?? null,
        };
        const existing = facts.get(factKey(pid, f.key, scope));
        if (!existing) {
          await tx.providerFact.create({
            data: { providerId: pid, key: f.key, scope, ...wanted, importBatchId: batchId },
          });
          bump(created, "facts");
        } else if (differs(existing, wanted)) {
          await tx.providerFact.update({
            where: { id: existing.id },
            data: { ...wanted, importBatchId: batchId },
          });
          bump(updated, "facts");
        }
      }

      // Exchange rates (observations, like prices)
      const fx = new Set(
        (await tx.fxRate.findMany()).map((r) => `${r.base}/${r.quote}/${r.asOf.toISOString()}`),
      );
      for (const r of data.fxRates) {
        const asOf = day(r.asOf) as Date;
        if (fx.has(`${r.base}/${r.quote}/${asOf.toISOString()}`)) continue;
        await tx.fxRate.create({
          data: {
            base: r.base,
            quote: r.quote,
            rate: new Prisma.Decimal(r.rate),
            asOf,
            sourceUrl: r.sourceUrl,
          },
        });
        bump(created, "fxRates");
      }
    },
    { timeout: 120_000, maxWait: 30_000 },
  );

  return { batchId, created, updated };
}

/** True when the database holds no catalog yet (a fresh database gets the seed). */
export async function isCatalogEmpty(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.provider.count()) === 0;
}
