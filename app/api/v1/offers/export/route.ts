// GET /api/v1/offers/export — the filtered offer list as CSV or JSON (format=csv|json)
import { NextResponse } from "next/server";

import { queryRoute } from "../../../../../server/api/route-handler.ts";
import { exportOffers } from "../../../../../server/catalog/export-offers.ts";
import { exportQuerySchema } from "../../../../../server/catalog/offers.validation.ts";
import { getDb } from "../../../../../server/db/client.ts";

export const dynamic = "force-dynamic";

export const GET = queryRoute(exportQuerySchema, async (query) => {
  const file = await exportOffers(getDb(), query);
  return new NextResponse(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
    },
  });
});
