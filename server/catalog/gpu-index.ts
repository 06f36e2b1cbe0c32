// The GPU models the importers resolve raw names against (aliases included).
import type { GpuModelRef } from "../../lib/catalog/gpu-names.ts";
import type { Tx } from "./run-import.ts";

export async function loadGpuModels(tx: Tx): Promise<(GpuModelRef & { nvlinkGbps: number | null })[]> {
  const rows = await tx.gpuModel.findMany({
    select: {
      id: true,
      slug: true,
      name: true,
      family: true,
      variant: true,
      memoryGb: true,
      formFactor: true,
      aliases: true,
      nvlinkGbps: true,
    },
    orderBy: { slug: "asc" },
  });
  return rows;
}
