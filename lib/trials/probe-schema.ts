// The JSON file written by public/probe.sh (schema "gpu-scout-probe", version 1; documented
// in docs/probe.md), its validation, and the trial-form fields it fills.
import { z } from "zod";

export const PROBE_SCHEMA_ID = "gpu-scout-probe";
export const PROBE_VERSION = 1;
/** Each raw nvidia-smi text (the script caps them at 150 000 bytes). */
export const MAX_PROBE_TEXT_CHARS = 200_000;
/** The whole file, in UTF-8 bytes. */
export const MAX_PROBE_FILE_BYTES = 1_000_000;

const versionMessage = (version: unknown) =>
  `this probe file is version ${String(version)}; this app reads version ${PROBE_VERSION} — download the current probe.sh`;

// Fields the script may leave out or set to null when a step failed.
const text = (max: number) => z.string().max(max).nullish();
const rawText = text(MAX_PROBE_TEXT_CHARS);
const nonNegative = z.number().nonnegative().nullish();
const isoTime = z.iso.datetime({ offset: true });

const hostSchema = z.object({
  hostnameHash: text(128),
  os: text(500),
  kernel: text(500),
  arch: text(100),
  cpuModel: text(500),
  cpuCores: z.number().int().nonnegative().nullish(),
  memoryTotalMB: nonNegative,
  diskFreeMB: nonNegative,
  diskFilesystem: text(100),
  uptimeSeconds: nonNegative,
  bootedAt: isoTime.nullish(),
  container: text(100),
  systemVendor: text(500),
  systemProduct: text(500),
  runAsRoot: z.boolean().nullish(),
});

const gpuSchema = z.object({
  count: z.number().int().nonnegative().nullish(),
  driverVersion: text(100),
  cudaVersion: text(100),
  migMode: text(100),
  query: rawText,
  details: rawText,
  list: rawText,
  smi: rawText,
});

const diskSchema = z.object({
  writeMBps: nonNegative,
  readMBps: nonNegative,
  tool: z.enum(["dd", "fio"]).nullish(),
  bytes: nonNegative,
  direct: z.boolean().nullish(),
});

const downloadSchema = z.object({
  source: text(2000),
  bytes: nonNegative,
  seconds: nonNegative,
  megabitsPerSecond: nonNegative,
  limitReached: z.boolean().nullish(),
});

const runSchema = z.object({
  command: z.string().max(20_000),
  exitCode: z.number().int().nullish(),
  wallSeconds: nonNegative,
  timedOut: z.boolean().nullish(),
  outputTail: text(20_000),
});

const stepSchema = z.object({
  name: z.string().max(200),
  ok: z.boolean(),
  seconds: nonNegative,
  error: z.string().max(5_000).optional(),
});

export const probeFileSchema = z.object({
  schema: z.literal(PROBE_SCHEMA_ID, {
    error: () => `not a GPU Scout probe file: "schema" must be "${PROBE_SCHEMA_ID}"`,
  }),
  version: z.literal(PROBE_VERSION, { error: (issue) => versionMessage(issue.input) }),
  scriptRevision: text(100),
  createdAt: isoTime,
  label: text(500),
  durationSeconds: nonNegative,
  timeLimitSeconds: nonNegative,
  host: hostSchema,
  gpu: gpuSchema,
  frameworks: z.record(z.string().max(100), z.string().max(200)).nullish(),
  disk: diskSchema.nullish(),
  download: downloadSchema.nullish(),
  run: runSchema.nullish(),
  steps: z.array(stepSchema).max(100),
});
export type ProbeFile = z.output<typeof probeFileSchema>;

/** What a probe file can fill in the trial form; null where the probe did not measure it. */
export interface ProbeTrialFields {
  driverVersion: string | null;
  cudaVersion: string | null;
  diskWriteMBps: number | null;
  diskReadMBps: number | null;
  /** Megabits per second (network convention), not megabytes. */
  downloadMbps: number | null;
  bootedAt: string | null;
  uptimeSeconds: number | null;
  runWallSeconds: number | null;
  runCommand: string | null;
  gpuCount: number | null;
  /** The raw text best suited to hardware verification: -q, else the query csv, else the table. */
  nvidiaSmiOutput: string | null;
  /** e.g. { python: "3.11.7", torch: "2.4.0", "torch.cuda": "12.4" } */
  frameworkVersions: Record<string, string>;
  /** The probe cannot see which image the instance was started from; left for the user. */
  image?: string;
}

const nonEmpty = (value: string | null | undefined): string | null =>
  value != null && value.trim() !== "" ? value : null;

