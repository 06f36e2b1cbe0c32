// Prices a scenario document once its context is loaded: applies each catalog offer's
// overrides, evaluates every offer × pricing model with lib/tco, ranks (feasible first), explains
// the first rows, and computes the chart series (lib/scenarios/analysis.ts). Pure and
// client-safe: the server runs it after loading the context (server/scenarios/compute.ts), and
// the scenario builder runs the same function on the context the server last sent, so an edit
// that keeps the offers, currency, rate and workload shows its totals at once (issue 23 §5);
// the server's answer, computed a moment later, is the one saved.
import {
  breakdownSeries,
  jobLengthSeries,
  sensitivitySeries,
  slaSeries,
  spotRiskSeries,
  type PricedOffer,
} from "./analysis.ts";
import type { OfferOverrides, ScenarioDocument } from "./document.ts";
import type {
  ScenarioFact,
  ScenarioFactKey,
  ScenarioOfferInfo,
  ScenarioResult,
  ScenarioResultRow,
  WorkloadSummary,
} from "./result.ts";
import { sortByCostPerUnit, toResultJson, toSkippedJson } from "../tco/api-schema.ts";
import type { FxTable } from "../tco/currency.ts";
import { compareResults, evaluateOffer, isSkipped, type Skipped, type TcoResult } from "../tco/evaluate.ts";
import { fromCents } from "../tco/money.ts";
import {
  PRICING_MODELS,
  type PricingModel,
  type Scenario,
  type TcoLocale,
  type TcoOffer,
  type Workload,
} from "../tco/schema.ts";

/** Where an engine number of a catalog offer comes from (the scenario builder shows it). */
export interface FactProvenance {
  /** The provider fact's numeric value in its own unit (before currency conversion). */
  unit: string | null;
  sourceUrl: string;
  observedAt: string | null;
}

export interface OfferDetails {
  provider: { slug: string; name: string };
  gpu: { slug: string; name: string; memoryGb: number | null };
  gpuCount: number;
  region: string;
  sourceUrl: string;
  /** Fact key (egress_internet_per_gb…) → where it comes from. */
  facts: Record<string, FactProvenance>;
  /** Pricing model → date of the price used. */
  priceObservedAt: Partial<Record<PricingModel, string>>;
}

export interface ResolvedWorkload {
  workload: Workload;
  summary: WorkloadSummary;
  /** Sizing workloads: GPUs needed per GPU model slug (null: does not fit on any count). */
  gpusNeeded: Record<string, number | null> | null;
}

/** Everything the database contributes to a scenario's price: plain JSON, so it can travel. */
export interface PricingContext {
  /** contextKey() of the document it was loaded for. */
  key: string;
  resolved: ResolvedWorkload;
  fx: FxTable;
  loaded: { offers: TcoOffer[]; details: Record<string, OfferDetails> };
}

/**
 * What the context depends on: the catalog offers (as a set), the currency, a typed rate and
 * the workload. Two documents with the same key price against the same context.
 */
export function contextKey(document: ScenarioDocument): string {
  const ids = [...new Set(document.offers.flatMap((o) => (o.kind === "catalog" ? [o.id] : [])))].sort();
  return JSON.stringify([ids, document.currency, document.fx ?? null, document.workload]);
}

/** The builder's answer: the result in one language, and the context it was priced in. */
export type ScenarioAnswer = ScenarioResult & { context: PricingContext };

/** Rows that get their explanations and warnings up front; the rest on request ("Why?"). */
export const EXPLAINED_ROWS = 40;

export interface ComputeOptions {
  /** Row keys (`offerId:pricingModel`) to explain beyond the first EXPLAINED_ROWS. */
  explainKeys?: string[];
}

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

export function engineValue(offer: TcoOffer, key: ScenarioFactKey, scenario: Scenario): number | null {
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
export function applyOverrides(
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

/** The document with its workload resolved: what lib/tco prices. */
export function engineScenario(document: ScenarioDocument, workload: Workload): Scenario {
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

/** One engine pass over a loaded context; the answer is shaped per language on demand. */
export function priceWithContext(
  document: ScenarioDocument,
  context: PricingContext,
  options: ComputeOptions = {},
  started: number = performance.now(),
): (locale: TcoLocale) => ScenarioResult {
  const { resolved, fx, loaded } = context;
  const scenario = engineScenario(document, resolved.workload);
  const details = (id: string): OfferDetails | undefined => loaded.details[id];
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
      const offerDetails = details(ref.id);
      const p = {
        ...applyOverrides(original, ref.overrides, scenario),
        provider: offerDetails?.provider.name ?? null,
      };
      priced.push({
        priced: p,
        info: offerInfo("catalog", p, original, ref.overrides, offerDetails),
        gpuSlug: offerDetails?.gpu.slug ?? null,
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
      const needed = resolved.gpusNeeded[gpuSlug] ?? null;
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
      return {
        ...toResultJson(r, locale),
        key: `${r.offer.id}:${r.pricingModel}`,
        rank: index + 1,
        offerKind: catalog.has(r.offer.id) ? "catalog" : "custom",
        provider: details(r.offer.id)?.provider ?? null,
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
