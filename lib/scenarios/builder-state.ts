// Pure helpers of the scenario builder (components/scenarios/builder): a draft as a link
// (base64url JSON), the query-string pieces of /scenarios/new, number fields typed as text,
// validation errors keyed by input path (the same keys as the operations' fieldErrors),
// switching the workload's source, and adding offers without duplicates. Client-safe and free
// of the schema library (the builder's first load); validating, importing and the initial
// document from a link are in builder-validation.ts.
import { MAX_SCENARIO_OFFERS, workloadSource, type WorkloadSource } from "./document-core.ts";
import type { ScenarioDocumentInput, ScenarioOfferInput, ScenarioWorkload } from "./document.ts";

/** Longest `/scenarios/new?doc=…` link the builder offers to copy. */
export const MAX_DRAFT_LINK_CHARS = 8000;
export const DRAFT_STORAGE_KEY = "gpu-scout:scenario-draft:v1";

// ── base64url ⇄ JSON (UTF-8: names of what-if offers may be Chinese) ──

function bytesToBase64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function base64urlToBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  try {
    const binary = atob(padded);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export function encodeDocumentParam(document: ScenarioDocumentInput): string {
  return bytesToBase64url(new TextEncoder().encode(JSON.stringify(document)));
}

/** The JSON a `doc=` parameter holds, or null when it is not base64url JSON. */
export function decodeDocumentParam(param: string): unknown {
  if (param.length === 0 || param.length > 1_000_000) return null;
  const bytes = base64urlToBytes(param);
  if (!bytes) return null;
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return null;
  }
}

/** `/scenarios/new?doc=…`, or null when the link would be longer than MAX_DRAFT_LINK_CHARS. */
export function draftLink(origin: string, document: ScenarioDocumentInput): string | null {
  const link = `${origin}/scenarios/new?doc=${encodeDocumentParam(document)}`;
  return link.length > MAX_DRAFT_LINK_CHARS ? null : link;
}

// ── The initial document of /scenarios/new ──

export type SearchParams = Record<string, string | string[] | undefined>;

export function lastParam(params: SearchParams, key: string): string | undefined {
  const value = params[key];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === undefined || last.trim() === "" ? undefined : last.trim();
}

/** Catalog offer ids from `offers=a,b,c` (deduplicated, bounded, in order). */
export function offerIdsParam(value: string | undefined): string[] {
  if (!value) return [];
  const ids = value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s.length <= 100);
  return [...new Set(ids)].slice(0, MAX_SCENARIO_OFFERS);
}

/**
 * bad_shortlist: set by the page when shortlist= names no shortlist the user can read.
 * sizing_hours_*: the sizing says what fits but not how long it runs; the builder prices
 * SIZING_DEFAULT_HOURS instance hours (shown in the hours field) until the user says otherwise.
 */
export type InitialNotice =
  | "bad_doc"
  | "bad_fits"
  | "bad_shortlist"
  | "bad_trials"
  | "sizing_hours_inference"
  | "sizing_hours_training"
  | null;

/**
 * How the builder announces its opening notice: a notice that explains an assumption it made
 * (the sizing_hours_* ones: which hours it priced) is a polite status; one that says the link's
 * input could not be used (bad_*) is an alert.
 */
export function initialNoticeRole(notice: Exclude<InitialNotice, null>): "status" | "alert" {
  return notice === "sizing_hours_inference" || notice === "sizing_hours_training" ? "status" : "alert";
}

/**
 * Instance hours priced for a sizing with no job length: a month of serving around the clock
 * (730 h = 8,760 h / 12) for inference; one day for a training sizing without training tokens.
 * Stated in the builder's notice; the hours field holds the number.
 */
export const SIZING_DEFAULT_HOURS = { inference: 730, training: 24 } as const;

// ── Number fields typed as text ──

/**
 * A number field's text: "" → null (not given), "1,234.5" / "1e9" / "2.5" → the number,
 * anything else → NaN (the field says "enter a number"). Full-width digits and the Chinese
 * full stop are accepted (IME input).
 */
export function parseDecimal(text: string): number | null {
  const normalized = text
    .trim()
    .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[。．]/g, ".")
    .replace(/[,，\s_]/g, "");
  if (normalized === "") return null;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(normalized)) return Number.NaN;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** How a number field shows its value: plain digits, no grouping (so it parses back). */
export function formatDecimal(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  if (value !== 0 && (Math.abs(value) >= 1e12 || Math.abs(value) < 1e-6)) return value.toExponential();
  return String(Number(value.toPrecision(12)));
}

// ── Validation errors by input path ──

export interface FieldIssue {
  /** zod's issue code: too_small, too_big, invalid_type, custom… */
  code: string;
  minimum?: number;
  maximum?: number;
  /** Strict "greater than" bounds. */
  exclusive?: boolean;
  message: string;
}

export type FieldIssues = Record<string, FieldIssue>;

/** The operation's fieldErrors ("document.workload.tokens": [...]) keyed by input path. */
export function serverFieldIssues(fieldErrors: Record<string, string[]> | undefined): FieldIssues {
  const out: FieldIssues = {};
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const path = key.replace(/^document\./, "");
    out[path] = { code: "server", message: messages[0] ?? "" };
  }
  return out;
}

// ── Editing ──

const WORKLOAD_DEFAULTS: Record<WorkloadSource, Record<string, unknown>> = {
  sizing: { sizing: "mode=training&model=llama-2-7b&method=lora" },
  steps: { steps: 10_000, secondsPerStep: 1.2 },
  gpuHours: { gpuHours: 100 },
  instanceHours: { instanceHours: 100 },
  flops: { parameters: 7e9, tokens: 2e9, method: "lora", mfu: 0.4 },
};

/** The workload given another way: its own defaults, keeping boot, setup and units of work. */
export function switchWorkloadSource(workload: ScenarioWorkload, source: WorkloadSource): ScenarioWorkload {
  if (workloadSource(workload) === source) return workload;
  const common: Record<string, unknown> = {};
  for (const key of ["bootMinutes", "setupMinutes", "unitsOfWork"] as const) {
    const value = (workload as Record<string, unknown>)[key];
    if (value !== undefined) common[key] = value;
  }
  return { ...WORKLOAD_DEFAULTS[source], ...common } as ScenarioWorkload;
}

/** Adds catalog offers not already in the list, up to MAX_SCENARIO_OFFERS; how many were added. */
export function addCatalogOffers(
  offers: readonly ScenarioOfferInput[],
  ids: readonly string[],
): { offers: ScenarioOfferInput[]; added: number } {
  const present = new Set(offers.flatMap((o) => (o.kind === "catalog" ? [o.id] : [])));
  const next = [...offers];
  let added = 0;
  for (const id of ids) {
    if (next.length >= MAX_SCENARIO_OFFERS) break;
    if (present.has(id)) continue;
    present.add(id);
    next.push({ kind: "catalog", id });
    added++;
  }
  return { offers: next, added };
}

/** Sets (value) or removes (undefined) one key of an object, dropping the object when empty. */
export function setOptional<T extends object>(
  target: T | undefined,
  key: string,
  value: unknown,
): T | undefined {
  const next = { ...(target ?? {}) } as Record<string, unknown>;
  if (value === undefined) delete next[key];
  else next[key] = value;
  return Object.keys(next).length === 0 ? undefined : (next as T);
}
