// POST /api/v1/sizing — VRAM sizing for a model and workload, fitted to the GPU models in the catalog
import { sizingRequestSchema } from "@/lib/sizing/sizing-request.ts";
import { jsonRoute } from "@/server/api/route-handler.ts";
import { sizeWorkload } from "@/server/sizing/size-workload.ts";

export const dynamic = "force-dynamic";

export const POST = jsonRoute(sizingRequestSchema, (input) => sizeWorkload(input));
