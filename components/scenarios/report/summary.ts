// Which options the report's summary sentence names: the first-ranked feasible option, the
// cheapest feasible spot option and the cheapest feasible reserved option (each only when it
// is not the best one already).
import type { ScenarioResultRow } from "@/lib/scenarios/result.ts";

export interface ReportSummary {
  best: ScenarioResultRow | null;
  spot: ScenarioResultRow | null;
  reserved: ScenarioResultRow | null;
}

type Priced = ScenarioResultRow & { total: number };

function priced(row: ScenarioResultRow): row is Priced {
  return row.feasible && row.total !== null && Number.isFinite(row.total);
}

function cheapest(rows: Priced[]): Priced | null {
  return rows.reduce<Priced | null>((min, r) => (min === null || r.total < min.total ? r : min), null);
}

export function reportSummary(rows: ScenarioResultRow[]): ReportSummary {
  const feasible = rows.filter(priced).sort((a, b) => a.rank - b.rank);
  const best = feasible[0] ?? null;
  const spot = cheapest(feasible.filter((r) => r.pricingModel === "spot"));
  const reserved = cheapest(
    feasible.filter((r) => r.pricingModel === "reserved_1y" || r.pricingModel === "reserved_3y"),
  );
  return {
    best,
    spot: spot && spot.key !== best?.key ? spot : null,
    reserved: reserved && reserved.key !== best?.key ? reserved : null,
  };
}

/** The seeds' selection checklist (seed 000), in its order. */
export const CHECKLIST_ITEM_KEYS = [
  "VRAM_CONFIRMED_BY_RUN",
  "DRIVER_CUDA_FRAMEWORK",
  "MULTI_GPU_NETWORK",
  "DISK_AND_SNAPSHOTS",
  "BILLING_RULES_CLEAR",
  "SLA_AND_SUPPORT_IN_WRITING",
  "SCALE_AND_RELEASE",
] as const;
