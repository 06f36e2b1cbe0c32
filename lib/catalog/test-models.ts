// GPU models for the pure catalog tests: the curated seed's models as resolution targets.
import { gpuModels } from "../../prisma/seed/data/gpu-models.ts";
import type { GpuModelRef } from "./gpu-names.ts";

export const seedGpuRefs: GpuModelRef[] = gpuModels.map((g) => ({
  id: g.slug,
  slug: g.slug,
  name: g.name,
  family: g.family,
  variant: g.variant ?? null,
  memoryGb: g.memoryGb,
  formFactor: g.formFactor,
  aliases: g.aliases,
}));
