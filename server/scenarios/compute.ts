// Prices a scenario document: resolves the workload (a sizing is sized here), loads catalog
// offers with the provider facts and applies the scenario's overrides, evaluates every offer ×
// pricing model with lib/tco, and computes the chart series (lib/scenarios/analysis.ts). One
// engine pass serves both languages (the explanations are bilingual until shaped).
import "server-only";

import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { InputRejected } from "../access/errors.ts";
import { estimateSizing } from "../../lib/sizing/estimate.ts";
import { activeParametersOf } from "../../lib/sizing/model.ts";
import { parseSizingUrl } from "../../lib/sizing/url-state.ts";
import {
  breakdownSeries,
  jobLengthSeries,
  sensitivitySeries,
  slaSeries,
  spotRiskSeries,
  type PricedOffer,
} from "../../lib/scenarios/analysis.ts";
import {
  workloadSource,
  type OfferOverrides,
  type ScenarioDocument,
  type ScenarioWorkload,
} from "../../lib/scenarios/document.ts";
import type {
  ScenarioFact,
  ScenarioFactKey,
  ScenarioOfferInfo,
  ScenarioResult,
  ScenarioResultRow,
  WorkloadSummary,
} from "../../lib/scenarios/result.ts";
import type { StoredScenarioResult } from "../../lib/scenarios/views.ts";
import { sortByCostPerUnit, toResultJson, toSkippedJson } from "../../lib/tco/api-schema.ts";
import { fxTable, type FxTable } from "../../lib/tco/currency.ts";
import {
  compareResults,
  evaluateOffer,
  isSkipped,
  type Skipped,
  type TcoResult,
} from "../../lib/tco/evaluate.ts";
import { fromCents } from "../../lib/tco/money.ts";
import {
  LOCALES,
  PRICING_MODELS,
  type PricingModel,
  type Scenario,
  type TcoLocale,
  type TcoOffer,
  type Workload,
} from "../../lib/tco/schema.ts";
import { placeholderOfferIds } from "../catalog/placeholders.ts";
import { getGpuSpecs } from "../sizing/get-gpu-specs.ts";
import { loadCatalogOffers, loadFx, type OfferDetails } from "../tco/load-offers.ts";

type Db = PrismaClient | Prisma.TransactionClient;

// ── Workload ──

interface ResolvedWorkload {
  workload: Workload;
  summary: WorkloadSummary;
  /** Sizing workloads: GPUs needed per GPU model slug (null: does not fit on any count). */
  gpusNeeded: Map<string, number | null> | null;
}

/** reason "invalid-sizing": the query string does not parse; "sizing-no-length": it gives no job length. */
function sizingError(message: string, reason = "invalid-sizing"): InputRejected {
  return new InputRejected(reason, { "workload.sizing": [message] });
}

