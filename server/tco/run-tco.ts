// Answers a TCO request: resolves catalog offers (only when ids are given, so inline
// "what-if" offers need no database), picks the exchange rate (the request's override, else
// the catalog's latest), evaluates with lib/tco and shapes the response in the request's
// language.
import "server-only";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { getDb } from "../db/client.ts";
import {
  sortByCostPerUnit,
  toResultJson,
  toSkippedJson,
  type TcoRequest,
  type TcoResponse,
} from "../../lib/tco/api-schema.ts";
import { conversionFactor, fxTable, type FxTable } from "../../lib/tco/currency.ts";
import { evaluateScenario } from "../../lib/tco/evaluate.ts";
import type { TcoOffer } from "../../lib/tco/schema.ts";
import { loadCatalogOffers, loadFx } from "./load-offers.ts";

/** Input that names something that does not exist or cannot be priced: a 4xx, never a 500. */
export class TcoInputError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
    readonly fieldErrors: Record<string, string[]>,
  ) {
    super(message);
  }
}

export async function runTco(request: TcoRequest, db?: PrismaClient): Promise<TcoResponse> {
  const ids = request.offers.filter((o): o is string => typeof o === "string");
  const inline = request.offers.filter((o) => typeof o !== "string");
  const inlineOffers: TcoOffer[] = inline.map((o, i) => ({ ...o, id: o.id ?? `inline-${i + 1}` }));

  const needsCatalogFx =
    !request.fx &&
    (ids.length > 0 ||
      inlineOffers.some(
        (o) => conversionFactor(o.currency, request.currency, fxTable(undefined)) === undefined,
      ));
  let fx: FxTable = request.fx ? fxTable(request.fx.usdToCny, request.fx.asOf, "user") : fxTable(undefined);
  const client = ids.length > 0 || needsCatalogFx ? (db ?? getDb()) : undefined;
  if (client && needsCatalogFx) fx = (await loadFx(client)) ?? fx;

  let catalogOffers: TcoOffer[] = [];
  if (client && ids.length > 0) {
    const loaded = await loadCatalogOffers(ids, request.currency, fx, client);
    if (loaded.missing.length > 0) {
      const message = `Unknown offer id${loaded.missing.length > 1 ? "s" : ""}: ${loaded.missing.join(", ")}`;
      throw new TcoInputError(404, message, { offers: [message] });
    }
    catalogOffers = loaded.offers;
  }
  // Keep the caller's order of offers (ids and inline mixed) for stable tie-breaking.
  const byId = new Map(catalogOffers.map((o) => [o.id, o]));
  let inlineIndex = 0;
  const offers = request.offers
    .map((o) => (typeof o === "string" ? byId.get(o) : inlineOffers[inlineIndex++]))
    .filter((o): o is TcoOffer => o !== undefined);

  const evaluated = evaluateScenario(request, offers, fx);
  const ordered = request.sortBy === "costPerUnit" ? sortByCostPerUnit(evaluated.results) : evaluated.results;
  const usdToCny = fx.unitsPerUsd.CNY;
  return {
    currency: request.currency,
    fx: usdToCny === undefined ? null : { usdToCny, asOf: fx.asOf ?? null, source: fx.source ?? "user" },
    results: ordered.map((r) => toResultJson(r, request.locale)),
    skipped: evaluated.skipped.map((s) => toSkippedJson(s, request.locale)),
  };
}
