// GET /api/v1/offers — list offers matching filters, with current prices, sorted and paginated
import { queryRoute } from "../../../../server/api/route-handler.ts";
import { offersQuerySchema } from "../../../../server/catalog/offers.validation.ts";
import { queryOffers } from "../../../../server/catalog/query-offers.ts";
import { getDb } from "../../../../server/db/client.ts";

export const dynamic = "force-dynamic";

export const GET = queryRoute(offersQuerySchema, (query) => queryOffers(getDb(), query));