async function resolveWorkload(db: Db, workload: ScenarioWorkload): Promise<ResolvedWorkload> {
  if (!("sizing" in workload)) {
    return { workload, summary: { source: workloadSource(workload), sizing: null }, gpusNeeded: null };
  }
  const params = Object.fromEntries(new URLSearchParams(workload.sizing.replace(/^\?/, "")));
  const parsed = parseSizingUrl(params, "en");
  if (!parsed.ok) {
    const detail = Object.entries(parsed.fieldErrors)
      .map(([field, messages]) => `${field}: ${messages.join(" ")}`)
      .join("; ");
    throw sizingError(`The sizing is not valid (${detail}). Open it on the Sizing page to fix it.`);
  }
  const request = parsed.request;
  const sized = estimateSizing(request, await getGpuSpecs(db as PrismaClient));
  const common = {
    ...(workload.bootMinutes !== undefined ? { bootMinutes: workload.bootMinutes } : {}),
    ...(workload.setupMinutes !== undefined ? { setupMinutes: workload.setupMinutes } : {}),
    ...(workload.unitsOfWork !== undefined ? { unitsOfWork: workload.unitsOfWork } : {}),
  };
  let resolved: Workload;
  const job = request.mode === "training" ? request.job : undefined;
  const method = request.mode === "training" ? (request.training?.method ?? "full") : null;
  if (job?.measuredStepSeconds !== undefined && job.steps !== undefined) {
    resolved = { steps: job.steps, secondsPerStep: job.measuredStepSeconds, ...common };
  } else if (job?.trainingTokens !== undefined && method !== null) {
    resolved = {
      parameters: activeParametersOf(sized.model),
      tokens: job.trainingTokens,
      method,
      ...(job.mfu !== undefined ? { mfu: job.mfu } : {}),
      ...common,
    };
  } else if (workload.instanceHours !== undefined) {
    resolved = { instanceHours: workload.instanceHours, ...common };
  } else {
    throw sizingError(
      request.mode === "training"
        ? "This sizing has no job length: add training tokens on the Sizing page, or give instance hours."
        : "An inference sizing has no job length: give the instance hours to price.",
      "sizing-no-length",
    );
  }
  return {
    workload: resolved,
    summary: {
      source: "sizing",
      sizing: {
        modelName: sized.model.name,
        mode: request.mode,
        method,
        parameters: sized.model.parameters,
        trainingTokens: job?.trainingTokens ?? null,
        memoryGb: Number(sized.totalGb.toFixed(2)),
        gpusFitting: sized.fits.filter((f) => f.gpusNeeded !== null).length,
      },
    },
    gpusNeeded: new Map(sized.fits.map((f) => [f.slug, f.gpusNeeded])),
  };
}

// ── Offers and their facts ──

const FACT_SOURCES: Array<{ key: ScenarioFactKey; fact: string | null; unit: (currency: string) => string }> =
  [
    { key: "egressPerGb", fact: "egress_internet_per_gb", unit: (c) => `${c}/GB` },
    { key: "freeEgressGb", fact: null, unit: () => "GB" },
    { key: "ingressPerGb", fact: "ingress_per_gb", unit: (c) => `${c}/GB` },
    { key: "blockStoragePerGbMonth", fact: "block_storage_ssd_per_gb_month", unit: (c) => `${c}/GB-month` },
    { key: "objectStoragePerGbMonth", fact: "object_storage_per_gb_month", unit: (c) => `${c}/GB-month` },
    { key: "snapshotPerGbMonth", fact: "snapshot_per_gb_month", unit: (c) => `${c}/GB-month` },
    { key: "slaPercent", fact: "compute_sla_percent", unit: () => "%" },
    { key: "billingGranularitySeconds", fact: null, unit: () => "s" },
    { key: "minimumBillableSeconds", fact: null, unit: () => "s" },
    { key: "spotInterruptionsPerHour", fact: null, unit: () => "1/h" },
  ];

function engineValue(offer: TcoOffer, key: ScenarioFactKey, scenario: Scenario): number | null {
  switch (key) {
    case "billingGranularitySeconds":
      return (offer.billingByModel?.on_demand ?? offer.billing).granularitySeconds;
    case "minimumBillableSeconds":
      return (offer.billingByModel?.on_demand ?? offer.billing).minimumSeconds;
    case "spotInterruptionsPerHour":
      return (
        scenario.spot.interruptionsPerHour ?? (scenario.spot.mtbfHours ? 1 / scenario.spot.mtbfHours : null)
      );
    case "slaPercent":
      return offer.slaPercent ?? null;
    default:
      return offer[key] ?? null;
  }
}

