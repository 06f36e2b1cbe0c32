// Issue 50: per provider, the sourced security and support questions the scorer answers from
// the curated seed (the same count the provider page shows, lib/scoring/completeness.ts). The
// ten providers teams ask about first need ≥ 5 security and ≥ 3 support answers; the table pins
// every count, so removing (or breaking the yes/no wording of) any scored fact fails here.
import { describe, expect, it } from "vitest";

import { groupCompleteness } from "../../lib/scoring/completeness.ts";
import { scoreProviderDimensions } from "../../lib/scoring/dimensions.ts";
import { seedData } from "./index.ts";

function counts(slug: string) {
  const facts = seedData.facts
    .filter((f) => f.provider === slug)
    .map((f) => ({
      key: f.key,
      scope: f.scope ?? "",
      value: f.value,
      numericValue: f.numericValue === undefined ? null : Number(f.numericValue),
      unit: f.unit ?? null,
      sourceUrl: f.sourceUrl,
    }));
  const dimensions = scoreProviderDimensions({ slug, facts, offerInterconnects: [] });
  return {
    security: groupCompleteness(dimensions, "security").answered,
    support: groupCompleteness(dimensions, "support").answered,
  };
}

// Counted by hand from prisma/seed/data/facts-profile.ts and facts.ts (support_plan_price
// lives in facts.ts): one per scored key with a readable yes/partial/no, a numeric response
// target, a recognised channel, a published plan price.
const EXPECTED: Record<string, { security: number; support: number }> = {
  aws: { security: 5, support: 5 },
  gcp: { security: 5, support: 3 },
  azure: { security: 5, support: 4 },
  alibaba: { security: 4, support: 3 },
  tencent: { security: 5, support: 1 },
  lambda: { security: 3, support: 0 },
  coreweave: { security: 3, support: 2 },
  runpod: { security: 3, support: 0 },
  nebius: { security: 5, support: 3 },
  vast: { security: 3, support: 0 },
};

const SHORT: Record<string, string> = {
  alibaba: "security",
  tencent: "support",
  lambda: "security and support",
  coreweave: "security and support",
  runpod: "security and support",
  vast: "security and support",
};

describe("sourced security and support answers per provider (issue 50)", () => {
  it.each(Object.entries(EXPECTED))("%s answers the pinned number of questions", (slug, expected) => {
    expect(counts(slug)).toEqual(expected);
  });

  // Providers still short of the target: no page in the stored sources states the missing keys
  // yet (listed in the session report). Each stays pinned above; once sourced, move it out of
  // here — the second test then requires it to stay at or above the target.
  const SHORT_OF_TARGET = new Set(Object.keys(SHORT));
  it.each(Object.keys(EXPECTED).filter((s) => !SHORT_OF_TARGET.has(s)))(
    "%s has at least 5 security and 3 support answers",
    (slug) => {
      const c = counts(slug);
      expect(c.security).toBeGreaterThanOrEqual(5);
      expect(c.support).toBeGreaterThanOrEqual(3);
    },
  );
  it.each(Object.entries(SHORT))("%s is still short of the target (%s)", (slug) => {
    const c = counts(slug);
    expect(c.security < 5 || c.support < 3).toBe(true);
  });
});