const positive = (value: number | null | undefined): number | null =>
  value != null && value > 0 ? value : null;

function downloadMbps(download: ProbeFile["download"]): number | null {
  if (!download) return null;
  const measured = positive(download.megabitsPerSecond);
  if (measured != null) return measured;
  const bytes = positive(download.bytes);
  const seconds = positive(download.seconds);
  return bytes != null && seconds != null ? Math.round((bytes * 8) / 1e5 / seconds) / 10 : null;
}

export function probeToTrialFields(probe: ProbeFile): ProbeTrialFields {
  const { gpu, disk, run } = probe;
  return {
    driverVersion: nonEmpty(gpu.driverVersion),
    cudaVersion: nonEmpty(gpu.cudaVersion),
    diskWriteMBps: positive(disk?.writeMBps),
    diskReadMBps: positive(disk?.readMBps),
    downloadMbps: downloadMbps(probe.download),
    bootedAt: probe.host.bootedAt ?? null,
    uptimeSeconds: probe.host.uptimeSeconds ?? null,
    // A command that failed or was killed did not measure the job.
    runWallSeconds: run && run.exitCode === 0 && !run.timedOut ? (run.wallSeconds ?? null) : null,
    runCommand: nonEmpty(run?.command),
    gpuCount: gpu.count ?? null,
    nvidiaSmiOutput: nonEmpty(gpu.details) ?? nonEmpty(gpu.query) ?? nonEmpty(gpu.smi),
    frameworkVersions: { ...(probe.frameworks ?? {}) },
  };
}

export type ParseProbeResult =
  { ok: true; probe: ProbeFile; fields: ProbeTrialFields } | { ok: false; message: string };

const fail = (message: string): ParseProbeResult => ({ ok: false, message });

/** Line and column (1-based) of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}

function jsonErrorMessage(text: string, error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/i.exec(detail);
  const atEnd = position != null && Number(position[1]) >= text.trimEnd().length;
  if (atEnd || /unexpected end|unterminated/i.test(detail)) {
    return "The probe file ends too early (truncated?). Upload the gpu-scout-probe.json file itself, or paste all of it.";
  }
  let where = "";
  const lineCol = /line (\d+) column (\d+)/i.exec(detail);
  if (lineCol) where = ` at line ${lineCol[1]}, column ${lineCol[2]}`;
  else if (position) {
    const { line, column } = lineColumn(text, Number(position[1]));
    where = ` at line ${line}, column ${column}`;
  }
  const reason = detail.replace(/\s*\(line \d+ column \d+\)/i, "").replace(/ in JSON at position \d+/i, "");
  return `The probe file is not valid JSON${where} (${reason}). Upload the gpu-scout-probe.json file unchanged, or paste all of it.`;
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? "file" : path.map(String).join(".");
}

/** Parses pasted or uploaded probe output; never throws. */
export function parseProbeText(text: string): ParseProbeResult {
  if (typeof text !== "string" || text.trim() === "") {
    return fail(
      "The probe file is empty. Run probe.sh on the instance and upload or paste the JSON file it writes.",
    );
  }
  // Cheap first: characters are at least a quarter of the UTF-8 bytes.
  if (text.length > MAX_PROBE_FILE_BYTES || new TextEncoder().encode(text).length > MAX_PROBE_FILE_BYTES) {
    return fail(
      `The probe file is larger than ${MAX_PROBE_FILE_BYTES / 1_000_000} MB; files written by probe.sh are much smaller. Upload the gpu-scout-probe.json file unchanged.`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return fail(jsonErrorMessage(text, error));
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return fail("The probe file must be a JSON object written by probe.sh.");
  }
  const record = data as Record<string, unknown>;
  if (record.schema !== PROBE_SCHEMA_ID) {
    return fail(
      `This is not a GPU Scout probe file (it has no "schema": "${PROBE_SCHEMA_ID}"). Run probe.sh and upload the JSON file it writes.`,
    );
  }
  if (record.version !== PROBE_VERSION) {
    const message = versionMessage(record.version);
    return fail(message.charAt(0).toUpperCase() + message.slice(1) + ".");
  }
  const parsed = probeFileSchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const shown = issues
      .slice(0, 3)
      .map((issue) => `${issuePath(issue.path)}: ${issue.message}`)
      .join("; ");
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : "";
    return fail(
      `The probe file does not match the expected format — ${shown}${more}. Upload the file probe.sh wrote, unchanged.`,
    );
  }
  return { ok: true, probe: parsed.data, fields: probeToTrialFields(parsed.data) };
}