/** The offer with the scenario's overrides applied, and the scenario it is priced in. */
function applyOverrides(
  offer: TcoOffer,
  overrides: OfferOverrides | undefined,
  scenario: Scenario,
): PricedOffer {
  if (!overrides) return { offer, scenario, provider: null, slaOverridden: false };
  const next: TcoOffer = { ...offer, prices: { ...offer.prices, ...(overrides.prices ?? {}) } };
  for (const key of [
    "egressPerGb",
    "freeEgressGb",
    "ingressPerGb",
    "blockStoragePerGbMonth",
    "objectStoragePerGbMonth",
    "snapshotPerGbMonth",
  ] as const) {
    const value = overrides[key];
    if (value !== undefined) {
      next[key] = value;
      // A typed egress price replaces the catalog's tiers.
      if (key === "egressPerGb") delete next.egressTiers;
    }
  }
  if (overrides.slaPercent !== undefined) next.slaPercent = overrides.slaPercent;
  if (overrides.measured) {
    // The trial's id and label are provenance for the reader, not engine input.
    const { trialId: _id, trialLabel: _label, ...measured } = overrides.measured;
    if (Object.keys(measured).length > 0) next.measured = measured;
  }
  if (overrides.billingGranularitySeconds !== undefined || overrides.minimumBillableSeconds !== undefined) {
    const billing = (b: TcoOffer["billing"]) => ({
      granularitySeconds: overrides.billingGranularitySeconds ?? b.granularitySeconds,
      minimumSeconds: overrides.minimumBillableSeconds ?? b.minimumSeconds,
    });
    next.billing = billing(offer.billing);
    next.billingByModel = Object.fromEntries(
      Object.entries(offer.billingByModel ?? {}).map(([m, b]) => [m, billing(b)]),
    );
  }
  const priced: Scenario =
    overrides.spotInterruptionsPerHour !== undefined
      ? {
          ...scenario,
          spot: {
            ...scenario.spot,
            interruptionsPerHour: overrides.spotInterruptionsPerHour,
            mtbfHours: undefined,
          },
        }
      : scenario;
  return { offer: next, scenario: priced, provider: null, slaOverridden: overrides.slaPercent !== undefined };
}

function offerInfo(
  kind: "catalog" | "custom",
  priced: PricedOffer,
  original: TcoOffer,
  overrides: OfferOverrides | undefined,
  details: OfferDetails | undefined,
): ScenarioOfferInfo {
  const { offer, scenario } = priced;
  const facts: ScenarioFact[] = FACT_SOURCES.map(({ key, fact, unit }) => {
    const provenance = fact && details ? details.facts[fact] : undefined;
    const overridden = overrides?.[key] !== undefined;
    const fromCatalog = provenance !== undefined;
    return {
      key,
      value: engineValue(offer, key, scenario),
      unit: unit(offer.currency),
      source: fromCatalog ? (provenance.unit ? `provider fact (${provenance.unit})` : "provider fact") : null,
      sourceUrl: fromCatalog
        ? provenance.sourceUrl
        : details && key.startsWith("billing")
          ? details.sourceUrl
          : null,
      observedAt: fromCatalog ? provenance.observedAt : null,
      overridden,
    };
  });
  const prices: ScenarioOfferInfo["prices"] = {};
  for (const model of PRICING_MODELS) {
    const amount = offer.prices[model];
    if (amount === undefined) continue;
    prices[model] = {
      amount: Number(amount.toFixed(6)),
      observedAt: details?.priceObservedAt[model] ?? null,
      overridden:
        overrides?.prices?.[model] !== undefined && overrides.prices[model] !== original.prices[model],
    };
  }
  return {
    id: offer.id,
    kind,
    name: offer.name,
    provider: details?.provider ?? null,
    gpu: details ? { name: details.gpu.name, count: details.gpuCount, memoryGb: details.gpu.memoryGb } : null,
    region: details?.region ?? null,
    currency: offer.currency,
    prices,
    facts,
    measured: (kind === "catalog" ? overrides?.measured : undefined) ?? offer.measured ?? null,
  };
}

const NOT_ENOUGH_GPUS = (needed: number | null) => ({
  en:
    needed === null
      ? "The sized job does not fit on this GPU model at any GPU count we size for."
      : `The sized job needs ${needed} GPUs of this model; this offer has fewer.`,
  zhCN:
    needed === null
      ? "按当前规模估算，该任务在此 GPU 型号上任何卡数都放不下。"
      : `按当前规模估算，该任务需要 ${needed} 张此型号 GPU，此报价的卡数不够。`,
});

async function loadFxFor(db: Db, document: ScenarioDocument): Promise<FxTable> {
  if (document.fx) return fxTable(document.fx.usdToCny, document.fx.asOf, "user");
  return (await loadFx(db as PrismaClient)) ?? fxTable(undefined);
}

