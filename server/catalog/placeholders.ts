// Which offers' current price is a placeholder (quality flag placeholder_price, set by the
// importers from lib/catalog/quality-rules.ts detectPlaceholderPrices): such prices are shown
// with their flag but kept out of every "cheapest" pick unless the user opts in.
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { FLAGS } from "../../lib/catalog/quality-rules.ts";

type Db = Pick<PrismaClient, "$queryRaw">;

/** Offers among `offerIds` whose latest price of one of `pricingModels` is flagged placeholder_price. */
export async function placeholderOfferIds(
  db: Db,
  offerIds: readonly string[],
  pricingModels: readonly string[] = ["ON_DEMAND"],
): Promise<Set<string>> {
  if (offerIds.length === 0 || pricingModels.length === 0) return new Set();
  const rows = await db.$queryRaw<{ offerId: string }[]>`
    SELECT cur."offerId" FROM (
      SELECT DISTINCT ON (p."offerId", p."pricingModel", p.currency) p."offerId", p."qualityFlags"
      FROM "PriceObservation" p
      WHERE p."offerId" IN (${Prisma.join([...offerIds])})
        AND p."pricingModel"::text IN (${Prisma.join([...pricingModels])})
      ORDER BY p."offerId", p."pricingModel", p.currency, p."observedAt" DESC
    ) cur
    WHERE ${FLAGS.placeholderPrice} = ANY(cur."qualityFlags")`;
  return new Set(rows.map((r) => r.offerId));
}
