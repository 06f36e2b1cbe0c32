// POST /api/v1/sla — expected downtime per year for an availability, and a job's delay cost.
import { jsonRoute } from "../../../../server/api/route-handler.ts";
import { slaRequestSchema, slaSummary } from "../../../../lib/tco/sla.ts";

export const dynamic = "force-dynamic";

export const POST = jsonRoute(slaRequestSchema, (input) => Promise.resolve(slaSummary(input)));
