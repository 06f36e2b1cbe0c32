// Which offers a watch's view keeps: the matrix's own rules (lib/matrix/rows.ts buildRows and
// filterRows, its price cap, its workload sizing via lib/sizing, provider traits from
// server/queries/matrix-traits.ts) on a MatrixData read by getMatrixData — restricted to the
// offers one import changed (offerIds), or the whole catalog when a watch is created.
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { MatrixData } from "../../lib/matrix/data.ts";
import { priceCap } from "../../lib/matrix/price-cap.ts";
import { buildRows, filterRows, type FitsMap, type MatrixRow } from "../../lib/matrix/rows.ts";
import type { ProviderTraitMap } from "../../lib/matrix/traits.ts";
import { parseMatrixParams, type MatrixState } from "../../lib/matrix/url-state.ts";
import { estimateSizing } from "../../lib/sizing/estimate.ts";
import type { GpuSpec } from "../../lib/sizing/fit.ts";
import { parseSizingUrl } from "../../lib/sizing/url-state.ts";
import type { WatchCurrency } from "../../lib/watches/schema.ts";
import { getMatrixData } from "../queries/matrix.ts";
import { getProviderTraits } from "../queries/matrix-traits.ts";
import { getGpuSpecs } from "../sizing/get-gpu-specs.ts";

/** A transaction client reads like the client (getMatrixData only runs queries). */
type Reader = PrismaClient;

export function viewState(view: string): MatrixState {
  return parseMatrixParams(Object.fromEntries(new URLSearchParams(view))).state;
}

/** The GPUs a view's fits=… workload needs per GPU model; null when it does not parse (the matrix page then filters nothing either). */
function fitsOf(query: string, gpus: readonly GpuSpec[]): FitsMap | null {
  const parsed = parseSizingUrl(Object.fromEntries(new URLSearchParams(query)), "en");
  if (!parsed.ok) return null;
  const result = estimateSizing(parsed.request, gpus);
  return Object.fromEntries(result.fits.map((f) => [f.slug, f.gpusNeeded]));
}

/**
 * Reads once per evaluation what every watch shares (matrix data per currency, traits, GPU
 * specs) and answers, per watch, the rows its view keeps — caching rows per currency × pricing
 * model × workload, so 200 watches over 50,000 changed offers build rows a handful of times.
 */
export class ViewEvaluator {
  private data = new Map<WatchCurrency, Promise<MatrixData>>();
  private rows = new Map<string, MatrixRow[]>();
  private byGpu = new Map<string, Map<string, MatrixRow[]>>();
  private fits = new Map<string, FitsMap | null>();
  private traits: Promise<ProviderTraitMap> | null = null;
  private gpus: Promise<GpuSpec[]> | null = null;

  constructor(
    private readonly db: Reader,
    private readonly options: { offerIds?: readonly string[]; now: Date },
  ) {}

  matrixData(currency: WatchCurrency): Promise<MatrixData> {
    let d = this.data.get(currency);
    if (!d) {
      d = getMatrixData(this.db, { currency, now: this.options.now, offerIds: this.options.offerIds });
      this.data.set(currency, d);
    }
    return d;
  }

  /** The rows (one per offer) the view keeps, in the watch's currency. */
  async keptRows(view: string, currency: WatchCurrency): Promise<MatrixRow[]> {
    const state = viewState(view);
    const data = await this.matrixData(currency);
    let fits: FitsMap | null = null;
    if (state.fits) {
      if (!this.fits.has(state.fits)) {
        this.gpus ??= getGpuSpecs(this.db);
        this.fits.set(state.fits, fitsOf(state.fits, await this.gpus));
      }
      fits = this.fits.get(state.fits) ?? null;
    }
    const key = `${currency}/${state.pm}/${state.fits ?? ""}`;
    let rows = this.rows.get(key);
    if (!rows) {
      rows = buildRows(data, state.pm, fits);
      this.rows.set(key, rows);
    }
    // Most views name GPU models: filterRows then only needs those models' rows (it applies
    // the gpu filter itself too, so this index changes the work, not the answer).
    if (state.gpu.length > 0) {
      let byGpu = this.byGpu.get(key);
      if (!byGpu) {
        byGpu = new Map();
        for (const row of rows) {
          const slug = row.gpu.slug.toLowerCase();
          const list = byGpu.get(slug);
          if (list) list.push(row);
          else byGpu.set(slug, [row]);
        }
        this.byGpu.set(key, byGpu);
      }
      const index = byGpu;
      rows = [...new Set(state.gpu.map((g) => g.toLowerCase()))].flatMap((g) => index.get(g) ?? []);
    }
    let traits: ProviderTraitMap | null = null;
    if (state.need.length > 0) {
      this.traits ??= getProviderTraits(this.db);
      traits = await this.traits;
    }
    // The cap as the matrix applies it: typed in maxCur, converted to the watch's currency.
    const cap = priceCap(state.max, state.maxCur, currency, data.fx);
    return filterRows(rows, { ...state, max: cap.value }, fits, traits);
  }
}

export interface OfferFacts {
  id: string;
  providerSlug: string;
  providerEn: string;
  providerZh: string;
  instanceType: string;
  gpu: string;
  gpuCount: number;
  region: string;
}

export function offerFacts(row: Pick<MatrixRow, "offer" | "provider" | "gpu" | "region">): OfferFacts {
  return {
    id: row.offer.id,
    providerSlug: row.provider.slug,
    providerEn: row.provider.nameEn,
    providerZh: row.provider.nameZh,
    instanceType: row.offer.instanceType,
    gpu: row.gpu.name,
    gpuCount: row.offer.gpuCount,
    region: row.region.code,
  };
}

/** An offer of the evaluator's data by id (for an offer that left a view: it has no kept row). */
export async function findOffer(
  evaluator: ViewEvaluator,
  currency: WatchCurrency,
  offerId: string,
): Promise<OfferFacts | null> {
  const data = await evaluator.matrixData(currency);
  const offer = data.offers.find((o) => o.id === offerId);
  const provider = offer && data.providers[offer.p];
  const gpu = offer && data.gpus[offer.g];
  const region = offer && data.regions[offer.r];
  return offer && provider && gpu && region ? offerFacts({ offer, provider, gpu, region }) : null;
}
