import { describe, expect, it } from "vitest";

import { FACT_KEYS, isFactKey } from "../../prisma/seed/fact-keys.ts";
import { askVendor, CHECKLIST_FACT_KEYS } from "./ask-vendor.ts";
import { CHECKLIST_ITEMS } from "./items.ts";

describe("checklist items linked to facts", () => {
  it.each(CHECKLIST_ITEMS.map((i) => [i]))("%s links only known fact keys", (item) => {
    for (const key of CHECKLIST_FACT_KEYS[item]) expect(isFactKey(key), key).toBe(true);
  });

  it("every issue-27 profile key answers some checklist item", () => {
    const linked = new Set(Object.values(CHECKLIST_FACT_KEYS).flat());
    const profileKeys = Object.keys(FACT_KEYS).filter(
      (k) => Object.keys(FACT_KEYS).indexOf(k) >= Object.keys(FACT_KEYS).indexOf("vpc_private_networking"),
    );
    expect(profileKeys.filter((k) => !linked.has(k))).toEqual([]);
  });
});

describe("askVendor", () => {
  it.each([
    [
      "nothing stated: every linked key is a question",
      [],
      { SLA_AND_SUPPORT_IN_WRITING: 14, SCALE_AND_RELEASE: 7, VRAM_CONFIRMED_BY_RUN: 0 },
    ],
    [
      "a stated SLA and 24/7 support leave 12 SLA/support questions",
      ["compute_sla_percent", "support_24x7"],
      { SLA_AND_SUPPORT_IN_WRITING: 12 },
    ],
    [
      "a key that answers two items (billing granularity) is known for both",
      ["billing_granularity"],
      { BILLING_RULES_CLEAR: 4, SCALE_AND_RELEASE: 6 },
    ],
  ] as const)("%s", (_name, keys, unknownPerItem) => {
    const [p] = askVendor([{ slug: "x", nameEn: "X", nameZh: "X", factKeys: keys }]);
    for (const [item, n] of Object.entries(unknownPerItem))
      expect(p!.items.find((i) => i.item === item)!.unknown, item).toHaveLength(n);
    for (const i of p!.items) for (const k of keys) expect(i.unknown).not.toContain(k);
  });

  it("counts distinct unknown keys once across items", () => {
    const [p] = askVendor([{ slug: "x", nameEn: "X", nameZh: "X", factKeys: [] }]);
    expect(p!.unknownCount).toBe(new Set(Object.values(CHECKLIST_FACT_KEYS).flat()).size);
  });
});
