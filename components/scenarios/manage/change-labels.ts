// Changed input paths (lib/scenarios/diff.ts) in words: a path's top-level segment names the
// part of the scenario it belongs to ("workload.tokens" → workload, "offers[catalog:…]…" →
// offers), and a version's changes are summarised as those parts, at most a few then "+k more".

export const CHANGE_GROUPS = [
  "workload",
  "offers",
  "pricingModels",
  "data",
  "storage",
  "spot",
  "other",
  "sla",
  "budget",
  "unitLabel",
  "currency",
  "fx",
  "sortBy",
] as const;
export type ChangeGroup = (typeof CHANGE_GROUPS)[number];

/** The part of the scenario a changed path belongs to; unknown segments count as "other". */
export function changeGroup(path: string): ChangeGroup {
  const head = /^[A-Za-z]+/.exec(path)?.[0] ?? "";
  return (CHANGE_GROUPS as readonly string[]).includes(head) ? (head as ChangeGroup) : "other";
}

/** The distinct parts changed, in the order first seen; at most `max` of them and how many more. */
export function summarizeChanges(paths: readonly string[], max = 5): { groups: ChangeGroup[]; more: number } {
  const groups = [...new Set(paths.map(changeGroup))];
  return { groups: groups.slice(0, max), more: Math.max(0, groups.length - max) };
}
