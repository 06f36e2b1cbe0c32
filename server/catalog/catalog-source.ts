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
  /**
   * When the data was observed: the caller's date (--observed-at, a manifest entry) or the
   * server's Last-Modified; null when nothing states it ("date unknown"). A file's modification
   * time is not a statement about the prices (a copy or checkout resets it).
   */
  observedAt: Date | null;
  /**
   * The public URL to store as the prices' source, when known: the upstream file at the commit
   * COMMITS.csv names, or the URL fetched. Otherwise the source is sourceLabel(name).
   */
  sourceUrl?: string;
  /** The upstream commit the file was taken from (COMMITS.csv), when known. */
  commit?: string;
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

/** The public SkyPilot catalog repository the COMMITS.csv entries refer to. */
export const SKYPILOT_CATALOG_REPO = "skypilot-org/skypilot-catalog";

export interface UpstreamCommit {
  /** Path inside the upstream repository, e.g. catalogs/v8/lambda/vms.csv. */
  path: string;
  repo: string;
  commit: string;
}

/** The GitHub page of a file at a commit: https://github.com/<repo>/blob/<commit>/<path>. */
export function githubBlobUrl({ repo, commit, path: file }: UpstreamCommit): string {
  return `https://github.com/${repo}/blob/${commit}/${file}`;
}

/** Parses COMMITS.csv (path,repo,commit_reported_by_index,…): upstream path → commit. */
export function parseCommitsCsv(text: string): Map<string, UpstreamCommit> {
  const out = new Map<string, UpstreamCommit>();
  const [header, ...lines] = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const cols = (header ?? "").split(",").map((c) => c.trim());
  const at = (name: string) => cols.findIndex((c) => c === name || c.startsWith(name));
  const [iPath, iRepo, iCommit] = [at("path"), at("repo"), at("commit")];
  if (iPath < 0 || iRepo < 0 || iCommit < 0) return out;
  for (const line of lines) {
    const cells = line.split(",");
    const file = cells[iPath]?.trim() ?? "";
    const repo = cells[iRepo]?.trim() ?? "";
    const commit = cells[iCommit]?.trim() ?? "";
    if (file && /^[\w.-]+\/[\w.-]+$/.test(repo) && /^[0-9a-f]{7,40}$/i.test(commit)) {
      out.set(file, { path: file, repo, commit });
    }
  }
  return out;
}

/**
 * The upstream commit of a local catalog file, from a COMMITS.csv in one of its parent folders
 * (../shared/data/skypilot-catalog/COMMITS.csv names catalogs/v8/<cloud>/vms.csv): the path of
 * the file below that folder, with the "catalogs/" prefix the upstream repository has.
 */
async function upstreamCommitOf(file: string): Promise<UpstreamCommit | undefined> {
  let dir = path.dirname(path.resolve(/* turbopackIgnore: true */ file));
  for (let depth = 0; depth < 4; depth++) {
    const commitsFile = path.join(/* turbopackIgnore: true */ dir, "COMMITS.csv");
    const text = await readFile(/* turbopackIgnore: true */ commitsFile, "utf8").catch(() => null);
    if (text !== null) {
      const rel = path
        .relative(dir, path.resolve(/* turbopackIgnore: true */ file))
        .split(path.sep)
        .join("/");
      const commits = parseCommitsCsv(text);
      return commits.get(rel) ?? commits.get(`catalogs/${rel}`);
    }
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

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
  const upstream = await upstreamCommitOf(target);
  return [
    {
      name: target,
      cloud: options.cloud ? cloudSlug(options.cloud) : cloudFromPath(target),
      text: await readFile(target, "utf8"),
      observedAt: options.observedAt ?? null,
      ...(upstream ? { sourceUrl: githubBlobUrl(upstream), commit: upstream.commit } : {}),
    },
  ];
}

/** A fetch that failed: HTTP status, timeout, size or network error, with the URL. */
export class CatalogFetchError extends Error {
  override name = "CatalogFetchError";
  constructor(
    message: string,
    readonly url: string,
    readonly reason: "http" | "timeout" | "too_large" | "network",
  ) {
    super(message);
  }
}

/** Default time one catalog download may take (whole body), in ms. */
export const DEFAULT_FETCH_TIMEOUT_MS = 60_000;

/** GET a text file with a whole-request timeout; errors are CatalogFetchError. */
export async function fetchText(
  url: string,
  options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<{ text: string; lastModified: Date | null }> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await (options.fetchImpl ?? fetch)(url, { signal });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new CatalogFetchError(`GET ${url} answered ${response.status}`, url, "http");
    }
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > MAX_IMPORT_CHARS) {
      await response.body?.cancel().catch(() => undefined);
      throw new CatalogFetchError(
        `GET ${url} is ${Math.round(declared / 1_000_000)} MB; the import limit is ${MAX_IMPORT_CHARS / 1_000_000} MB per file.`,
        url,
        "too_large",
      );
    }
    const header = response.headers.get("last-modified");
    const parsed = header ? new Date(header) : null;
    const text = await response.text();
    return { text, lastModified: parsed && !Number.isNaN(parsed.getTime()) ? toSecond(parsed) : null };
  } catch (error) {
    if (error instanceof CatalogFetchError) throw error;
    if (signal.aborted) {
      throw new CatalogFetchError(`GET ${url} timed out after ${timeoutMs} ms`, url, "timeout");
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new CatalogFetchError(`GET ${url} failed: ${message}`, url, "network");
  }
}

export async function fetchCatalogUrl(
  url: string,
  options: { cloud?: string; observedAt?: Date; fetchImpl?: typeof fetch; timeoutMs?: number } = {},
): Promise<CatalogFile> {
  const { text, lastModified } = await fetchText(url, options);
  return {
    name: url,
    cloud: options.cloud ? cloudSlug(options.cloud) : cloudFromPath(new URL(url).pathname),
    text,
    // The caller's date, else the server's Last-Modified, else unknown (never "today").
    observedAt: options.observedAt ?? lastModified,
    sourceUrl: url,
  };
}

/** The public catalog's URL for one cloud under a base URL. */
export function skypilotUrl(cloud: string, baseUrl = DEFAULT_SKYPILOT_BASE_URL): string {
  return `${baseUrl.replace(/\/$/, "")}/${cloud}/vms.csv`;
}