/** The document with its workload resolved: what lib/tco prices. */
function engineScenario(document: ScenarioDocument, workload: Workload): Scenario {
  return {
    currency: document.currency,
    ...(document.fx ? { fx: document.fx } : {}),
    workload,
    data: document.data,
    storage: document.storage,
    pricingModels: document.pricingModels,
    spot: document.spot,
    other: document.other,
    ...(document.sla ? { sla: document.sla } : {}),
    ...(document.commitment ? { commitment: document.commitment } : {}),
  };
}

/** Rows that get their explanations and warnings up front; the rest on request ("Why?"). */
export const EXPLAINED_ROWS = 40;

export interface ComputeOptions {
  /** Row keys (`offerId:pricingModel`) to explain beyond the first EXPLAINED_ROWS. */
  explainKeys?: string[];
}

/** Both languages: what a saved version stores. */
export async function computeScenario(
  db: Db,
  document: ScenarioDocument,
  options: ComputeOptions = {},
): Promise<StoredScenarioResult> {
  const shape = await priceScenario(db, document, options);
  return Object.fromEntries(LOCALES.map((l) => [l, shape(l)])) as StoredScenarioResult;
}

/** One language: the builder's recompute (shaping the other language would be wasted). */
export async function computeScenarioIn(
  db: Db,
  document: ScenarioDocument,
  locale: TcoLocale,
  options: ComputeOptions = {},
): Promise<ScenarioResult> {
  return (await priceScenario(db, document, options))(locale);
}

