// Columnar layout of many offers for fast ranking: one typed array per number, built once
// per catalog load and reused for every scenario. The job's clock reads the offer's own
// columns below; every cost line adds its own (lib/tco/lines, `fast.columns`). Missing
// numbers are NaN.
import { COST_LINES } from "./lines/index.ts";
import { INTERCONNECTS, PRICING_MODELS, type PricingModel, type TcoOffer } from "./schema.ts";

export const MODEL_INDEX: Record<PricingModel, number> = Object.fromEntries(
  PRICING_MODELS.map((m, i) => [m, i]),
) as Record<PricingModel, number>;

type Line = (typeof COST_LINES)[number];
/** Each line's columns, by kind (compute: prices and billing rules per pricing model). */
export type LineColumns = { [L in Line as L["kind"]]: ReturnType<L["fast"]["columns"]> };

export interface OfferColumns {
  count: number;
  /** The offers themselves, for exact re-evaluation of the few that make the top N. */
  source: TcoOffer[];
  gpuCount: Float64Array;
  /** Index into INTERCONNECTS; 255 when unknown. */
  interconnect: Uint8Array;
  denseTflops: Float64Array;
  /** Index into `currencies`. */
  currency: Uint8Array;
  currencies: string[];
  /** 1 when the offer carries trial measurements (the columns below; NaN = not measured). */
  hasMeasured: Uint8Array;
  measuredSecondsPerStep: Float64Array;
  measuredBootMinutes: Float64Array;
  measuredSetupMinutes: Float64Array;
  measuredUploadMbps: Float64Array;
  measuredDownloadMbps: Float64Array;
  lines: LineColumns;
}

export function toColumns(offers: TcoOffer[]): OfferColumns {
  const n = offers.length;
  const f64 = () => new Float64Array(n);
  const currencies: string[] = [];
  const currencyIndex = new Map<string, number>();
  const c: OfferColumns = {
    count: n,
    source: offers,
    gpuCount: f64(),
    interconnect: new Uint8Array(n),
    denseTflops: f64(),
    currency: new Uint8Array(n),
    currencies,
    hasMeasured: new Uint8Array(n),
    measuredSecondsPerStep: f64(),
    measuredBootMinutes: f64(),
    measuredSetupMinutes: f64(),
    measuredUploadMbps: f64(),
    measuredDownloadMbps: f64(),
    lines: Object.fromEntries(
      COST_LINES.map((line) => [line.kind, line.fast.columns(offers)]),
    ) as unknown as LineColumns,
  };
  for (let i = 0; i < n; i++) {
    const o = offers[i]!;
    c.gpuCount[i] = o.gpuCount;
    c.interconnect[i] = o.interconnect ? INTERCONNECTS.indexOf(o.interconnect) : 255;
    c.denseTflops[i] = o.denseTflopsPerGpu ?? Number.NaN;
    let ci = currencyIndex.get(o.currency);
    if (ci === undefined) {
      ci = currencies.length;
      if (ci > 254) throw new RangeError("too many currencies");
      currencies.push(o.currency);
      currencyIndex.set(o.currency, ci);
    }
    c.currency[i] = ci;
    const m = o.measured;
    c.hasMeasured[i] = m ? 1 : 0;
    c.measuredSecondsPerStep[i] = m?.secondsPerStep ?? Number.NaN;
    c.measuredBootMinutes[i] = m?.bootMinutes ?? Number.NaN;
    c.measuredSetupMinutes[i] = m?.setupMinutes ?? Number.NaN;
    c.measuredUploadMbps[i] = m?.uploadMbps ?? Number.NaN;
    c.measuredDownloadMbps[i] = m?.downloadMbps ?? Number.NaN;
  }
  return c;
}
