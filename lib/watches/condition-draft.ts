// The condition a watch form edits, as the form's strings, and the condition it submits — for
// the "Watch this view" / "Watch this scenario" dialog and the alerts page's edit form.
// Without zod (it ships in client JavaScript): the operations validate. Pure.
import type { ConditionKind, ScenarioConditionKind } from "./kinds.ts";

export type AnyConditionKind = ConditionKind | ScenarioConditionKind;

export interface ConditionDraft {
  kind: AnyConditionKind;
  threshold: string;
  currency: "USD" | "CNY";
  percent: string;
}

/** A stored condition (lib/watches/schema.ts WatchCondition), loosely typed for the client. */
export interface StoredCondition {
  kind: string;
  perGpuHour?: number;
  currency?: string;
  percent?: number;
  scenarioId?: string;
}

export function draftOf(condition: StoredCondition | null, fallback: AnyConditionKind): ConditionDraft {
  return {
    kind: (condition?.kind as AnyConditionKind | undefined) ?? fallback,
    threshold: condition?.perGpuHour !== undefined ? String(condition.perGpuHour) : "2",
    currency: condition?.currency === "CNY" ? "CNY" : "USD",
    percent: condition?.percent !== undefined ? String(condition.percent) : "10",
  };
}

/** What createWatch / updateWatch take; scenario conditions need the scenario's id. */
export function conditionOf(draft: ConditionDraft, scenarioId?: string): StoredCondition {
  switch (draft.kind) {
    case "price_below":
      return { kind: draft.kind, perGpuHour: Number(draft.threshold), currency: draft.currency };
    case "price_drop":
      return { kind: draft.kind, percent: Number(draft.percent) };
    case "over_budget":
      return { kind: draft.kind, scenarioId: scenarioId ?? "" };
    case "cheaper_option":
      return { kind: draft.kind, scenarioId: scenarioId ?? "", percent: Number(draft.percent) };
    default:
      return { kind: draft.kind };
  }
}

export type WebhookChoice = "keep" | "none" | "generic" | "feishu" | "dingtalk" | "wecom" | "slack";

export interface WebhookDraft {
  kind: WebhookChoice;
  url: string;
  secret: string;
}

/** undefined: keep the current one (or none, on create); null: remove it; else the new one. */
export function webhookOf(draft: WebhookDraft, editing: boolean) {
  if (draft.kind === "keep") return undefined;
  if (draft.kind === "none") return editing ? null : undefined;
  return { kind: draft.kind, url: draft.url, ...(draft.secret ? { secret: draft.secret } : {}) };
}
