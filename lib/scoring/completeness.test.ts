import { describe, expect, it } from "vitest";

import { groupCompleteness, scoredItems } from "./completeness.ts";
import { scoreProviderDimensions } from "./dimensions.ts";
import type { FactEvidence } from "./evidence.ts";

/** A provider scored on these facts alone, as the read model scores it. */
const scored = (facts: FactEvidence[]) =>
  scoreProviderDimensions({ slug: "p", facts, offerInterconnects: [] });

const f = (key: string, value: string, numericValue: number | null = null): FactEvidence => ({
  key,
  scope: "",
  value,
  numericValue,
  sourceUrl: "https://example.com/" + key,
});

describe("groupCompleteness", () => {
  it("asks the scorer's 9 security and 5 support questions", () => {
    // security: vpc, security groups, encryption at rest / in transit, IAM, SOC 2, ISO 27001,
    // HIPAA BAA, GDPR DPA; support: plan price, 24x7, response time, channels, dedicated contact.
    expect(scoredItems("security")).toHaveLength(9);
    expect(scoredItems("support")).toHaveLength(5);
    expect(groupCompleteness(scored([]), "security")).toEqual({
      dimension: "security",
      answered: 0,
      total: 9,
      unansweredKeys: [
        "vpc_private_networking",
        "security_groups",
        "encryption_at_rest",
        "encryption_in_transit",
        "iam_roles",
        "soc2_type2",
        "iso27001",
        "hipaa_baa",
        "gdpr_dpa",
      ],
    });
  });

  it("counts what the scorer reads: yes, partial and a sourced no answer; unreadable words do not", () => {
    const facts = [
      f("vpc_private_networking", "yes — VPCs"),
      f("encryption_in_transit", "no — not enforced by default"), // a sourced no answers
      f("iso27001", "partial — some datacenters"),
      f("soc2_type2", "SOC audits named; the page does not say which"), // no yes/no: unanswered
      f("pci_dss", "yes"), // not a scored security key
      f("support_channels", "ticket, phone"),
      f("support_response_minutes", "under 15 minutes", 15),
      f("support_24x7", "around the clock"), // no yes/no word: unanswered
    ];
    // security: vpc, in transit, ISO = 3 of 9
    const security = groupCompleteness(scored(facts), "security");
    expect(security.answered).toBe(3);
    expect(security.total).toBe(9);
    expect(security.unansweredKeys).toContain("soc2_type2");
    expect(security.unansweredKeys).not.toContain("encryption_in_transit");
    // support: channels, response = 2 of 5 (24x7 unreadable, plan and contact missing)
    const support = groupCompleteness(scored(facts), "support");
    expect(support).toEqual({
      dimension: "support",
      answered: 2,
      total: 5,
      unansweredKeys: ["support_plan_price", "support_24x7", "dedicated_technical_contact"],
    });
  });

  it("does not let a response target without a number answer", () => {
    expect(groupCompleteness(scored([f("support_response_minutes", "fast")]), "support").answered).toBe(0);
  });
});
