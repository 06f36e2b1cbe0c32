// What `npm run catalog:sync` pulls with no setting: every public SkyPilot v8 cloud catalog
// (raw files of github.com/skypilot-org/skypilot-catalog), then the provider facts and GPU
// specs when a data base URL is configured. A manifest is plain data; a JSON file of the same
// shape can replace it (--manifest).
import { z } from "zod";

import { DEFAULT_SKYPILOT_BASE_URL, SKYPILOT_CATALOG_REPO, skypilotUrl } from "./catalog-source.ts";

/**
 * The clouds of the public SkyPilot catalog, v8 layout (catalogs/v8/<cloud>/vms.csv). A cloud
 * upstream drops answers 404 in a sync: it is reported and skipped, the others import.
 */
export const SKYPILOT_V8_CLOUDS = [
  "aws",
  "azure",
  "gcp",
  "oci",
  "lambda",
  "runpod",
  "vast",
  "fluidstack",
  "paperspace",
  "cudo",
  "do",
  "ibm",
  "scp",
  "nebius",
  "hyperbolic",
  "hyperstack",
  "shadeform",
  "seeweb",
  "jarvislabs",
  "verda",
  "lium",
  "mithril",
  "spheron",
  "daytona",
] as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD");

export const syncManifestSchema = z.object({
  /** Shown in reports and stored as the sync batch's source. */
  name: z.string().min(1).max(120),
  skypilot: z
    .array(
      z.object({
        cloud: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
        url: z.url({ protocol: /^https?$/ }),
        /** The date the prices were observed, when the manifest states it (else Last-Modified, else unknown). */
        observedAt: isoDay.optional(),
        /** Upstream repository and path, to look the file's last commit up (source link and date). */
        upstream: z.object({ repo: z.string(), path: z.string() }).optional(),
      }),
    )
    .max(200),
  gpuSpecs: z.url({ protocol: /^https?$/ }).optional(),
  providerFacts: z.url({ protocol: /^https?$/ }).optional(),
});
export type SyncManifest = z.infer<typeof syncManifestSchema>;
export type SyncManifestCloud = SyncManifest["skypilot"][number];

export interface DefaultManifestOptions {
  /** Base of <cloud>/vms.csv (default GPU_SCOUT_SKYPILOT_BASE_URL or the raw GitHub files). */
  baseUrl?: string;
  /** Base of gpu-specs.csv and provider-facts.csv (default GPU_SCOUT_SYNC_DATA_BASE_URL; none: not synced). */
  dataBaseUrl?: string;
  clouds?: readonly string[];
}

/** The default manifest: every public v8 cloud, plus GPU specs and provider facts when a data base URL is set. */
export function defaultSyncManifest(options: DefaultManifestOptions = {}): SyncManifest {
  const baseUrl = options.baseUrl ?? DEFAULT_SKYPILOT_BASE_URL;
  const dataBaseUrl = (options.dataBaseUrl ?? process.env.GPU_SCOUT_SYNC_DATA_BASE_URL ?? "").replace(
    /\/$/,
    "",
  );
  const upstream = baseUrl === DEFAULT_SKYPILOT_BASE_URL && /raw\.githubusercontent\.com/.test(baseUrl);
  return {
    // A subset of clouds is another manifest (its own "recent" check and summary batches).
    name: `SkyPilot v8 catalogs (${new URL(baseUrl).host}${options.clouds ? `: ${options.clouds.join(", ")}` : ""})`.slice(
      0,
      120,
    ),
    skypilot: (options.clouds ?? SKYPILOT_V8_CLOUDS).map((cloud) => ({
      cloud,
      url: skypilotUrl(cloud, baseUrl),
      ...(upstream
        ? { upstream: { repo: SKYPILOT_CATALOG_REPO, path: `catalogs/v8/${cloud}/vms.csv` } }
        : {}),
    })),
    ...(dataBaseUrl
      ? { gpuSpecs: `${dataBaseUrl}/gpu-specs.csv`, providerFacts: `${dataBaseUrl}/provider-facts.csv` }
      : {}),
  };
}
