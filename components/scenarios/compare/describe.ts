// The version comparison's two tables as data: each changed input as part / offer / field with
// its kind (an offer added or removed, or a value changed), and per offer × pricing model the
// totals and ranks in A and B with their difference. Pure, so it is tested without a page.
import type { DocumentChange } from "@/lib/scenarios/diff.ts";
import type { ScenarioResult } from "@/lib/scenarios/result.ts";

import { changeGroup, type ChangeGroup } from "../manage/change-labels.ts";

export interface DescribedChange {
  path: string;
  group: ChangeGroup;
  /** The offer the change is about (its name when known, else its id), or null. */
  offer: string | null;
  /** The field below the part or the offer ("tokens", "overrides.egressPerGb"), or null. */
  field: string | null;
  kind: "added" | "removed" | "changed";
  before: unknown;
  after: unknown;
}

const OFFER_PATH = /^offers\[(catalog|custom):(.*?)\](?:\.(.+))?$/;

/** Offer names by id from both results (catalog offers are stored by id only). */
export function offerNames(...results: Array<ScenarioResult | null>): Map<string, string> {
  const names = new Map<string, string>();
  for (const result of results)
    for (const o of result?.offers ?? []) if (!names.has(o.id)) names.set(o.id, o.name);
  for (const result of results)
    for (const r of result?.rows ?? []) if (!names.has(r.offer.id)) names.set(r.offer.id, r.offer.name);
  return names;
}

export function describeChange(change: DocumentChange, names: Map<string, string>): DescribedChange {
  const group = changeGroup(change.path);
  const kind = change.before === undefined ? "added" : change.after === undefined ? "removed" : "changed";
  const offer = OFFER_PATH.exec(change.path);
  if (offer) {
    const [, offerKind, key, rest] = offer;
    const name = offerKind === "catalog" ? (names.get(key!) ?? key!) : key!;
    return { path: change.path, group, offer: name, field: rest ?? null, kind, ...values(change) };
  }
  const dot = change.path.indexOf(".");
  return {
    path: change.path,
    group,
    offer: null,
    field: dot >= 0 ? change.path.slice(dot + 1) : null,
    kind,
    ...values(change),
  };
}

function values(change: DocumentChange) {
  return { before: change.before, after: change.after };
}

export interface ResultComparisonRow {
  key: string;
  offerName: string;
  pricingModel: string;
  totalA: number | null;
  totalB: number | null;
  /** B − A when both are priced, else null. */
  difference: number | null;
  rankA: number | null;
  rankB: number | null;
}

/**
 * Every offer × pricing model in either result, in B's ranking order, then those only in A.
 * Totals are compared as given: both versions are in their own currency (see `currency`).
 */
export function compareResults(a: ScenarioResult | null, b: ScenarioResult | null): ResultComparisonRow[] {
  const rowsA = new Map((a?.rows ?? []).map((r) => [r.key, r]));
  const rowsB = new Map((b?.rows ?? []).map((r) => [r.key, r]));
  const keys = [...rowsB.keys(), ...[...rowsA.keys()].filter((k) => !rowsB.has(k))];
  return keys.map((key) => {
    const ra = rowsA.get(key);
    const rb = rowsB.get(key);
    const row = (rb ?? ra)!;
    const totalA = ra?.total ?? null;
    const totalB = rb?.total ?? null;
    return {
      key,
      offerName: row.offer.name,
      pricingModel: row.pricingModel,
      totalA,
      totalB,
      difference: totalA !== null && totalB !== null ? Math.round((totalB - totalA) * 100) / 100 : null,
      rankA: ra?.rank ?? null,
      rankB: rb?.rank ?? null,
    };
  });
}

/** Document fields with a label in messages (scenarios.fieldLabels); others show their path. */
export const LABELLED_FIELDS: ReadonlySet<string> = new Set([
  "parameters",
  "tokens",
  "method",
  "mfu",
  "bootMinutes",
  "setupMinutes",
  "steps",
  "secondsPerStep",
  "gpuHours",
  "instanceHours",
  "sizing",
  "unitsOfWork",
  "uploadGb",
  "egressGb",
  "blockGb",
  "objectGb",
  "snapshotGb",
  "retentionMonths",
  "blockMonths",
  "objectMonths",
  "snapshotMonths",
  "utilisationPercent",
  "interruptionsPerHour",
  "checkpointMinutes",
  "restartMinutes",
  "checkpointing",
  "checkpointIntervalMinutes",
  "licencePerHour",
  "licencePerMonth",
  "supportPercent",
  "supportMinimumPerMonth",
  "surchargePercent",
  "taxPercent",
]);
