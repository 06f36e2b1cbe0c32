// The Sizing page keeps its whole state in the query string, so a sizing can be shared.
// Short parameter names map to the API request; this module turns one into the other.
import { z } from "zod";

import { findPreset } from "./presets.ts";
import { sizingRequestSchema, type SizingRequest, type SizingRequestInput } from "./sizing-request.ts";

export type SearchParams = Record<string, string | string[] | undefined>;

/** URL parameter → where it goes in the request (training./inference./model./job.). */
export const URL_FIELDS = {
  // model (custom)
  p: "model.parameters",
  L: "model.layers",
  h: "model.hiddenSize",
  a: "model.heads",
  kv: "model.kvHeads",
  hd: "model.headDim",
  ff: "model.intermediateSize",
  V: "model.vocabSize",
  // training
  method: "training.method",
  prec: "training.precision",
  opt: "training.optimizer",
  mb: "training.microBatch",
  seq: "training.sequenceLength",
  ckpt: "training.gradientCheckpointing",
  zero: "training.zeroStage",
  gpus: "training.gpus",
  tp: "training.tensorParallel",
  rank: "training.loraRank",
  mods: "training.loraTargetModules",
  fa: "training.flashAttention",
  // inference
  wprec: "inference.precision",
  ctx: "inference.contextLength",
  batch: "inference.batch",
  kvprec: "inference.kvCachePrecision",
  igpus: "inference.gpus",
  // shared
  ovh: "overheadPercent",
  usable: "usablePercent",
  tokens: "job.trainingTokens",
  mfu: "job.mfuPercent",
} as const;

export type UrlField = keyof typeof URL_FIELDS;

// The last value wins: a checkbox follows its hidden "0" field, so a ticked box sends "0" then "1".
const first = (v: string | string[] | undefined) =>
  (Array.isArray(v) ? v[v.length - 1] : v)?.trim() || undefined;

/** Numbers may be written 7e9, 7B, 70b, 7,000,000,000 — people paste all of these. */
export function parseNumber(raw: string | undefined): number | string | undefined {
  if (raw === undefined) return undefined;
  const m = /^([0-9.,eE+-]+)\s*([kKmMbBtT]?)$/.exec(raw.replace(/[_\s]/g, ""));
  if (!m) return raw;
  const n = Number(m[1]!.replace(/,/g, ""));
  const scale = { "": 1, k: 1e3, m: 1e6, b: 1e9, t: 1e12 }[m[2]!.toLowerCase() as "" | "k" | "m" | "b" | "t"];
  return Number.isFinite(n) ? n * scale : raw;
}

const bool = (raw: string | undefined) =>
  raw === undefined ? undefined : raw === "1" || raw === "true" || raw === "on";

export interface UrlState {
  /** Raw values for redisplay in the form. */
  values: Partial<Record<UrlField | "mode" | "model", string>>;
  input: SizingRequestInput;
}

/** Builds the API request from the query string (defaults: training, Llama 2 7B). */
export function urlToRequest(params: SearchParams): UrlState {
  const get = (k: string) => first(params[k]);
  const values: UrlState["values"] = {};
  for (const key of ["mode", "model", ...Object.keys(URL_FIELDS)] as const) {
    const v = get(key);
    if (v !== undefined) values[key as keyof UrlState["values"]] = v;
  }
  const mode = (get("mode") ?? "training") as SizingRequestInput["mode"];
  const modelId = get("model") ?? "llama-2-7b";
  const num = (k: UrlField) => parseNumber(get(k));
  const model =
    modelId === "custom"
      ? {
          parameters: num("p"),
          layers: num("L"),
          hiddenSize: num("h"),
          heads: num("a"),
          kvHeads: num("kv") ?? num("a"),
          headDim: num("hd"),
          intermediateSize: num("ff"),
          vocabSize: num("V"),
        }
      : { preset: modelId };
  const overhead = num("ovh");
  const overheadFraction = typeof overhead === "number" ? overhead / 100 : overhead;
  const usable = num("usable");
  const mfu = num("mfu");
  const mods = get("mods");
  const input = {
    mode,
    model,
    training:
      mode === "training"
        ? {
            method: get("method"),
            precision: get("prec"),
            optimizer: get("opt"),
            microBatch: num("mb"),
            sequenceLength: num("seq"),
            gradientCheckpointing: bool(get("ckpt")),
            zeroStage: num("zero"),
            gpus: num("gpus"),
            tensorParallel: num("tp"),
            loraRank: num("rank"),
            loraTargetModules: mods ? mods.split(",").filter(Boolean) : undefined,
            flashAttention: bool(get("fa")),
            overheadFraction,
          }
        : undefined,
    inference:
      mode === "inference"
        ? {
            precision: get("wprec"),
            contextLength: num("ctx"),
            batch: num("batch"),
            kvCachePrecision: get("kvprec"),
            gpus: num("igpus"),
            overheadFraction,
          }
        : undefined,
    usableMemoryFraction: typeof usable === "number" ? usable / 100 : usable,
    job:
      mode === "training" && get("tokens")
        ? { trainingTokens: num("tokens"), mfu: typeof mfu === "number" ? mfu / 100 : mfu }
        : undefined,
  };
  return { values, input: stripUndefined(input) as SizingRequestInput };
}

function stripUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripUndefined);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, stripUndefined(v)]),
    );
  }
  return value;
}

export type ParsedUrl =
  | { ok: true; request: SizingRequest; values: UrlState["values"] }
  | { ok: false; fieldErrors: Record<string, string[]>; values: UrlState["values"] };

/** Field error keys use the URL's parameter names, so the form can show them beside inputs. */
const REQUEST_TO_URL: Record<string, string> = Object.fromEntries(
  Object.entries(URL_FIELDS).map(([url, path]) => [path, url]),
);

/** Parses the page's URL; field error messages in the page's language (zod's own locales). */
export function parseSizingUrl(params: SearchParams, locale: "en" | "zh-CN" = "en"): ParsedUrl {
  const { values, input } = urlToRequest(params);
  const parsed = sizingRequestSchema.safeParse(
    input,
    locale === "zh-CN" ? { error: z.locales.zhCN().localeError } : undefined,
  );
  if (parsed.success) return { ok: true, request: parsed.data, values };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join(".");
    const key =
      REQUEST_TO_URL[path] ??
      (path.endsWith("overheadFraction")
        ? "ovh"
        : path.startsWith("usableMemoryFraction")
          ? "usable"
          : undefined) ??
      (path.startsWith("model.preset")
        ? "model"
        : path.startsWith("model")
          ? (REQUEST_TO_URL[path] ?? "model")
          : path || "form");
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return { ok: false, fieldErrors, values };
}

/** Query string of the seeds' example: full fine-tuning of a 7B model on one card. */
export const SEVEN_B_EXAMPLE =
  "mode=training&model=llama-2-7b&method=full&prec=bf16&opt=adamw&mb=1&seq=2048&ckpt=1&zero=0&gpus=1&example=7b";

/** Current values of a preset, for prefilling the custom-model fields. */
export function presetNumbers(id: string) {
  const p = findPreset(id);
  return p ? { p: p.parameters, L: p.layers, h: p.hiddenSize, a: p.heads, kv: p.kvHeads } : null;
}