/** One engine pass; the answer is shaped per language on demand. */
async function priceScenario(
  db: Db,
  document: ScenarioDocument,
  options: ComputeOptions,
): Promise<(locale: TcoLocale) => ScenarioResult> {
  const started = performance.now();
  const ids = document.offers.flatMap((o) => (o.kind === "catalog" ? [o.id] : []));
  const [resolved, fx] = await Promise.all([resolveWorkload(db, document.workload), loadFxFor(db, document)]);
  const scenario = engineScenario(document, resolved.workload);
  const loaded = await loadCatalogOffers(ids, document.currency, fx, db as PrismaClient);
  if (loaded.missing.length > 0) {
    const fieldErrors: Record<string, string[]> = {};
    document.offers.forEach((o, i) => {
      if (o.kind === "catalog" && loaded.missing.includes(o.id)) {
        fieldErrors[`offers.${i}.id`] = [
          `No offer with id ${o.id} in the catalog (it may have been removed).`,
        ];
      }
    });
    throw new InputRejected("unknown-offers", fieldErrors);
  }
  const catalog = new Map(loaded.offers.map((o) => [o.id, o]));

  // Price each offer once per pricing model, in its own (possibly overridden) scenario.
  const priced: Array<{
    priced: PricedOffer;
    info: ScenarioOfferInfo;
    gpuSlug: string | null;
    gpuCount: number;
  }> = [];
  const seen = new Set<string>();
  document.offers.forEach((ref, i) => {
    if (ref.kind === "catalog") {
      if (seen.has(ref.id)) return;
      seen.add(ref.id);
      const original = catalog.get(ref.id)!;
      const details = loaded.details.get(ref.id);
      const p = {
        ...applyOverrides(original, ref.overrides, scenario),
        provider: details?.provider.name ?? null,
      };
      priced.push({
        priced: p,
        info: offerInfo("catalog", p, original, ref.overrides, details),
        gpuSlug: details?.gpu.slug ?? null,
        gpuCount: original.gpuCount,
      });
    } else {
      const offer: TcoOffer = { ...ref.offer, id: ref.offer.id ?? `custom-${i + 1}` };
      if (seen.has(offer.id)) return;
      seen.add(offer.id);
      const p: PricedOffer = { offer, scenario, provider: null, slaOverridden: false };
      priced.push({
        priced: p,
        info: offerInfo("custom", p, offer, undefined, undefined),
        gpuSlug: null,
        gpuCount: offer.gpuCount,
      });
    }
  });

  const results: TcoResult[] = [];
  const skipped: Skipped[] = [];
  const fitByOffer = new Map<string, ScenarioResultRow["fit"]>();
  const pricedOf = new Map(priced.map((p) => [p.priced.offer.id, p.priced]));
  const evaluate = (p: PricedOffer, model: PricingModel, explain: boolean) => {
    const r = evaluateOffer(p.scenario, p.offer, model, fx, { explain });
    const fit = fitByOffer.get(p.offer.id);
    if (!isSkipped(r) && fit && !fit.ok) {
      r.feasible = false;
      if (explain) r.warnings.unshift(NOT_ENOUGH_GPUS(fit.gpusNeeded));
    }
    return r;
  };
  for (const { priced: p, gpuSlug, gpuCount } of priced) {
    let fit: ScenarioResultRow["fit"] = null;
    if (resolved.gpusNeeded && gpuSlug) {
      const needed = resolved.gpusNeeded.get(gpuSlug) ?? null;
      fit = { gpusNeeded: needed, ok: needed !== null && gpuCount >= needed };
    }
    fitByOffer.set(p.offer.id, fit);
    // Numbers only: the texts (most of the engine's cost) are built below for the rows shown.
    for (const model of new Set(p.scenario.pricingModels)) {
      const r = evaluate(p, model, false);
      if (isSkipped(r)) skipped.push(r);
      else results.push(r);
    }
  }
  // Feasible first, then cheapest (or cheapest per unit of work).
  const feasibleFirst = (a: TcoResult, b: TcoResult) => Number(b.feasible) - Number(a.feasible);
  const ranked =
    document.sortBy === "costPerUnit"
      ? sortByCostPerUnit(results).sort(feasibleFirst)
      : results.sort((a, b) => feasibleFirst(a, b) || compareResults(a, b));
  // Explanations and warnings for the first rows and for rows asked for by key ("Why?").
  const explained = new Set<string>();
  ranked.forEach((r, index) => {
    const key = `${r.offer.id}:${r.pricingModel}`;
    if (index >= EXPLAINED_ROWS && !options.explainKeys?.includes(key)) return;
    const again = evaluate(pricedOf.get(r.offer.id)!, r.pricingModel, true);
    if (!isSkipped(again)) {
      ranked[index] = again;
      explained.add(key);
    }
  });

  const pricedById = pricedOf;
  const best = ranked.find((r) => r.feasible && r.totalCents !== null);
  const bestSpot = ranked.find((r) => r.pricingModel === "spot" && r.totalCents !== null);
  const charts = {
    breakdown: breakdownSeries(ranked),
    jobLength: jobLengthSeries(best ? pricedById.get(best.offer.id) : undefined, fx),
    spotRisk: document.pricingModels.includes("spot")
      ? spotRiskSeries(bestSpot ? pricedById.get(bestSpot.offer.id) : undefined, bestSpot, fx)
      : null,
    sensitivity: sensitivitySeries(best, best ? pricedById.get(best.offer.id) : undefined, fx),
    sla: slaSeries(
      priced.map((p) => p.priced),
      ranked,
    ),
  };

  const budget = document.budget;
  return (locale: TcoLocale): ScenarioResult => {
    const rows: ScenarioResultRow[] = ranked.map((r, index) => {
      const total = r.totalCents === null ? null : fromCents(r.totalCents);
      const details = loaded.details.get(r.offer.id);
      return {
        ...toResultJson(r, locale),
        key: `${r.offer.id}:${r.pricingModel}`,
        rank: index + 1,
        offerKind: catalog.has(r.offer.id) ? "catalog" : "custom",
        provider: details?.provider ?? null,
        overBudget:
          budget !== undefined && total !== null && total > budget
            ? fromCents(Math.round(total * 100) - Math.round(budget * 100))
            : null,
        fit: fitByOffer.get(r.offer.id) ?? null,
        explained: explained.has(`${r.offer.id}:${r.pricingModel}`),
      };
    });
    return {
      computedAt: new Date().toISOString(),
      currency: document.currency,
      fx:
        fx.unitsPerUsd.CNY === undefined
          ? null
          : { usdToCny: fx.unitsPerUsd.CNY, asOf: fx.asOf ?? null, source: fx.source ?? "user" },
      workload: resolved.summary,
      rows,
      skipped: skipped.map((s) => toSkippedJson(s, locale)),
      offers: priced.map((p) => p.info),
      budget:
        budget === undefined
          ? null
          : { amount: budget, overCount: rows.filter((r) => r.overBudget !== null).length },
      charts,
      // Everything up to this language's answer (the first language shaped includes the pass).
      computeMs: Math.round((performance.now() - started) * 10) / 10,
    };
  };
}

