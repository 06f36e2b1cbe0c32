// Columnar layout of many offers for fast ranking: one typed array per number, built once
// per catalog load and reused for every scenario. Missing prices are NaN.
import { effectiveRate } from "./evidence.ts";
import { INTERCONNECTS, PRICING_MODELS, type PricingModel, type TcoOffer } from "./schema.ts";

export const MODEL_INDEX: Record<PricingModel, number> = Object.fromEntries(
  PRICING_MODELS.map((m, i) => [m, i]),
) as Record<PricingModel, number>;

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
  /** prices[model index][offer]: per instance-hour in the offer currency, NaN when absent. */
  prices: Float64Array[];
  granularity: Float64Array[];
  /** 1 / granularity, so the ranking loop multiplies instead of dividing. */
  granularityInv: Float64Array[];
  minimum: Float64Array[];
  egressPerGb: Float64Array;
  freeEgressGb: Float64Array;
  /**
   * Egress tiers, flattened: offer i's tiers are tierStart[i] … tierStart[i + 1] − 1 in
   * tierUpTo (upper bound in chargeable GB, Infinity for the last) and tierRate.
   */
  tierStart: Int32Array;
  tierUpTo: Float64Array;
  tierRate: Float64Array;
  ingressPerGb: Float64Array;
  blockPerGbMonth: Float64Array;
  objectPerGbMonth: Float64Array;
  snapshotPerGbMonth: Float64Array;
  /** 1 when the offer carries trial measurements (the columns below; NaN = not measured). */
  hasMeasured: Uint8Array;
  measuredSecondsPerStep: Float64Array;
  measuredBootMinutes: Float64Array;
  measuredSetupMinutes: Float64Array;
  measuredUploadMbps: Float64Array;
  measuredDownloadMbps: Float64Array;
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
    prices: PRICING_MODELS.map(f64),
    granularity: PRICING_MODELS.map(f64),
    granularityInv: PRICING_MODELS.map(f64),
    minimum: PRICING_MODELS.map(f64),
    egressPerGb: f64(),
    freeEgressGb: f64(),
    tierStart: new Int32Array(n + 1),
    tierUpTo: new Float64Array(0),
    tierRate: new Float64Array(0),
    ingressPerGb: f64(),
    blockPerGbMonth: f64(),
    objectPerGbMonth: f64(),
    snapshotPerGbMonth: f64(),
    hasMeasured: new Uint8Array(n),
    measuredSecondsPerStep: f64(),
    measuredBootMinutes: f64(),
    measuredSetupMinutes: f64(),
    measuredUploadMbps: f64(),
    measuredDownloadMbps: f64(),
  };
  const upTo: number[] = [];
  const rate: number[] = [];
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
    PRICING_MODELS.forEach((model, m) => {
      const billing = o.billingByModel?.[model] ?? o.billing;
      c.prices[m]![i] = o.prices[model] ?? Number.NaN;
      c.granularity[m]![i] = billing.granularitySeconds;
      c.granularityInv[m]![i] = 1 / billing.granularitySeconds;
      c.minimum[m]![i] = billing.minimumSeconds;
    });
    c.egressPerGb[i] = effectiveRate(o, "egress");
    c.freeEgressGb[i] = o.freeEgressGb;
    c.tierStart[i] = upTo.length;
    if (o.egressTiers && o.egressTiers.length > 0) {
      const ordered = [...o.egressTiers].sort((a, b) => (a.upToGb ?? Infinity) - (b.upToGb ?? Infinity));
      ordered.forEach((t, j) => {
        upTo.push(j === ordered.length - 1 ? Infinity : (t.upToGb ?? Infinity));
        rate.push(t.perGb);
      });
    }
    c.ingressPerGb[i] = effectiveRate(o, "ingress");
    c.blockPerGbMonth[i] = effectiveRate(o, "block_storage");
    c.objectPerGbMonth[i] = effectiveRate(o, "object_storage");
    c.snapshotPerGbMonth[i] = effectiveRate(o, "snapshots");
    const m = o.measured;
    c.hasMeasured[i] = m ? 1 : 0;
    c.measuredSecondsPerStep[i] = m?.secondsPerStep ?? Number.NaN;
    c.measuredBootMinutes[i] = m?.bootMinutes ?? Number.NaN;
    c.measuredSetupMinutes[i] = m?.setupMinutes ?? Number.NaN;
    c.measuredUploadMbps[i] = m?.uploadMbps ?? Number.NaN;
    c.measuredDownloadMbps[i] = m?.downloadMbps ?? Number.NaN;
  }
  c.tierStart[n] = upTo.length;
  c.tierUpTo = Float64Array.from(upTo);
  c.tierRate = Float64Array.from(rate);
  return c;
}
