// POST /api/v1/tco — whole-job cost of a scenario on catalog and inline offers, cheapest first.
import { jsonRoute } from "../../../../server/api/route-handler.ts";
import { computeTco } from "../../../../server/tco/compute-tco.ts";
import { tcoRequestSchema } from "../../../../lib/tco/api-schema.ts";

export const dynamic = "force-dynamic";

export const POST = jsonRoute(tcoRequestSchema, (input) => computeTco(input));
