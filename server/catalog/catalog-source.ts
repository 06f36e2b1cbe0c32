// Where catalog text comes from: a file, a folder of <cloud>/vms.csv, a URL (the public
// SkyPilot catalog's raw files by default; base URL configurable), or text handed in (UI).
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

import { MAX_IMPORT_CHARS } from "../../lib/catalog/csv-table.ts";

export const DEFAULT_SKYPILOT_BASE_URL =
  process.env.GPU_SCOUT_SKYPILOT_BASE_URL ||
  "https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v8";

export interface CatalogFile {
  /** Shown in reports and stored as the observations' source. */
  name: string;
  cloud: string;
  text: string;
  /** When the data was observed: file modification time, Last-Modified, or the caller's date. */
  observedAt: Date;
}

const CLOUD_ALIASES: Record<string, string> = {
  google: "gcp",
  az: "azure",
  amazon: "aws",
  datacrunch: "verda",
};

export function cloudSlug(raw: string): string {
  const slug = raw
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return CLOUD_ALIASES[slug] ?? slug;
}

/** The cloud a file belongs to: its folder for <cloud>/vms.csv, else the file name's first word. */
export function cloudFromPath(file: string): string {
  const base = path.basename(file);
  if (/^(?:az_ml_)?vms\.csv$/i.test(base)) return cloudSlug(path.basename(path.dirname(file)));
  return cloudSlug(/^[a-z0-9]+/i.exec(base)?.[0] ?? base);
}

const toSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

export async function readCatalogPath(
  target: string,
  options: { cloud?: string; observedAt?: Date } = {},
): Promise<CatalogFile[]> {
  const info = await stat(target);
  if (info.isDirectory()) {
    const files: CatalogFile[] = [];
    for (const entry of (await readdir(target, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (!entry.isDirectory() || entry.name === "common") continue;
      for (const name of ["vms.csv", "az_ml_vms.csv"]) {
        // turbopackIgnore: a path from the user at run time; without it the server bundle
        // traces (and the standalone output copies) the whole project.
        const file = path.join(/* turbopackIgnore: true */ target, entry.name, name);
        const found = await stat(/* turbopackIgnore: true */ file).catch(() => null);
        if (found?.isFile()) files.push(...(await readCatalogPath(file, { observedAt: options.observedAt })));
      }
    }
    if (files.length === 0) throw new Error(`No <cloud>/vms.csv files in ${target}`);
    return files;
  }
  if (info.size > MAX_IMPORT_CHARS) {
    throw new Error(
      `${target} is ${Math.round(info.size / 1_000_000)} MB; the import limit is ${MAX_IMPORT_CHARS / 1_000_000} MB per file. Split it.`,
    );
  }
  return [
    {
      name: target,
      cloud: options.cloud ? cloudSlug(options.cloud) : cloudFromPath(target),
      text: await readFile(target, "utf8"),
      observedAt: options.observedAt ?? toSecond(info.mtime),
    },
  ];
}

export async function fetchCatalogUrl(
  url: string,
  options: { cloud?: string; observedAt?: Date; fetchImpl?: typeof fetch } = {},
): Promise<CatalogFile> {
  const response = await (options.fetchImpl ?? fetch)(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_IMPORT_CHARS) {
    throw new Error(
      `GET ${url} is ${Math.round(declared / 1_000_000)} MB; the import limit is ${MAX_IMPORT_CHARS / 1_000_000} MB per file.`,
    );
  }
  const lastModified = response.headers.get("last-modified");
  const today = new Date(new Date().toISOString().slice(0, 10));
  return {
    name: url,
    cloud: options.cloud ? cloudSlug(options.cloud) : cloudFromPath(new URL(url).pathname),
    text: await response.text(),
    observedAt: options.observedAt ?? (lastModified ? toSecond(new Date(lastModified)) : today),
  };
}

/** The public catalog's URL for one cloud under a base URL. */
export function skypilotUrl(cloud: string, baseUrl = DEFAULT_SKYPILOT_BASE_URL): string {
  return `${baseUrl.replace(/\/$/, "")}/${cloud}/vms.csv`;
}
