// GET /api/v1/gpus/{slug} — price history of one GPU model (lowest per GPU-hour per date)
import { z } from "zod";

import { ApiError, queryRoute } from "../../../../../server/api/route-handler.ts";
import { getGpuPriceHistory } from "../../../../../server/catalog/list-gpus.ts";
import { getDb } from "../../../../../server/db/client.ts";

export const dynamic = "force-dynamic";

export const GET = queryRoute(
  z.object({}),
  async (_query, _request, context: { params: Promise<{ slug: string }> }) => {
    const { slug } = await context.params;
    const history = await getGpuPriceHistory(getDb(), slug);
    if (!history) throw new ApiError(404, "not_found", "No such GPU model.");
    return history;
  },
);
