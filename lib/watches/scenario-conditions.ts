// Whether a re-priced saved scenario fires its watch (issue 26 §1): over_budget when its best
// complete option rises above the scenario's budget, cheaper_option when the best complete
// option becomes at least N % cheaper than the one the watch last saw. The watch keeps what it
// last saw (Watch.scenarioState); each evaluation compares against it and replaces it, so a
// crossing fires once and a repeated evaluation of the same prices fires nothing. A new saved
// version of the scenario (other inputs, offers or budget) starts a new baseline without an
// alert: the change is the user's, not the market's. Pure.
import type { ScenarioCondition } from "./schema.ts";

/** What one pricing of the scenario found: its best complete option. */
export interface ScenarioSnapshot {
  /** The scenario version priced (its latest when evaluated). */
  version: number;
  currency: string;
  budget: number | null;
  /** The best complete option: feasible, with a total and no unknown cost line; null: none. */
  best: { key: string; offerId: string; label: string; total: number } | null;
}

/** Stored in Watch.scenarioState. */
export type ScenarioWatchState = ScenarioSnapshot;

export function parseScenarioState(value: unknown): ScenarioWatchState | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Partial<ScenarioWatchState>;
  if (typeof v.version !== "number" || typeof v.currency !== "string") return null;
  return {
    version: v.version,
    currency: v.currency,
    budget: typeof v.budget === "number" ? v.budget : null,
    best: v.best && typeof v.best.total === "number" ? v.best : null,
  };
}

const isOver = (s: ScenarioSnapshot) => s.budget !== null && s.best !== null && s.best.total > s.budget;

/** Fires (true) or not for this condition, given the previous state (null: none yet) and now. */
export function scenarioFires(
  condition: ScenarioCondition,
  previous: ScenarioWatchState | null,
  now: ScenarioSnapshot,
): boolean {
  // No baseline, or another version or currency: this pricing becomes the baseline.
  if (!previous || previous.version !== now.version || previous.currency !== now.currency) return false;
  switch (condition.kind) {
    case "over_budget":
      return isOver(now) && !isOver(previous);
    case "cheaper_option": {
      if (!previous.best || !now.best || previous.best.total <= 0) return false;
      const drop = (1 - now.best.total / previous.best.total) * 100;
      // The same tolerance as price_drop: 100 → 90 is 10 %, whatever the binary float says.
      return drop + 1e-9 >= condition.percent;
    }
  }
}
