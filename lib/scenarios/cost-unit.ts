// What "cost per unit" is per, in words a reader can check. The engine divides the total by
// the scenario's units of work (lib/tco/evaluate.ts unitsOfWork): the number typed in, else the
// job's steps, else its training tokens. A cost per single token (¥0.00000127) reads as noise,
// so tokens are shown per million; without a typed label the unit is named by what it is.
import type { ScenarioDocumentInput } from "./document.ts";
import type { WorkloadSummary } from "./result.ts";

export type CostUnit =
  | { kind: "named"; label: string; scale: 1 }
  | { kind: "million_tokens"; scale: 1_000_000 }
  | { kind: "step"; scale: 1 }
  | { kind: "unit"; scale: 1 };

export function costUnitOf(
  document: Pick<ScenarioDocumentInput, "workload" | "unitLabel">,
  summary: Pick<WorkloadSummary, "source" | "sizing"> | null,
): CostUnit {
  const label = document.unitLabel?.trim();
  const workload = (document.workload ?? {}) as Record<string, unknown>;
  if (workload.unitsOfWork !== undefined)
    return label ? { kind: "named", label, scale: 1 } : { kind: "unit", scale: 1 };
  if (label) return { kind: "named", label, scale: 1 };
  if ("steps" in workload) return { kind: "step", scale: 1 };
  if ("tokens" in workload) return { kind: "million_tokens", scale: 1_000_000 };
  if (summary?.source === "sizing" && summary.sizing?.trainingTokens)
    return { kind: "million_tokens", scale: 1_000_000 };
  return { kind: "unit", scale: 1 };
}
