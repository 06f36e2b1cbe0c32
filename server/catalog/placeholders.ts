// Which offers' current price is a placeholder (quality flag placeholder_price, set by the
// importers from lib/catalog/quality-rules.ts detectPlaceholderPrices): such prices are shown
// with their flag but kept out of every "cheapest" pick unless the user opts in. Read from the
// CurrentPrice read model (its placeholder column is that flag on the current observation).
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";

type Db = Pick<PrismaClient, "$queryRaw">;

/** Offers among `offerIds` whose latest price of one of `pricingModels` is flagged placeholder_price. */
export async function placeholderOfferIds(
  db: Db,
  offerIds: readonly string[],
  pricingModels: readonly string[] = ["ON_DEMAND"],
): Promise<Set<string>> {
  if (offerIds.length === 0 || pricingModels.length === 0) return new Set();
  const rows = await db.$queryRaw<{ offerId: string }[]>`
    SELECT DISTINCT c."offerId" FROM "CurrentPrice" c
    WHERE c."offerId" IN (${Prisma.join([...offerIds])})
      AND c."pricingModel"::text IN (${Prisma.join([...pricingModels])})
      AND c.placeholder`;
  return new Set(rows.map((r) => r.offerId));
}
