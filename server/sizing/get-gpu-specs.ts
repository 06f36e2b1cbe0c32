// GPU models from the database, as the sizing library needs them.
import "server-only";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { GpuSpec } from "../../lib/sizing/fit.ts";
import { getDb } from "../db/client.ts";

export async function getGpuSpecs(db: PrismaClient = getDb()): Promise<GpuSpec[]> {
  const rows = await db.gpuModel.findMany({
    orderBy: [{ memoryGb: "asc" }, { name: "asc" }],
    select: {
      slug: true,
      name: true,
      memoryGb: true,
      memoryBandwidthGbps: true,
      bf16DenseTflops: true,
      fp8DenseTflops: true,
      formFactor: true,
      nvlinkGbps: true,
      datacenter: true,
    },
  });
  return rows;
}
