// The trial form's state: every input as the text the user typed, converted to and from the
// trial's fields (lib/trials/trial.ts). Pure, so it is tested without a browser.
import type { ProbeFile, ProbeTrialFields } from "@/lib/trials/probe-schema.ts";
import type { TrialFields } from "@/lib/trials/trial.ts";
import type { TrialView } from "@/lib/trials/views.ts";

export const NUMBER_KEYS = [
  "setupMinutes",
  "stepTimeSeconds",
  "peakVramGb",
  "samplesPerStep",
  "tokensPerStep",
  "fullJobSteps",
  "transferTestGb",
  "uploadMbps",
  "downloadMbps",
  "diskReadMBps",
  "diskWriteMBps",
  "billedHourlyPrice",
  "durationMinutes",
  "trialCost",
  "spotInterruptions",
  "spotHours",
] as const;
export const TEXT_KEYS = ["label", "driverVersion", "cudaVersion", "image", "rebootNotes", "notes"] as const;
type NumberKey = (typeof NUMBER_KEYS)[number];
type TextKey = (typeof TEXT_KEYS)[number];

export interface FrameworkRow {
  name: string;
  version: string;
}

export type FormState = Record<NumberKey | TextKey, string> & {
  /** "YYYY-MM-DDTHH:mm" in UTC (the input says so), "" when not set. */
  startedAt: string;
  bootMinutes: string;
  bootSeconds: string;
  rebootPassed: "" | "yes" | "no";
  currency: "" | "USD" | "CNY";
  frameworks: FrameworkRow[];
};

/** Form keys that can carry an error (the boot time's two inputs share bootMinutes). */
export type FormKey = Exclude<keyof FormState, "bootSeconds"> | "frameworks";

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));

export function isoToInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toISOString().slice(0, 16);
}

/** ISO time from the input; undefined when the text is not a time. */
export function inputToIso(value: string): string | null | undefined {
  if (value.trim() === "") return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const parsed = new Date(`${value}:00.000Z`);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString();
}

export function toForm(f: TrialView["fields"]): FormState {
  const boot = f.bootToReadySeconds;
  const state = {
    startedAt: isoToInput(f.startedAt),
    bootMinutes: boot === null ? "" : String(Math.floor(boot / 60)),
    bootSeconds: boot === null ? "" : String(boot % 60),
    rebootPassed: f.rebootPassed === null ? "" : f.rebootPassed ? "yes" : "no",
    currency: f.currency ?? "",
    frameworks: Object.entries(f.frameworkVersions ?? {}).map(([name, version]) => ({ name, version })),
  } as FormState;
  for (const k of NUMBER_KEYS) state[k] = str(f[k]);
  for (const k of TEXT_KEYS) state[k] = str(f[k]);
  return state;
}

