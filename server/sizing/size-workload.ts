// Sizes a validated request against the GPU models in the database, in the API's shape.
import "server-only";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { assumptionText } from "../../lib/sizing/assumptions.ts";
import { estimateSizing } from "../../lib/sizing/estimate.ts";
import { fitNotesText } from "../../lib/sizing/fit-note-text.ts";
import type { SizingRequest } from "../../lib/sizing/sizing-request.ts";
import { toGb } from "../../lib/sizing/units.ts";
import { getDb } from "../db/client.ts";
import type { SizingResponse } from "./api-operations.ts";
import { getGpuSpecs } from "./get-gpu-specs.ts";

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function sizeWorkload(
  request: SizingRequest,
  db: PrismaClient = getDb(),
): Promise<SizingResponse> {
  const result = estimateSizing(request, await getGpuSpecs(db));
  return {
    mode: result.mode,
    model: { ...result.model },
    gpus: result.gpus,
    totalBytes: Math.round(result.totalBytes),
    totalGb: round(result.totalGb),
    totalGib: round(result.totalGib),
    breakdown: {
      weightsBytes: Math.round(result.breakdown.weightsBytes),
      gradientsBytes: Math.round(result.breakdown.gradientsBytes),
      optimizerBytes: Math.round(result.breakdown.optimizerBytes),
      activationsBytes: Math.round(result.breakdown.activationsBytes),
      kvCacheBytes: Math.round(result.breakdown.kvCacheBytes),
      overheadBytes: Math.round(result.breakdown.overheadBytes),
    },
    fits: result.fits.map((f) => ({
      gpu: f.gpu,
      slug: f.slug,
      memoryGb: f.memoryGb,
      gpusNeeded: f.gpusNeeded,
      perGpuGb: round(toGb(f.perGpuBytes)),
      usableGb: round(toGb(f.usableBytes)),
      interconnect: f.interconnect,
      note: fitNotesText(f.notes),
      notes: f.notes,
      jobHours: f.jobTime ? { ...f.jobTime } : null,
      decodeTokensPerSecond: f.decodeTokensPerSecond === null ? null : round(f.decodeTokensPerSecond, 1),
      decode: f.decode ? { ...f.decode, speedUp: round(f.decode.speedUp, 3) } : null,
    })),
    methodComparison: result.methodComparison,
    assumptions: result.assumptions.map(assumptionText),
    assumptionCodes: result.assumptions,
  };
}
