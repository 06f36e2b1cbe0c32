// Prices a scenario document: loads its context — resolves the workload (a sizing is sized
// here), loads catalog offers with the provider facts and the rate — and hands it to the pure
// pricing of lib/scenarios/price.ts (overrides, every offer × pricing model with lib/tco, the
// chart series). One engine pass serves both languages (the explanations are bilingual until
// shaped). The builder gets the context with its answer, to price later edits locally.
// No "server-only" import: the catalog import (CLI included) re-prices watched scenarios with it
// (server/watches/scenario-watches.ts).

import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { InputRejected } from "../access/errors.ts";
import { estimateSizing } from "../../lib/sizing/estimate.ts";
import { activeParametersOf } from "../../lib/sizing/model.ts";
import { parseSizingUrl } from "../../lib/sizing/url-state.ts";
import {
  workloadSource,
  type ScenarioDocument,
  type ScenarioWorkload,
} from "../../lib/scenarios/document.ts";
import type { ScenarioResult } from "../../lib/scenarios/result.ts";
import type { StoredScenarioResult } from "../../lib/scenarios/views.ts";
import { fxTable, type FxTable } from "../../lib/tco/currency.ts";
import { compareResults, evaluateOffer, isSkipped, type TcoResult } from "../../lib/tco/evaluate.ts";
import {
  LOCALES,
  type PricingModel,
  type Scenario,
  type TcoLocale,
  type Workload,
} from "../../lib/tco/schema.ts";
import { placeholderOfferIds } from "../catalog/placeholders.ts";
import { getGpuSpecs } from "../sizing/get-gpu-specs.ts";
import {
  catalogOffersFrom,
  loadCatalogOffers,
  loadCatalogRows,
  loadFx,
  type CatalogRows,
} from "../tco/load-offers.ts";
import type { GpuSpec } from "../../lib/sizing/fit.ts";
import { DEFAULT_SPOT, NO_OTHER_COSTS } from "../../lib/scenarios/default-job.ts";
import {
  contextKey,
  priceWithContext,
  type ComputeOptions,
  type PricingContext,
  type ResolvedWorkload,
  type ScenarioAnswer,
} from "../../lib/scenarios/price.ts";

export { EXPLAINED_ROWS, type ComputeOptions } from "../../lib/scenarios/price.ts";

type Db = PrismaClient | Prisma.TransactionClient;

// ── Workload ──

/** reason "invalid-sizing": the query string does not parse; "sizing-no-length": it gives no job length. */
function sizingError(message: string, reason = "invalid-sizing"): InputRejected {
  return new InputRejected(reason, { "workload.sizing": [message] });
}

async function resolveWorkload(
  db: Db,
  workload: ScenarioWorkload,
  gpuSpecs: () => Promise<GpuSpec[]> = () => getGpuSpecs(db as PrismaClient),
): Promise<ResolvedWorkload> {
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
  const sized = estimateSizing(request, await gpuSpecs());
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
    gpusNeeded: Object.fromEntries(sized.fits.map((f) => [f.slug, f.gpusNeeded])),
  };
}

async function loadFxFor(db: Db, document: ScenarioDocument): Promise<FxTable> {
  if (document.fx) return fxTable(document.fx.usdToCny, document.fx.asOf, "user");
  return (await loadFx(db as PrismaClient)) ?? fxTable(undefined);
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

/**
 * One language: the builder's recompute (shaping the other language would be wasted), with the
 * context it was priced in, so the builder can price the next edits that keep it at once.
 */
export async function computeScenarioIn(
  db: Db,
  document: ScenarioDocument,
  locale: TcoLocale,
  options: ComputeOptions = {},
): Promise<ScenarioAnswer> {
  const started = performance.now();
  const context = await loadPricingContext(db, document);
  return { ...priceWithContext(document, context, options, started)(locale), context };
}

/** What the database contributes to the document's price (lib/scenarios/price.ts). */
export async function loadPricingContext(db: Db, document: ScenarioDocument): Promise<PricingContext> {
  const [resolved, fx, rows] = await Promise.all([
    resolveWorkload(db, document.workload),
    loadFxFor(db, document),
    loadCatalogRows(catalogIdsOf(document), db as PrismaClient),
  ]);
  return pricingContextFrom(document, resolved, fx, rows);
}

/**
 * The pricing contexts of several documents from one load: the catalog rows of all their
 * offers, the catalog's rate and the GPU specs (sizings) are each read once, however many
 * documents. Per document: its context, or the error it could not be priced with.
 */
export async function loadPricingContexts(
  db: Db,
  documents: readonly ScenarioDocument[],
): Promise<Array<PricingContext | Error>> {
  const needsCatalogFx = documents.some((d) => !d.fx);
  const [rows, catalogFx] = await Promise.all([
    loadCatalogRows(documents.flatMap(catalogIdsOf), db as PrismaClient),
    needsCatalogFx ? loadFx(db as PrismaClient) : undefined,
  ]);
  const fallbackFx = catalogFx ?? fxTable(undefined);
  let specs: Promise<GpuSpec[]> | undefined;
  const gpuSpecs = () => (specs ??= getGpuSpecs(db as PrismaClient));
  const out: Array<PricingContext | Error> = [];
  for (const document of documents) {
    try {
      const resolved = await resolveWorkload(db, document.workload, gpuSpecs);
      const fx = document.fx ? fxTable(document.fx.usdToCny, document.fx.asOf, "user") : fallbackFx;
      out.push(pricingContextFrom(document, resolved, fx, rows));
    } catch (error) {
      out.push(error instanceof Error ? error : new Error(String(error)));
    }
  }
  return out;
}

const catalogIdsOf = (document: ScenarioDocument) =>
  document.offers.flatMap((o) => (o.kind === "catalog" ? [o.id] : []));

function pricingContextFrom(
  document: ScenarioDocument,
  resolved: ResolvedWorkload,
  fx: FxTable,
  rows: CatalogRows,
): PricingContext {
  const loaded = catalogOffersFrom(rows, catalogIdsOf(document), document.currency, fx);
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
  return {
    key: contextKey(document),
    resolved,
    fx,
    loaded: { offers: loaded.offers, details: Object.fromEntries(loaded.details) },
  };
}

/** One engine pass; the answer is shaped per language on demand. */
async function priceScenario(
  db: Db,
  document: ScenarioDocument,
  options: ComputeOptions,
): Promise<(locale: TcoLocale) => ScenarioResult> {
  const started = performance.now();
  return priceWithContext(document, await loadPricingContext(db, document), options, started);
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
    const needed = resolved.gpusNeeded[c.gpuModel.slug];
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
    spot: { ...DEFAULT_SPOT, checkpointing: true },
    other: { ...NO_OTHER_COSTS },
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
