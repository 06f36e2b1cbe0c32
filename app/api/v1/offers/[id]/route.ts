// GET /api/v1/offers/{id} — one offer with current prices and price history
import { ApiError, queryRoute } from "../../../../../server/api/route-handler.ts";
import { getOffer } from "../../../../../server/catalog/get-offer.ts";
import { offerIdParamsSchema } from "../../../../../server/catalog/offers.validation.ts";
import { getDb } from "../../../../../server/db/client.ts";

export const dynamic = "force-dynamic";

export const GET = queryRoute(
  offerIdParamsSchema.omit({ id: true }),
  async (_query, _request, context: { params: Promise<{ id: string }> }) => {
    const params = offerIdParamsSchema.safeParse(await context.params);
    if (!params.success) throw new ApiError(400, "invalid_input", "The offer id is not valid.");
    const offer = await getOffer(getDb(), params.data.id);
    if (!offer) throw new ApiError(404, "not_found", "No such offer.");
    return offer;
  },
);
