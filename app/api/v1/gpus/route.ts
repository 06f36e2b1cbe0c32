// GET /api/v1/gpus — GPU models with specs and offer counts
import { queryRoute } from "../../../../server/api/route-handler.ts";
import { listGpus } from "../../../../server/catalog/list-gpus.ts";
import { getDb } from "../../../../server/db/client.ts";
import { z } from "zod";

export const dynamic = "force-dynamic";

export const GET = queryRoute(z.object({}), () => listGpus(getDb()));
