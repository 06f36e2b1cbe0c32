import { describe, expect, it } from "vitest";

import { conditionOf, draftOf, webhookOf } from "./condition-draft.ts";

describe("watch form drafts", () => {
  it("round-trips each condition kind", () => {
    const cases = [
      { kind: "price_below", perGpuHour: 2.5, currency: "CNY" },
      { kind: "price_drop", percent: 15 },
      { kind: "new_offer" },
      { kind: "offer_gone" },
      { kind: "over_budget", scenarioId: "s1" },
      { kind: "cheaper_option", scenarioId: "s1", percent: 5 },
    ];
    for (const condition of cases)
      expect(conditionOf(draftOf(condition, "price_drop"), condition.scenarioId)).toEqual(condition);
  });
  it("starts from the fallback kind and defaults", () => {
    expect(draftOf(null, "over_budget")).toEqual({
      kind: "over_budget",
      threshold: "2",
      currency: "USD",
      percent: "10",
    });
  });
  it("keeps, removes or replaces the webhook", () => {
    expect(webhookOf({ kind: "keep", url: "", secret: "" }, true)).toBeUndefined();
    expect(webhookOf({ kind: "none", url: "", secret: "" }, true)).toBeNull();
    expect(webhookOf({ kind: "none", url: "", secret: "" }, false)).toBeUndefined();
    expect(webhookOf({ kind: "slack", url: "https://h.example/x", secret: "" }, true)).toEqual({
      kind: "slack",
      url: "https://h.example/x",
    });
  });
});
