// The matrix data as it travels from the server component to the browser. Thousands of offers
// as objects repeat the same keys (and four keys per price) in every row; as tuples with
// dictionaries for days and currencies the payload is about a third, which the page's HTML
// (it carries the payload) and its parse time both feel. encode/decode round-trip exactly.
// A MatrixPage (lib/matrix/page.ts: one page of rows with counts, facets and groups) travels
// the same way, from the server component and from the rows route (app/matrix/rows).
import type { MatrixPage } from "./page.ts";
import {
  INTERCONNECTS,
  MATRIX_PRICING_MODELS,
  type MatrixData,
  type MatrixOffer,
  type MatrixPricingModel,
} from "./data.ts";

/** [pricing model index, hourly, day index, stale 0/1, listed currency index, placeholder 1?] */
export type WirePrice = [number, number, number, 0 | 1, number, 1?];

/** [id, provider, region, gpu, instance type, GPU count, vCPUs, RAM GB, interconnect index, prices] */
export type WireOffer = [
  string,
  number,
  number,
  number,
  string,
  number,
  number | null,
  number | null,
  number,
  WirePrice[],
  /** Spot Advisor bucket, when the offer has one. */
  number?,
];

export interface MatrixWire extends Omit<MatrixData, "offers"> {
  days: string[];
  currencies: string[];
  offers: WireOffer[];
}

function indexer() {
  const values: string[] = [];
  const index = new Map<string, number>();
  return {
    values,
    of(value: string): number {
      let i = index.get(value);
      if (i === undefined) {
        i = values.length;
        values.push(value);
        index.set(value, i);
      }
      return i;
    },
  };
}

export function encodeMatrixData({ offers, ...rest }: MatrixData): MatrixWire {
  const { days, currencies, offers: wireOffers } = encodeOffers(offers);
  return { ...rest, days, currencies, offers: wireOffers };
}

export function decodeMatrixData({ days, currencies, offers, ...rest }: MatrixWire): MatrixData {
  return { ...rest, offers: decodeOffers(days, currencies, offers) };
}

/** A MatrixPage as it travels: the offers as tuples, everything else as it is. */
export interface MatrixPageWire extends Omit<MatrixPage, "offers"> {
  days: string[];
  currencies: string[];
  offers: WireOffer[];
}

export function encodeMatrixPage({ offers, ...rest }: MatrixPage): MatrixPageWire {
  const { days, currencies, offers: wireOffers } = encodeOffers(offers);
  return { ...rest, days, currencies, offers: wireOffers };
}

export function decodeMatrixPage({ days, currencies, offers, ...rest }: MatrixPageWire): MatrixPage {
  return { ...rest, offers: decodeOffers(days, currencies, offers) };
}

function encodeOffers(offers: MatrixOffer[]): { days: string[]; currencies: string[]; offers: WireOffer[] } {
  const days = indexer();
  const currencies = indexer();
  const wireOffers = offers.map((o): WireOffer => {
    const prices: WirePrice[] = [];
    for (const model of MATRIX_PRICING_MODELS) {
      const price = o.prices[model];
      if (!price) continue;
      const wire: WirePrice = [
        MATRIX_PRICING_MODELS.indexOf(model),
        price.hourly,
        days.of(price.observedAt),
        price.stale ? 1 : 0,
        currencies.of(price.listedCurrency),
      ];
      if (price.placeholder) wire.push(1);
      prices.push(wire);
    }
    const tuple: WireOffer = [
      o.id,
      o.p,
      o.r,
      o.g,
      o.instanceType,
      o.gpuCount,
      o.vCpus,
      o.ramGb,
      INTERCONNECTS.indexOf(o.interconnect),
      prices,
    ];
    if (o.spotBucket !== undefined) tuple.push(o.spotBucket);
    return tuple;
  });
  return { days: days.values, currencies: currencies.values, offers: wireOffers };
}

function decodeOffers(days: string[], currencies: string[], offers: WireOffer[]): MatrixOffer[] {
  return offers.map(
    ([id, p, r, g, instanceType, gpuCount, vCpus, ramGb, ic, wirePrices, spotBucket]): MatrixOffer => {
      const prices: MatrixOffer["prices"] = {};
      for (const [model, hourly, day, stale, currency, placeholder] of wirePrices) {
        prices[MATRIX_PRICING_MODELS[model] as MatrixPricingModel] = {
          hourly,
          observedAt: days[day] as string,
          stale: stale === 1,
          listedCurrency: currencies[currency] as string,
          ...(placeholder === 1 ? { placeholder: true } : {}),
        };
      }
      return {
        id,
        p,
        r,
        g,
        instanceType,
        gpuCount,
        vCpus,
        ramGb,
        interconnect: INTERCONNECTS[ic] as MatrixOffer["interconnect"],
        prices,
        ...(spotBucket !== undefined ? { spotBucket } : {}),
      };
    },
  );
}
