// POST /api/v1/hardware/verify in the OpenAPI document; the response schema is the route's contract.
import { hardwareVerifyRequestSchema, hardwareVerifyResponseSchema } from "../../lib/hardware/schema.ts";
import type { ApiOperation } from "../api/openapi.ts";

export const hardwareOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/hardware/verify",
    operationId: "verifyHardware",
    summary:
      "Reads nvidia-smi output (table, -q, -L or --query-gpu csv) and compares it with the offer: model and variant, count, memory, consumer vs datacenter card, sharing (vGPU, MIG), minimum driver for a CUDA version",
    tags: ["hardware"],
    body: hardwareVerifyRequestSchema,
    response: hardwareVerifyResponseSchema,
    errors: {
      400: "Invalid input, or output that is empty, a web page or not nvidia-smi (the message says what to paste)",
    },
  },
];
