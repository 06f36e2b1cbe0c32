// GPU models from the database, as the sizing library needs them.
// No "server-only" import: the catalog import (CLI included) evaluates watches with it
// (server/watches/), and the CLI runs without the react-server condition.

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
