// Attribution of bill rows to teams and projects by the workspace's rules. Pure.
// A rule reads a tag (by key) or the sub-account; with `match` it gives `label` when the
// normalised value equals the normalised match, without it the normalised value itself is the
// label. The first rule (by position) that gives a label wins. What no rule covers stays
// null: "unallocated", never spread over the others.

export type AttributionDimension = "team" | "project";

export interface AttributionRule {
  dimension: AttributionDimension;
  source: "tag" | "sub_account";
  /** The tag key ("" for sub_account); matched case-insensitively, spaces trimmed. */
  key: string;
  match: string | null;
  label: string | null;
  position: number;
}

export interface AttributableRow {
  tags: Record<string, string> | null;
  subAccountId: string | null;
  subAccountName: string | null;
}

/** "ML-Team", "ml_team", " ml team " → "ml-team". */
export function normaliseLabel(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s_\-.]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function valueOf(rule: AttributionRule, row: AttributableRow): string | null {
  if (rule.source === "sub_account") return row.subAccountName ?? row.subAccountId;
  if (!row.tags) return null;
  const want = rule.key.trim().toLowerCase();
  for (const [k, v] of Object.entries(row.tags)) {
    if (k.trim().toLowerCase() === want) return v;
  }
  return null;
}

export function attribute(
  rules: readonly AttributionRule[],
  row: AttributableRow,
): { team: string | null; project: string | null } {
  const result: { team: string | null; project: string | null } = { team: null, project: null };
  const sorted = [...rules].sort((a, b) => a.position - b.position);
  for (const rule of sorted) {
    if (result[rule.dimension] !== null) continue;
    const raw = valueOf(rule, row);
    if (raw === null) continue;
    const value = normaliseLabel(raw);
    if (!value) continue;
    if (rule.match === null || rule.match === "") result[rule.dimension] = value;
    else if (normaliseLabel(rule.match) === value)
      result[rule.dimension] = normaliseLabel(rule.label ?? rule.match);
  }
  return result;
}
