// OpenAPI entries of the TCO area, from the same zod schemas the routes validate with.
import { tcoRequestSchema, tcoResponseSchema } from "../../lib/tco/api-schema.ts";
import { slaRequestSchema, slaResponseSchema } from "../../lib/tco/sla.ts";
import type { ApiOperation } from "../api/openapi.ts";

export const tcoOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/tco",
    operationId: "computeTco",
    summary:
      "Whole-job cost per offer × pricing model (compute, spot risk, reserved terms, egress, storage, snapshots, other), cheapest first",
    tags: ["tco"],
    body: tcoRequestSchema,
    response: tcoResponseSchema,
    errors: { 404: "An offer id is not in the catalog" },
  },
  {
    method: "post",
    path: "/api/v1/sla",
    operationId: "slaDowntime",
    summary: "Expected downtime per year for an availability, and the expected delay cost of a job",
    tags: ["tco"],
    body: slaRequestSchema,
    response: slaResponseSchema,
  },
];
