// The straightforward ranking: one object per offer, evaluateOffer for every offer × pricing
// model, a full sort. Kept as the oracle for rank.ts (tests: same results) and as the
// baseline of scripts/bench-tco.ts.
import { compareResults, evaluateOffer, isSkipped, type TcoResult } from "./evaluate.ts";
import type { FxTable } from "./currency.ts";
import type { RankOptions, RankResult } from "./rank.ts";
import type { Scenario, TcoOffer } from "./schema.ts";

export function referenceRank(
  scenario: Scenario,
  offers: TcoOffer[],
  fx: FxTable,
  options: Omit<RankOptions, "mask"> & { mask?: Uint8Array } = {},
): RankResult {
  const limit = Math.max(1, options.limit ?? 20);
  const all: TcoResult[] = [];
  let considered = 0;
  let infeasible = 0;
  offers.forEach((offer, i) => {
    if (offer.gpuCount < (options.minGpuCount ?? 0) || offer.gpuCount > (options.maxGpuCount ?? Infinity))
      return;
    if (options.mask && options.mask[i] === 0) return;
    for (const model of new Set(scenario.pricingModels)) {
      const r = evaluateOffer(scenario, offer, model, fx, { explain: options.explain ?? false });
      if (isSkipped(r)) continue;
      considered++;
      if (!r.feasible || r.totalCents === null) {
        infeasible++;
        continue;
      }
      if (options.maxTotal !== undefined && r.totalCents > options.maxTotal * 100) continue;
      all.push(r);
    }
  });
  all.sort(compareResults);
  return { results: all.slice(0, limit), considered, infeasible };
}
