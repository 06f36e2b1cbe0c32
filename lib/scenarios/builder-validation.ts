// The scenario builder's validation (zod): a document checked as the server will check it,
// with errors keyed by input path; an imported JSON file; and the initial document of
// /scenarios/new from its query string (doc=, offers=, shortlist=, fits=). The builder loads
// this after its form is on screen (components/scenarios/builder/engine.ts); the page calls
// initialDocument on the server.
import type { z } from "zod";

import {
  decodeDocumentParam,
  lastParam,
  offerIdsParam,
  SIZING_DEFAULT_HOURS,
  type FieldIssue,
  type FieldIssues,
  type InitialNotice,
  type SearchParams,
} from "./builder-state.ts";
import {
  defaultScenarioDocument,
  scenarioDocumentSchema,
  scenarioFileSchema,
  sizingWorkloadSchema,
  workloadSource,
  type ScenarioDocument,
  type ScenarioDocumentInput,
  type ScenarioWorkload,
  type WorkloadSource,
} from "./document.ts";
import { parseSizingUrl } from "../sizing/url-state.ts";
import {
  flopsWorkloadSchema,
  gpuHoursWorkloadSchema,
  instanceHoursWorkloadSchema,
  stepsWorkloadSchema,
} from "../tco/schema.ts";

/**
 * Whether a Sizing query string gives the job's length the way server/scenarios/compute.ts
 * reads it (training tokens, or steps × a measured step time); `null` when it does not parse.
 */
export function sizingJobLength(sizing: string): "known" | "inference" | "training" | null {
  const params = Object.fromEntries(new URLSearchParams(sizing.replace(/^\?/, "")));
  const parsed = parseSizingUrl(params, "en");
  if (!parsed.ok) return null;
  const request = parsed.request;
  if (request.mode !== "training") return "inference";
  const job = request.job;
  if (job?.trainingTokens !== undefined) return "known";
  if (job?.measuredStepSeconds !== undefined && job.steps !== undefined) return "known";
  return "training";
}

export interface InitialDocument {
  document: ScenarioDocumentInput;
  /** Something in the link could not be used: the builder says so and starts from the default. */
  notice: InitialNotice;
  /** The link said what to start from (else the builder may resume the local draft). */
  seeded: boolean;
}

/**
 * `doc=` (a whole shared draft) wins; otherwise the default document with the offers from
 * `offers=` and the shortlist (already resolved to ids by the page), and `fits=` as a sizing
 * workload.
 */
export function initialDocument(
  params: SearchParams,
  shortlistOfferIds: string[] = [],
  currency: ScenarioDocument["currency"] = "USD",
): InitialDocument {
  const doc = lastParam(params, "doc");
  if (doc) {
    const parsed = scenarioDocumentSchema.safeParse(decodeDocumentParam(doc));
    if (parsed.success) return { document: parsed.data, notice: null, seeded: true };
    return { document: defaultScenarioDocument([]), notice: "bad_doc", seeded: true };
  }
  const ids = offerIdsParam([...offerIdsParam(lastParam(params, "offers")), ...shortlistOfferIds].join(","));
  // The reader's currency (their switch, else yuan for zh-CN), not always US dollars.
  const document = { ...defaultScenarioDocument(ids.map((id) => ({ kind: "catalog", id }))), currency };
  let notice: InitialNotice = null;
  const fits = lastParam(params, "fits");
  if (fits) {
    const sizing = fits.replace(/^\?/, "");
    const length = sizingJobLength(sizing);
    const workload = sizingWorkloadSchema.safeParse({
      sizing,
      bootMinutes: 10,
      setupMinutes: 20,
      ...(length === "inference" || length === "training"
        ? { instanceHours: SIZING_DEFAULT_HOURS[length] }
        : {}),
    });
    if (workload.success && length !== null) {
      document.workload = workload.data;
      if (length !== "known") notice = `sizing_hours_${length}`;
    } else notice = "bad_fits";
  }
  const seeded = ids.length > 0 || fits !== undefined || lastParam(params, "shortlist") !== undefined;
  return { document, notice, seeded };
}

// ── Validation errors by input path ──

function issuesToFields(error: z.ZodError, prefix: string, out: FieldIssues): void {
  for (const issue of error.issues) {
    if (issue.code === "invalid_union") continue;
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "(root)";
    if (out[key]) continue;
    const entry: FieldIssue = { code: issue.code, message: issue.message };
    if (issue.code === "too_small" && typeof issue.minimum === "number") {
      entry.minimum = issue.minimum;
      entry.exclusive = !issue.inclusive;
    }
    if (issue.code === "too_big" && typeof issue.maximum === "number") {
      entry.maximum = issue.maximum;
      entry.exclusive = !issue.inclusive;
    }
    out[key] = entry;
  }
}

const WORKLOAD_SCHEMAS: Record<WorkloadSource, z.ZodType> = {
  sizing: sizingWorkloadSchema,
  steps: stepsWorkloadSchema,
  gpuHours: gpuHoursWorkloadSchema,
  instanceHours: instanceHoursWorkloadSchema,
  flops: flopsWorkloadSchema,
};

export type ValidatedDocument = { ok: true; document: ScenarioDocument } | { ok: false; issues: FieldIssues };

/**
 * Validates the document as the server will; errors keyed like the operation's fieldErrors
 * without the "document." prefix ("workload.tokens", "offers.0.overrides.egressPerGb"). The
 * workload is checked against its own source's schema so its errors name its fields (a
 * union would only say "no variant matched").
 */
export function validateDocument(input: ScenarioDocumentInput): ValidatedDocument {
  const parsed = scenarioDocumentSchema.safeParse(input);
  if (parsed.success) return { ok: true, document: parsed.data };
  const issues: FieldIssues = {};
  const workload = input.workload as ScenarioWorkload | undefined;
  if (workload && typeof workload === "object") {
    const own = WORKLOAD_SCHEMAS[workloadSource(workload)].safeParse(workload);
    if (!own.success) issuesToFields(own.error, "workload", issues);
  }
  issuesToFields(parsed.error, "", issues);
  if (Object.keys(issues).length === 0) issues["(root)"] = { code: "custom", message: parsed.error.message };
  return { ok: false, issues };
}

/** Zod errors of an imported file in words: "document.workload.tokens: Too big…" (first 8). */
export function describeImportError(error: z.ZodError): string[] {
  return error.issues.slice(0, 8).map((issue) => {
    const path = issue.path.map(String).join(".");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

export type ImportResult =
  | { ok: true; document: ScenarioDocument; name: string | undefined }
  | { ok: false; reason: "not_json" | "invalid"; details: string[] };

/** An "Import JSON" file's text: the exported file format, or a bare document. */
export function parseScenarioImport(text: string): ImportResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: "not_json", details: [] };
  }
  const file = scenarioFileSchema.safeParse(json);
  if (file.success) return { ok: true, document: file.data.document, name: file.data.name };
  const bare = scenarioDocumentSchema.safeParse(json);
  if (bare.success) return { ok: true, document: bare.data, name: undefined };
  const looksLikeFile = typeof json === "object" && json !== null && "format" in json;
  return {
    ok: false,
    reason: "invalid",
    details: describeImportError(looksLikeFile ? file.error : bare.error),
  };
}