/** A decimal as typed ("1,5" and "1 200" accepted); undefined when not a number. */
export function parseNumber(text: string): number | null | undefined {
  const t = text.trim().replace(/\s/g, "").replace(",", ".");
  if (t === "") return null;
  if (!/^-?\d*\.?\d+(e[+-]?\d+)?$/i.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

export type Values = Required<{ [K in keyof TrialFields]: Exclude<TrialFields[K], undefined> }>;

/**
 * The form's values as trial fields (probe left out: the caller keeps it), and the inputs that
 * are not numbers (error code "number"). Range checks are the schema's, on the server.
 */
export function fromForm(s: FormState): { values: Omit<Values, "probe">; invalid: FormKey[] } {
  const invalid: FormKey[] = [];
  const num = (key: NumberKey) => {
    const n = parseNumber(s[key]);
    if (n === undefined) {
      invalid.push(key);
      return null;
    }
    return n;
  };
  const text = (key: TextKey) => (s[key].trim() === "" ? null : s[key].trim());
  const bootM = parseNumber(s.bootMinutes);
  const bootS = parseNumber(s.bootSeconds);
  let boot: number | null = null;
  if (bootM === undefined || bootS === undefined) invalid.push("bootMinutes");
  else if (bootM !== null || bootS !== null) boot = Math.round((bootM ?? 0) * 60 + (bootS ?? 0));
  const started = inputToIso(s.startedAt);
  if (started === undefined) invalid.push("startedAt");
  const rows = s.frameworks.filter((r) => r.name.trim() !== "" || r.version.trim() !== "");
  const frameworkVersions =
    rows.length === 0 ? null : Object.fromEntries(rows.map((r) => [r.name.trim(), r.version.trim()]));
  const values = {
    label: text("label"),
    startedAt: started ?? null,
    bootToReadySeconds: boot,
    setupMinutes: num("setupMinutes"),
    driverVersion: text("driverVersion"),
    cudaVersion: text("cudaVersion"),
    frameworkVersions,
    image: text("image"),
    stepTimeSeconds: num("stepTimeSeconds"),
    peakVramGb: num("peakVramGb"),
    samplesPerStep: num("samplesPerStep"),
    tokensPerStep: num("tokensPerStep"),
    fullJobSteps: num("fullJobSteps"),
    rebootPassed: s.rebootPassed === "" ? null : s.rebootPassed === "yes",
    rebootNotes: text("rebootNotes"),
    transferTestGb: num("transferTestGb"),
    uploadMbps: num("uploadMbps"),
    downloadMbps: num("downloadMbps"),
    diskReadMBps: num("diskReadMBps"),
    diskWriteMBps: num("diskWriteMBps"),
    billedHourlyPrice: num("billedHourlyPrice"),
    currency: s.currency === "" ? null : s.currency,
    durationMinutes: num("durationMinutes"),
    trialCost: num("trialCost"),
    spotInterruptions: num("spotInterruptions"),
    spotHours: num("spotHours"),
    notes: text("notes"),
  };
  return { values, invalid };
}

/** Only the fields whose value differs from `base` (what updateTrial is sent). */
export function changedFields<T extends Record<string, unknown>>(values: T, base: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    if (JSON.stringify(values[key]) !== JSON.stringify(base[key])) out[key] = values[key];
  }
  return out;
}

/** A server field error key ("fields.bootToReadySeconds") → the form input that shows it. */
export function formKeyOf(serverKey: string): FormKey | null {
  const key = serverKey.replace(/^fields\./, "").split(".")[0] ?? "";
  if (key === "bootToReadySeconds") return "bootMinutes";
  if (key === "frameworkVersions") return "frameworks";
  if (key === "probe" || key === "") return null;
  return key as FormKey;
}

export interface ProbeChange {
  key:
    | "startedAt"
    | "driverVersion"
    | "cudaVersion"
    | "diskReadMBps"
    | "diskWriteMBps"
    | "downloadMbps"
    | "frameworks";
  current: string;
  next: string;
}

/** What applying a probe changes in the form (only values the probe measured and that differ). */
export function probeChanges(s: FormState, p: ProbeTrialFields): ProbeChange[] {
  const out: ProbeChange[] = [];
  const push = (key: ProbeChange["key"], current: string, next: string | null) => {
    if (next !== null && next !== "" && next !== current) out.push({ key, current, next });
  };
  if (p.bootedAt) push("startedAt", s.startedAt, isoToInput(p.bootedAt));
  push("driverVersion", s.driverVersion, p.driverVersion);
  push("cudaVersion", s.cudaVersion, p.cudaVersion);
  push("diskReadMBps", s.diskReadMBps, str(p.diskReadMBps));
  push("diskWriteMBps", s.diskWriteMBps, str(p.diskWriteMBps));
  push("downloadMbps", s.downloadMbps, str(p.downloadMbps));
  const fw = (rows: FrameworkRow[]) => rows.map((r) => `${r.name} ${r.version}`).join(", ");
  const merged = mergeFrameworks(s.frameworks, p.frameworkVersions);
  if (fw(merged) !== fw(s.frameworks)) push("frameworks", fw(s.frameworks), fw(merged));
  return out;
}

function mergeFrameworks(rows: FrameworkRow[], probe: Record<string, string>): FrameworkRow[] {
  const merged = rows.filter((r) => r.name.trim() !== "").map((r) => ({ ...r }));
  for (const [name, version] of Object.entries(probe).slice(0, 20)) {
    const row = merged.find((r) => r.name === name);
    if (row) row.version = version.slice(0, 60);
    else if (merged.length < 20) merged.push({ name: name.slice(0, 60), version: version.slice(0, 60) });
  }
  return merged;
}

export function applyProbe(s: FormState, p: ProbeTrialFields): FormState {
  const next = { ...s };
  for (const c of probeChanges(s, p)) {
    if (c.key === "frameworks") next.frameworks = mergeFrameworks(s.frameworks, p.frameworkVersions);
    else next[c.key] = c.next;
  }
  return next;
}

/** What the trial keeps of a probe file as evidence (no raw nvidia-smi text, no job output). */
export function probeSummary(probe: ProbeFile): Record<string, unknown> {
  return {
    schema: probe.schema,
    version: probe.version,
    scriptRevision: probe.scriptRevision ?? null,
    createdAt: probe.createdAt,
    label: probe.label ?? null,
    durationSeconds: probe.durationSeconds ?? null,
    host: probe.host,
    gpu: {
      count: probe.gpu.count ?? null,
      driverVersion: probe.gpu.driverVersion ?? null,
      cudaVersion: probe.gpu.cudaVersion ?? null,
      migMode: probe.gpu.migMode ?? null,
      list: probe.gpu.list ?? null,
    },
    frameworks: probe.frameworks ?? null,
    disk: probe.disk ?? null,
    download: probe.download ?? null,
    run: probe.run
      ? {
          command: probe.run.command.slice(0, 2000),
          exitCode: probe.run.exitCode ?? null,
          wallSeconds: probe.run.wallSeconds ?? null,
          timedOut: probe.run.timedOut ?? null,
        }
      : null,
  };
}
