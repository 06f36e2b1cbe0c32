// Offer rows for one pricing model, the derived figures users compare ($/GPU-hour, $/GB of
// VRAM-hour, TFLOPS per unit of money), and the filters of the matrix page. Pure.
import type {
  MatrixData,
  MatrixGpu,
  MatrixOffer,
  MatrixPrice,
  MatrixProvider,
  MatrixRegion,
} from "./data.ts";
import { hasTraits, type ProviderTraitMap } from "./traits.ts";
import type { MatrixState } from "./url-state.ts";

export interface MatrixRow {
  offer: MatrixOffer;
  provider: MatrixProvider;
  region: MatrixRegion;
  gpu: MatrixGpu;
  price: MatrixPrice;
  /** Per instance-hour. */
  hourly: number;
  gpuHour: number;
  vramTotalGb: number;
  /** Price per GB of GPU memory per hour. */
  vramGbHour: number;
  /** Dense BF16 TFLOPS of one GPU per unit of money per GPU-hour; null when unknown. */
  tflopsPerMoney: number | null;
  /** From the workload sizing (fits=…); null when no sizing is applied. */
  gpusNeeded: number | null;
}

/** Per GPU slug, the GPUs the sized workload needs (null: that GPU model cannot hold it). */
export type FitsMap = Record<string, number | null>;

/** Every offer with a price for the state's pricing model, with derived figures. */
export function buildRows(data: MatrixData, pm: MatrixState["pm"], fits: FitsMap | null = null): MatrixRow[] {
  const rows: MatrixRow[] = [];
  for (const offer of data.offers) {
    const price = offer.prices[pm];
    const provider = data.providers[offer.p];
    const region = data.regions[offer.r];
    const gpu = data.gpus[offer.g];
    if (!price || !provider || !region || !gpu || offer.gpuCount <= 0) continue;
    const gpuHour = price.hourly / offer.gpuCount;
    const vramTotalGb = gpu.memoryGb * offer.gpuCount;
    rows.push({
      offer,
      provider,
      region,
      gpu,
      price,
      hourly: price.hourly,
      gpuHour,
      vramTotalGb,
      vramGbHour: vramTotalGb > 0 ? price.hourly / vramTotalGb : Number.NaN,
      tflopsPerMoney: gpu.bf16Tflops && gpuHour > 0 ? gpu.bf16Tflops / gpuHour : null,
      gpusNeeded: fits ? (fits[gpu.slug] ?? null) : null,
    });
  }
  return rows;
}

const lowerSet = (xs: string[]) => new Set(xs.map((x) => x.toLowerCase()));

/** The rows the state's filters keep (the pricing model is applied by buildRows). */
export function filterRows(
  rows: MatrixRow[],
  state: MatrixState,
  fits: FitsMap | null = null,
  traits: ProviderTraitMap | null = null,
): MatrixRow[] {
  const provider = lowerSet(state.provider);
  const gpu = lowerSet(state.gpu);
  const family = lowerSet(state.family);
  const variant = lowerSet(state.variant);
  const region = lowerSet(state.region);
  const ic = new Set<string>(state.ic);
  const kind = new Set<string>(state.kind);
  const country = new Set(state.country);
  const continent = new Set<string>(state.continent);
  return rows.filter((row) => {
    if (provider.size && !provider.has(row.provider.slug.toLowerCase())) return false;
    if (kind.size && !kind.has(row.provider.kind)) return false;
    // A needed trait must be stated for the provider: unknown is not "yes".
    if (state.need.length > 0 && !hasTraits(traits?.[row.provider.slug], state.need)) return false;
    if (gpu.size && !gpu.has(row.gpu.slug.toLowerCase())) return false;
    if (family.size && !family.has(row.gpu.family.toLowerCase())) return false;
    if (variant.size && !variant.has((row.gpu.variant ?? "").toLowerCase())) return false;
    if (region.size && !region.has(row.region.code.toLowerCase())) return false;
    if (country.size && !country.has(row.region.country ?? "")) return false;
    if (continent.size && !continent.has(row.region.continent)) return false;
    if (ic.size && !ic.has(row.offer.interconnect)) return false;
    if (state.minGpus !== null && row.offer.gpuCount < state.minGpus) return false;
    if (state.minVram !== null && row.gpu.memoryGb < state.minVram) return false;
    if (state.minTotalVram !== null && row.vramTotalGb < state.minTotalVram) return false;
    if (!state.stale && row.price.stale) return false;
    // Compared at the displayed precision, so "≤ 4.00" keeps a row shown as 4.00.
    if (state.max !== null && Math.round(row.gpuHour * 1e4) / 1e4 > state.max) return false;
    if (fits) {
      const needed = fits[row.gpu.slug];
      if (needed === null || needed === undefined || row.offer.gpuCount < needed) return false;
    }
    return true;
  });
}

/** How many of the pricing model's offers are stale (hidden unless stale=1). */
export function countStale(rows: MatrixRow[]): number {
  return rows.reduce((n, r) => n + (r.price.stale ? 1 : 0), 0);
}
