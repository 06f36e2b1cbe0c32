// Shared set-up for the catalog tests: a test database with the curated GPU models only
// (importers resolve names against them), fixture files, and row counts to compare.
import { readFileSync } from "node:fs";
import path from "node:path";

import { seedData } from "../../prisma/seed/index.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { CatalogFile } from "../../server/catalog/catalog-source.ts";

export const gpuModelsOnly = { ...seedData, providers: [], regions: [], offers: [], facts: [], fxRates: [] };

export const fixture = (name: string) => path.join(import.meta.dirname, "fixtures", name);

export function fixtureCatalog(name: string, cloud: string, observedAt: string): CatalogFile {
  return {
    name: fixture(name),
    cloud,
    text: readFileSync(fixture(name), "utf8"),
    observedAt: new Date(observedAt),
  };
}

export async function counts(prisma: PrismaClient) {
  const [providers, regions, offers, prices, facts, gpuModels, benchmarks] = await Promise.all([
    prisma.provider.count(),
    prisma.region.count(),
    prisma.offer.count(),
    prisma.priceObservation.count(),
    prisma.providerFact.count(),
    prisma.gpuModel.count(),
    prisma.benchmarkResult.count(),
  ]);
  return { providers, regions, offers, prices, facts, gpuModels, benchmarks };
}

export const sharedData = path.resolve(process.cwd(), "..", "shared", "data");

// ── Catalog text written for a test, in the SkyPilot column format ──

/** The columns of a SkyPilot VM catalog, in the order the test fixtures write them. */
export const CATALOG_COLUMNS = [
  "InstanceType",
  "AcceleratorName",
  "AcceleratorCount",
  "vCPUs",
  "MemoryGiB",
  "Price",
  "SpotPrice",
  "Region",
  "GpuInfo",
] as const;

/** The GpuInfo cell (a quoted Python-style dict) for `count` GPUs of `mibPerGpu` MiB each. */
export function gpuInfoCell(name: string, count: number, mibPerGpu: number, manufacturer?: string): string {
  const maker = manufacturer ? `, 'Manufacturer': '${manufacturer}'` : "";
  return `"{'Gpus': [{'Name': '${name}'${maker}, 'Count': ${count}, 'MemoryInfo': {'SizeInMiB': ${mibPerGpu}}}], 'TotalGpuMemoryInMiB': ${mibPerGpu * count}}"`;
}

/** A catalog file's text: the header of `columns` and the given rows. */
export function catalogText(rows: readonly string[], columns: readonly string[] = CATALOG_COLUMNS): string {
  return [columns.join(","), ...rows].join("\n");
}
