// Whether one import's changes fire a watch (issue 26 §1). Evaluated on the changed offers only:
// `seen` is the set of offers the watch saw in its view before the import (of the changed
// ones), `inView` the changed offers the view keeps now (decided by the matrix's own row rules,
// server/watches/evaluate.ts). Pure.
import type { ViewCondition } from "./schema.ts";

export interface InViewOffer {
  /** Price per GPU-hour in the watch's currency, now. */
  gpuHour: number;
  /** The same, before this import (the previous observation of the same price); null: none. */
  previousGpuHour: number | null;
  /** This import changed the price the view shows (its pricing model and listed currency). */
  priceChanged: boolean;
}

export interface ConditionInput {
  condition: ViewCondition;
  /** Offers this import changed (any observation in its batch). */
  changed: readonly string[];
  /** Of `changed`, those the watch had seen in its view. */
  seen: ReadonlySet<string>;
  /** Of `changed`, those in the view now. */
  inView: ReadonlyMap<string, InViewOffer>;
}

export type TriggerKind =
  "price_below" | "price_drop" | "new_offer" | "offer_gone" | "over_budget" | "cheaper_option";

export interface Trigger {
  offerId: string;
  kind: TriggerKind;
}

export interface ConditionOutcome {
  triggers: Trigger[];
  /** Offers to add to / remove from the watch's seen set. */
  entered: string[];
  left: string[];
}

/** At the matrix's displayed precision (4 decimals), as its price cap compares. */
const at4 = (x: number) => Math.round(x * 1e4) / 1e4;

export function evaluateCondition({ condition, changed, seen, inView }: ConditionInput): ConditionOutcome {
  const triggers: Trigger[] = [];
  const entered: string[] = [];
  const left: string[] = [];
  for (const offerId of changed) {
    const now = inView.get(offerId);
    const wasSeen = seen.has(offerId);
    if (now && !wasSeen) entered.push(offerId);
    if (!now && wasSeen) left.push(offerId);
    switch (condition.kind) {
      case "new_offer":
        if (now && !wasSeen) triggers.push({ offerId, kind: "new_offer" });
        break;
      case "offer_gone":
        if (!now && wasSeen) triggers.push({ offerId, kind: "offer_gone" });
        break;
      case "price_below": {
        if (!now || !now.priceChanged) break;
        const below = at4(now.gpuHour) < condition.perGpuHour;
        // Crossing the threshold is the change: an offer already below it (and seen) does not re-fire.
        const wasBelow =
          wasSeen && now.previousGpuHour !== null && at4(now.previousGpuHour) < condition.perGpuHour;
        if (below && !wasBelow) triggers.push({ offerId, kind: "price_below" });
        break;
      }
      case "price_drop": {
        if (!now || !now.priceChanged || now.previousGpuHour === null || now.previousGpuHour <= 0) break;
        const drop = (1 - now.gpuHour / now.previousGpuHour) * 100;
        // A tiny tolerance: 10 → 9 is a 10 % drop, whatever the binary float says.
        if (drop + 1e-9 >= condition.percent) triggers.push({ offerId, kind: "price_drop" });
        break;
      }
    }
  }
  return { triggers, entered, left };
}

/** The drop from previous to now, in percent (positive: cheaper), or null when there was no previous price. */
export function dropPercent(gpuHour: number, previousGpuHour: number | null): number | null {
  if (previousGpuHour === null || previousGpuHour <= 0) return null;
  return Math.round((1 - gpuHour / previousGpuHour) * 1000) / 10;
}
