// Every documented API operation. Each area exports its list; add yours here.
import { z } from "zod";

import { catalogOperations } from "../catalog/api-operations.ts";
import type { ApiOperation } from "./openapi.ts";
import { sizingOperations } from "../sizing/api-operations.ts";
import { scoringOperations } from "../scoring/api-operations.ts";
import { tcoOperations } from "../tco/api-operations.ts";
import { hardwareOperations } from "../hardware/api-operations.ts";

const healthOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/health",
    operationId: "getHealth",
    summary: "Liveness and readiness: database reachable, migrations current, version",
    tags: ["operations"],
    response: z.object({
      status: z.enum(["ok", "degraded", "error"]),
      version: z.string(),
      database: z.object({
        kind: z.string().optional(),
        reachable: z.boolean(),
        latencyMs: z.number().optional(),
      }),
      migrations: z
        .object({
          current: z.boolean(),
          applied: z.number(),
          pending: z.array(z.string()),
          failed: z.array(z.string()),
        })
        .optional(),
      message: z.string().optional(),
    }),
    errors: { 503: "Not ready: database unreachable or migrations pending/failed" },
  },
];

export const apiOperations: ApiOperation[] = [
  ...healthOperations,
  ...catalogOperations,
  ...tcoOperations,
  ...sizingOperations,
  ...scoringOperations,
  ...hardwareOperations,
];
