// Every catalog import source, one entry each: what the CLI flag is, whether the browser
// import offers it and which files it takes, how a file is recognised, and which labels name
// it. Pure and client-safe (the import form reads it); the functions that import each source
// are in server/catalog/importers.ts, keyed by the same id. A new source is one entry here,
// one there, and its messages (CONTRIBUTING.md, recipe 2).

/** The ImportKind values a batch is stored under (prisma/schema.prisma), SEED aside. */
export const IMPORT_BATCH_KINDS = [
  "SKYPILOT",
  "NATIVE",
  "PROVIDER_FACTS",
  "GPU_SPECS",
  "MLPERF",
  "SPOT_ADVISOR",
] as const;
export type ImportBatchKind = (typeof IMPORT_BATCH_KINDS)[number];

/** A source: each ImportKind, plus Epoch AI's hardware table (stored as GPU_SPECS batches). */
export type ImportSourceId = ImportBatchKind | "EPOCH";

export interface ImportFileType {
  extension: string;
  mime: string;
}

const CSV: ImportFileType = { extension: ".csv", mime: "text/csv" };
const JSON_FILE: ImportFileType = { extension: ".json", mime: "application/json" };

export interface ImportSource {
  id: ImportSourceId;
  /** ImportBatch.kind of its batches; its list label is catalogImport.list.kinds.<batchKind>. */
  batchKind: ImportBatchKind;
  /**
   * `npm run catalog:import -- --<flag> <target>` (repeatable flags take several targets), its
   * line in `--help`, and the label of its summary lines (the CLI speaks English only).
   */
  cli: { flag: string; multiple: boolean; target: string; help: string; label: string };
  /** The browser import's choice (label catalogImport.form.kinds.<id>), or null: CLI only. */
  browser: { fileTypes: readonly ImportFileType[] } | null;
  /** Whether a file (its name, lower case, and first line, lower case) looks like this source. */
  detect?: (fileName: string, header: string) => boolean;
}

/**
 * In the order the CLI runs them (GPU specs first: a model they add lets catalog rows in the
 * same run resolve to it; facts after the catalogs, which create the providers they name).
 * The browser form lists its sources in this order too.
 */
export const IMPORT_SOURCES: readonly ImportSource[] = [
  {
    id: "GPU_SPECS",
    batchKind: "GPU_SPECS",
    cli: {
      flag: "gpu-specs",
      label: "GPU specs",
      multiple: false,
      target: "<csv>",
      help: "curated GPU specs (gpu, memory_gb, …)",
    },
    browser: { fileTypes: [CSV] },
    detect: (_, header) => header.includes("memory_gb") && header.includes("bf16"),
  },
  {
    id: "EPOCH",
    batchKind: "GPU_SPECS",
    cli: {
      flag: "epoch",
      label: "Epoch AI hardware",
      multiple: false,
      target: "<csv>",
      help: "Epoch AI ML hardware CSV: fills gaps in GPU specs (curated wins)",
    },
    browser: null,
  },
  {
    id: "SKYPILOT",
    batchKind: "SKYPILOT",
    cli: {
      flag: "skypilot",
      label: "SkyPilot",
      multiple: true,
      target: "<file|folder|url>",
      help: "SkyPilot vms.csv (v5/v8), a folder of <cloud>/vms.csv, or a URL",
    },
    browser: { fileTypes: [CSV] },
    detect: (name, header) => header.includes("acceleratorname") || name.endsWith("vms.csv"),
  },
  {
    id: "PROVIDER_FACTS",
    batchKind: "PROVIDER_FACTS",
    cli: {
      flag: "provider-facts",
      label: "provider facts",
      multiple: false,
      target: "<csv>",
      help: "provider facts (provider, fact, …)",
    },
    browser: { fileTypes: [CSV] },
    detect: (_, header) => header.includes("fact") && header.includes("provider"),
  },
  {
    id: "MLPERF",
    batchKind: "MLPERF",
    cli: {
      flag: "mlperf",
      label: "MLPerf",
      multiple: true,
      target: "<summary.csv|folder>",
      help: "MLPerf results",
    },
    browser: { fileTypes: [CSV] },
    detect: (name, header) =>
      name.includes("summary") || header.includes("accelerator,") || header.includes("public id"),
  },
  {
    id: "SPOT_ADVISOR",
    batchKind: "SPOT_ADVISOR",
    cli: {
      flag: "spot-advisor",
      label: "Spot Advisor",
      multiple: false,
      target: "<json>",
      help: "AWS Spot Instance Advisor feed (needs --observed-at: the feed has no date)",
    },
    browser: null,
  },
  {
    id: "NATIVE",
    batchKind: "NATIVE",
    cli: {
      flag: "native",
      label: "native",
      multiple: true,
      target: "<csv|json>",
      help: "offers in the native format",
    },
    browser: { fileTypes: [CSV, JSON_FILE] },
  },
];

export function importSource(id: ImportSourceId): ImportSource {
  const source = IMPORT_SOURCES.find((s) => s.id === id);
  if (!source) throw new Error(`no import source ${id}`);
  return source;
}

/** The ImportKinds the browser import offers (entries with `browser`), in the registry's order. */
export const BROWSER_IMPORT_KINDS = IMPORT_SOURCES.filter((s) => s.browser !== null).map(
  (s) => s.id,
) as unknown as readonly [BrowserImportKind, ...BrowserImportKind[]];
/** Kept to ImportKinds: a browser upload is stored under its own kind. */
export type BrowserImportKind = Exclude<ImportSourceId, "EPOCH" | "SPOT_ADVISOR">;

/** The file input's accept list: every browser source's extensions, then their MIME types. */
export function browserAccept(): string {
  const types = BROWSER_IMPORT_KINDS.flatMap((id) => importSource(id).browser?.fileTypes ?? []);
  const unique = (list: string[]) => [...new Set(list)];
  return [...unique(types.map((t) => t.extension)), ...unique(types.map((t) => t.mime))].join(",");
}

/** The browser source a file most likely holds, from its name and first line (default NATIVE). */
export function guessImportKind(fileName: string, firstLine: string): BrowserImportKind {
  const name = fileName.toLowerCase();
  const header = firstLine.toLowerCase();
  return BROWSER_IMPORT_KINDS.find((id) => importSource(id).detect?.(name, header)) ?? "NATIVE";
}

/** The CLI's help lines for the sources' flags. */
export function importCliHelp(): string[] {
  return IMPORT_SOURCES.map((s) => `  --${s.cli.flag} ${s.cli.target}`.padEnd(36) + s.cli.help);
}

/** The CLI's flags for node:util parseArgs, one per source. */
export function importCliOptions(): Record<string, { type: "string"; multiple: boolean }> {
  return Object.fromEntries(
    IMPORT_SOURCES.map((s) => [s.cli.flag, { type: "string" as const, multiple: s.cli.multiple }]),
  );
}
