import { describe, expect, it } from "vitest";

import { parseCsv } from "../catalog/csv.ts";
import { RESULT_CSV_HEADER, resultToCsv } from "./export.ts";
import type { ScenarioResult, ScenarioResultRow } from "./result.ts";

const EVIL = '=HYPERLINK("http://evil.example","click")';

const row: ScenarioResultRow = {
  key: "custom-1:on_demand",
  rank: 1,
  offerKind: "custom",
  offer: { id: "custom-1", name: EVIL },
  provider: { slug: "evil", name: "@SUM(1+1)*cmd|' /C calc'!A0" },
  pricingModel: "on_demand",
  total: 1200.5,
  currency: "USD",
  expectedHours: 100,
  billedHours: 100,
  feasible: true,
  costPerUnit: null,
  completeness: { complete: true, assumed: [], notOffered: [], unknown: [] },
  lines: [
    { kind: "compute", amount: 1213, evidence: "known", explanation: "" },
    { kind: "surcharge", amount: -12.5, evidence: "known", explanation: "" },
  ],
  warnings: ["-1 credit applied", "+tax"],
  overBudget: null,
  fit: null,
  explained: true,
};

describe("scenario CSV export", () => {
  it("neutralises formulas in offer and provider names, keeps negative amounts as numbers", () => {
    // resultToCsv reads the rows only.
    const csv = resultToCsv({ rows: [row] } as unknown as ScenarioResult);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const [header, line] = csv.slice(1).split("\r\n");
    expect(header).toBe(RESULT_CSV_HEADER.join(","));
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(line).toContain(",'@SUM(1+1)*cmd|' /C calc'!A0,");
    expect(line).toContain(",-12.5,");
    expect(line).toContain(",'-1 credit applied | +tax");

    const table = parseCsv(csv.slice(1));
    const cells = Object.fromEntries(RESULT_CSV_HEADER.map((h, i) => [h, table[1]?.[i]]));
    expect(cells).toMatchObject({
      offer: `'${EVIL}`,
      provider: "'@SUM(1+1)*cmd|' /C calc'!A0",
      line_surcharge: "-12.5",
      total: "1200.5",
      cost_per_unit: "",
    });
  });

  it("leaves an unknown line's amount empty (never 0) and lists the row's completeness", () => {
    const incomplete = {
      ...row,
      lines: [
        { kind: "compute", amount: 100, evidence: "known", explanation: "" },
        { kind: "egress", amount: 0, evidence: "unknown", explanation: "" },
        { kind: "snapshots", amount: 2.33, evidence: "not_offered", explanation: "" },
      ],
      completeness: { complete: false, assumed: ["billing"], notOffered: ["snapshots"], unknown: ["egress"] },
    };
    const csv = resultToCsv({ rows: [incomplete] } as unknown as ScenarioResult);
    const table = parseCsv(csv.slice(1));
    const cells = Object.fromEntries(RESULT_CSV_HEADER.map((h, i) => [h, table[1]?.[i]]));
    expect(cells).toMatchObject({
      line_compute: "100",
      line_egress: "",
      line_snapshots: "2.33",
      line_tax: "0",
      complete: "no",
      assumed: "billing",
      not_offered: "snapshots",
      unknown: "egress",
    });
  });
});
