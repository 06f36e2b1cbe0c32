// "Export JSON" / "Export CSV" of a scenario: the JSON file is the document (importable again,
// scenarioFileSchema) plus the results as computed; the CSV is the ranked table, one line per
// offer × pricing model with every cost line as a column, written by the app's one CSV writer
// (lib/csv/write.ts: RFC 4180, formula cells neutralised, BOM, CRLF). Amounts stay JS numbers,
// so a negative amount is written as a number, not as a neutralised string. Pure: the builder
// and the report turn these strings into downloads.
import { writeCsv, type CsvCell } from "../csv/write.ts";
import { LINE_KINDS } from "../tco/lines/index.ts";
import type { ScenarioDocument, ScenarioFile } from "./document.ts";
import type { ScenarioResult } from "./result.ts";

export function toScenarioFile(
  name: string | undefined,
  document: ScenarioDocument,
  result: ScenarioResult | null,
  now: Date = new Date(),
): ScenarioFile {
  return {
    format: "gpu-scout-scenario",
    formatVersion: 1,
    ...(name ? { name } : {}),
    exportedAt: now.toISOString(),
    document,
    ...(result ? { result } : {}),
  };
}

export const RESULT_CSV_HEADER = [
  "rank",
  "offer_id",
  "offer",
  "provider",
  "pricing_model",
  "currency",
  "total",
  "cost_per_unit",
  "expected_hours",
  "billed_hours",
  "feasible",
  "over_budget",
  ...LINE_KINDS.map((k) => `line_${k}`),
  // The engine's completeness: lists of cost lines (";"-separated); an unknown line's amount
  // column is left empty, never 0.
  "complete",
  "assumed",
  "not_offered",
  "unknown",
  "warnings",
] as const;

export function resultToCsv(result: ScenarioResult): string {
  const rows: CsvCell[][] = result.rows.map((row) => {
    const byKind = new Map(row.lines.map((l) => [l.kind, l.evidence === "unknown" ? null : l.amount]));
    const c = row.completeness;
    return [
      row.rank,
      row.offer.id,
      row.offer.name,
      row.provider?.name ?? "",
      row.pricingModel,
      row.currency,
      row.total,
      row.costPerUnit,
      row.expectedHours,
      row.billedHours,
      row.feasible ? "yes" : "no",
      row.overBudget,
      ...LINE_KINDS.map((k) => (byKind.has(k) ? (byKind.get(k) ?? null) : 0)),
      c.complete ? "yes" : "no",
      c.assumed.join(";"),
      c.notOffered.join(";"),
      c.unknown.join(";"),
      row.warnings.join(" | "),
    ];
  });
  return writeCsv([RESULT_CSV_HEADER, ...rows], { bom: true, eol: "\r\n" });
}

/** "gpu-scout-scenario-<slug>-2026-11-30.json" */
export function scenarioFilename(
  name: string | undefined,
  extension: "json" | "csv",
  now: Date = new Date(),
): string {
  const slug =
    (name ?? "draft")
      .normalize("NFKD")
      .replace(/[^\w\u4e00-\u9fff-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "scenario";
  return `gpu-scout-scenario-${slug}-${now.toISOString().slice(0, 10)}.${extension}`;
}
