// The inputs of a watch (issue 26 §1): a matrix view (its query string, as in the URL without
// "?"), a condition, and an optional webhook. One schema per part, shared by the operations
// (server/watches/operations.ts) and the "Watch this view" form. Pure.
import { z } from "zod";

import { parseMatrixParams } from "../matrix/url-state.ts";
import { WEBHOOK_KINDS } from "./kinds.ts";

export {
  CONDITION_KINDS,
  SCENARIO_CONDITION_KINDS,
  WEBHOOK_KINDS,
  type ConditionKind,
  type ScenarioConditionKind,
  type WebhookKind,
} from "./kinds.ts";

export const WATCH_NAME_MAX = 120;
/** A view is a query string; the matrix's longest real ones (many filters, fits=…) stay well under this. */
export const WATCH_VIEW_MAX = 4000;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_SECRET_MAX = 256;
/** Watches per team: evaluation cost grows with them (the §3 budget is for 200 in all). */
export const MAX_WATCHES_PER_TEAM = 50;

export const WATCH_CURRENCIES = ["USD", "CNY"] as const;
export type WatchCurrency = (typeof WATCH_CURRENCIES)[number];

export const watchConditionSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("price_below"),
    /** Per GPU-hour, in `currency`. */
    perGpuHour: z.number().positive().max(1_000_000),
    currency: z.enum(WATCH_CURRENCIES),
  }),
  z.object({ kind: z.literal("price_drop"), percent: z.number().gt(0).max(100) }),
  z.object({ kind: z.literal("new_offer") }),
  z.object({ kind: z.literal("offer_gone") }),
  // A saved scenario of the watch's team, re-priced after every import that changed one of its
  // catalog offers (server/watches/scenario-watches.ts).
  /** Its best complete option's total rises above the scenario's budget. */
  z.object({ kind: z.literal("over_budget"), scenarioId: z.string().trim().min(1).max(100) }),
  /** Its best complete option becomes at least `percent` % cheaper than the one last seen. */
  z.object({
    kind: z.literal("cheaper_option"),
    scenarioId: z.string().trim().min(1).max(100),
    percent: z.number().gt(0).max(100),
  }),
]);
export type WatchCondition = z.infer<typeof watchConditionSchema>;
export type ScenarioCondition = Extract<WatchCondition, { scenarioId: string }>;
export type ViewCondition = Exclude<WatchCondition, ScenarioCondition>;

export function isScenarioCondition(condition: WatchCondition): condition is ScenarioCondition {
  return condition.kind === "over_budget" || condition.kind === "cheaper_option";
}

export const webhookInputSchema = z
  .object({
    kind: z.enum(WEBHOOK_KINDS),
    url: z
      .string()
      .trim()
      .min(1)
      .max(WEBHOOK_URL_MAX)
      .pipe(z.url({ protocol: /^https?$/ })),
    secret: z
      .string()
      .trim()
      .max(WEBHOOK_SECRET_MAX)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  // The generic receiver can only check the X-GPU-Scout-Signature header with a shared secret.
  .refine((w) => w.kind !== "generic" || w.secret !== undefined, {
    path: ["secret"],
    message: "A generic webhook needs a secret to sign its body",
  });
export type WebhookInput = z.infer<typeof webhookInputSchema>;

export const watchNameSchema = z.string().trim().min(1).max(WATCH_NAME_MAX);

/** The matrix query string without "?": every parameter must parse (an unusable filter is refused, not dropped). */
export const watchViewSchema = z
  .string()
  .trim()
  .max(WATCH_VIEW_MAX)
  .transform((v) => v.replace(/^\?/, ""))
  .superRefine((view, ctx) => {
    const { invalid } = parseMatrixParams(Object.fromEntries(new URLSearchParams(view)));
    for (const p of invalid)
      ctx.addIssue({ code: "custom", message: `Invalid view parameter ${p.key}=${p.value.slice(0, 80)}` });
  });

/**
 * The currency a watch compares prices in: the condition's, else the view's cur, else USD
 * (scenario conditions: the scenario's, set by the operations).
 */
export function watchCurrency(view: string, condition: WatchCondition): WatchCurrency {
  if (condition.kind === "price_below") return condition.currency;
  const { state } = parseMatrixParams(Object.fromEntries(new URLSearchParams(view)));
  return state.cur ?? "USD";
}
