// The public catalogs the benchmarks and `catalog:coverage` import when ../shared/data is
// present beside the clone: every SkyPilot v8 cloud plus the AWS, GCP and Azure GPU rows (see
// ../shared/data/SOURCES.md). One list, so every script measures the same catalog.
import { existsSync } from "node:fs";
import path from "node:path";

import { readCatalogPath, type CatalogFile } from "../../server/catalog/catalog-source.ts";

export const PUBLIC_CATALOG_TARGETS = [
  "skypilot-catalog/v8",
  "hyperscalers/aws_skypilot_v5_vms_gpu_rows.csv",
  "hyperscalers/gcp_skypilot_v5_vms_gpu_rows.csv",
  "hyperscalers/azure_az_ml_vms_v5_gpu_rows.csv",
] as const;

/** ../shared/data beside the repository, or null when this clone has none. */
export function sharedDataDir(): string | null {
  const dir = path.resolve(import.meta.dirname, "../../../shared/data");
  return existsSync(dir) ? dir : null;
}

/** Every file of the public catalogs under `sharedDir`, ready for importSkypilot. */
export async function readPublicCatalogs(sharedDir: string): Promise<CatalogFile[]> {
  const files: CatalogFile[] = [];
  for (const target of PUBLIC_CATALOG_TARGETS)
    files.push(...(await readCatalogPath(path.join(sharedDir, target))));
  return files;
}
