// POST /api/v1/hardware/verify — nvidia-smi output in, hardware report (mismatches, verdict) out.
import { jsonRoute } from "../../../../../server/api/route-handler.ts";
import { verifyNvidiaSmiOrThrow } from "../../../../../server/hardware/verify.ts";
import { hardwareVerifyRequestSchema } from "../../../../../lib/hardware/schema.ts";

export const dynamic = "force-dynamic";

export const POST = jsonRoute(hardwareVerifyRequestSchema, (input) => verifyNvidiaSmiOrThrow(input));
