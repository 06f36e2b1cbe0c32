// GET /api/v1/offers/{id}: the offer with its current prices and its whole price history.
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { loadOffers, type OfferView } from "./query-offers.ts";
import { DEFAULT_STALE_AFTER_DAYS, staleCutoff } from "./stale.ts";
import { finishedBatchWhere } from "./visible-history.ts";

export interface OfferDetail extends OfferView {
  history: {
    pricingModel: string;
    currency: string;
    hourly: string;
    perGpuHour: string;
    observedAt: string;
    source: { url: string; row: number | null; importBatchId: string | null };
    flags: string[];
  }[];
}

export async function getOffer(
  prisma: PrismaClient,
  id: string,
  now = new Date(),
): Promise<OfferDetail | null> {
  const [offer] = await loadOffers(prisma, [id], {
    cutoff: staleCutoff(now, DEFAULT_STALE_AFTER_DAYS),
    includeStale: true,
    now,
  });
  if (!offer) return null;
  const history = await prisma.priceObservation.findMany({
    where: { offerId: id, ...finishedBatchWhere },
    orderBy: [{ pricingModel: "asc" }, { currency: "asc" }, { observedAt: "desc" }],
  });
  return {
    ...offer,
    history: history.map((p) => ({
      pricingModel: p.pricingModel,
      currency: p.currency,
      hourly: p.hourlyAmount.toDecimalPlaces(6).toString(),
      perGpuHour: p.hourlyAmount.div(offer.gpuCount).toDecimalPlaces(6).toString(),
      observedAt: p.observedAt.toISOString(),
      source: { url: p.sourceUrl, row: p.sourceRow, importBatchId: p.importBatchId },
      flags: p.qualityFlags,
    })),
  };
}