// ── "The N cheapest offers that fit the workload" ──

export interface SuggestInput {
  workload: ScenarioWorkload;
  pricingModel: PricingModel;
  currency: "USD" | "CNY";
  count: number;
  /** Let placeholder-flagged prices compete (default: left out). */
  includePlaceholders?: boolean;
}

export async function suggestCheapestOffers(
  db: Db,
  input: SuggestInput,
): Promise<Array<{ id: string; name: string }>> {
  const resolved = await resolveWorkload(db, input.workload);
  const candidates = await db.offer.findMany({
    // Reserved rates may come from a provider's published discount on the on-demand price.
    where: {
      prices: {
        some: {
          pricingModel: {
            in: input.pricingModel.startsWith("reserved")
              ? [MODEL_ENUM[input.pricingModel], "ON_DEMAND"]
              : [MODEL_ENUM[input.pricingModel]],
          },
        },
      },
    },
    select: { id: true, gpuCount: true, gpuModel: { select: { slug: true } } },
  });
  const fitting = candidates.filter((c) => {
    if (!resolved.gpusNeeded) return true;
    const needed = resolved.gpusNeeded.get(c.gpuModel.slug);
    return needed !== null && needed !== undefined && c.gpuCount >= needed;
  });
  // Placeholder prices (quality flag placeholder_price) are never among "the cheapest" unless asked for.
  const flagged = input.includePlaceholders
    ? new Set<string>()
    : await placeholderOfferIds(
        db,
        fitting.map((c) => c.id),
        input.pricingModel.startsWith("reserved")
          ? [MODEL_ENUM[input.pricingModel], "ON_DEMAND"]
          : [MODEL_ENUM[input.pricingModel]],
      );
  const usable = fitting.filter((c) => !flagged.has(c.id));
  if (usable.length === 0) return [];
  const fx = (await loadFx(db as PrismaClient)) ?? fxTable(undefined);
  const loaded = await loadCatalogOffers(
    usable.map((c) => c.id),
    input.currency,
    fx,
    db as PrismaClient,
  );
  const scenario: Scenario = {
    currency: input.currency,
    workload: resolved.workload,
    data: { uploadGb: 0, egressGb: 0 },
    storage: { blockGb: 0, objectGb: 0, snapshotGb: 0, retentionMonths: 0 },
    pricingModels: [input.pricingModel],
    spot: { checkpointMinutes: 5, restartMinutes: 10, checkpointing: true, interruptionsPerHour: 0.05 },
    other: {
      licencePerHour: 0,
      licencePerMonth: 0,
      supportPercent: 0,
      supportMinimumPerMonth: 0,
      surchargePercent: 0,
      taxPercent: 0,
    },
  };
  const priced = loaded.offers
    .map((offer) => evaluateOffer(scenario, offer, input.pricingModel, fx, { explain: false }))
    .filter((r): r is TcoResult => !isSkipped(r) && r.feasible && r.totalCents !== null)
    .sort(compareResults);
  return priced.slice(0, input.count).map((r) => ({ id: r.offer.id, name: r.offer.name }));
}

const MODEL_ENUM = {
  on_demand: "ON_DEMAND",
  spot: "SPOT",
  reserved_1y: "RESERVED_1Y",
  reserved_3y: "RESERVED_3Y",
  monthly: "MONTHLY",
} as const;
