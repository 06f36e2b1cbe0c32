// Evidence states of cost lines: a line the job needs is priced from a sourced
// fact (known), from a stated assumption (assumed: e.g. the median of the providers whose price
// is known, its value shown), is a product the provider does not have (not offered: the job
// needs a workaround, which is named and priced), or has no price at all (unknown: counted as
// nothing and marked, never as a price of zero). One engine decides the state; every surface
// (builder, compare, shortlist, shared view, report, API, CSV) reads it from the result.
import type { LineKind } from "./evaluate.ts";

export const EVIDENCE_STATES = ["known", "assumed", "not_offered", "unknown"] as const;
export type EvidenceState = (typeof EVIDENCE_STATES)[number];

/** The provider-priced cost lines and the billing rule: the things an offer may lack evidence for. */
export const EVIDENCE_SUBJECTS = [
  "egress",
  "ingress",
  "block_storage",
  "object_storage",
  "snapshots",
  "billing",
] as const;
export type EvidenceSubject = (typeof EVIDENCE_SUBJECTS)[number];

/** The offer rate field behind each provider-priced line. */
export const RATE_FIELD = {
  egress: "egressPerGb",
  ingress: "ingressPerGb",
  block_storage: "blockStoragePerGbMonth",
  object_storage: "objectStoragePerGbMonth",
  snapshots: "snapshotPerGbMonth",
} as const satisfies Record<Exclude<EvidenceSubject, "billing">, string>;

/** What the offer says about one subject (catalog offers: set by the loader from provider facts). */
export interface SubjectEvidence {
  state: EvidenceState;
  /** assumed: how many providers' known prices the median was taken over. */
  medianOf?: number;
  /** not_offered: the line the job uses instead (priced at that line's rate). */
  workaround?: "object_storage" | "block_storage";
}

type RateField = (typeof RATE_FIELD)[keyof typeof RATE_FIELD];
type RatedOffer = Partial<Record<RateField, number>> & {
  evidence?: Partial<Record<EvidenceSubject, SubjectEvidence>> | undefined;
};

/**
 * The rate a provider-priced line is charged at, in the offer currency: its own rate, or for a
 * line the provider does not offer, its workaround's rate; 0 when unknown (and marked so).
 */
export function effectiveRate(offer: RatedOffer, kind: Exclude<EvidenceSubject, "billing">): number {
  const evidence = offer.evidence?.[kind];
  const via = evidence?.state === "not_offered" ? evidence.workaround : undefined;
  return (via ? offer[RATE_FIELD[via]] : offer[RATE_FIELD[kind]]) ?? 0;
}

/** The state of one line the job needs: the offer's evidence, else known when it states a rate. */
export function lineState(evidence: SubjectEvidence | undefined, rate: number | undefined): EvidenceState {
  if (evidence) return evidence.state;
  return rate === undefined ? "unknown" : "known";
}

export interface Completeness {
  /** Every line the job needs is priced from a sourced fact (or the caller's own figure). */
  complete: boolean;
  /** Lines (and "billing") priced with a stated assumption. */
  assumed: EvidenceSubject[];
  /** Lines the provider does not offer (a workaround is priced instead). */
  notOffered: LineKind[];
  /** Lines with no price and no assumption: counted as nothing, so the total may be low. */
  unknown: LineKind[];
}

export function completenessOf(
  states: Array<{ subject: EvidenceSubject; state: EvidenceState }>,
): Completeness {
  const pick = (s: EvidenceState) => [...new Set(states.filter((x) => x.state === s).map((x) => x.subject))];
  const assumed = pick("assumed");
  const notOffered = pick("not_offered") as LineKind[];
  const unknown = pick("unknown") as LineKind[];
  return {
    complete: assumed.length === 0 && notOffered.length === 0 && unknown.length === 0,
    assumed,
    notOffered,
    unknown,
  };
}

/** The median of known values (the assumption for a provider whose value is unknown). */
export function median(values: number[]): number | undefined {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * What a row says about its completeness, most serious first: the same notes on every surface
 * (builder, compare, shortlist, shared view, report, CSV), each translated there.
 */
export function completenessNotes(
  c: Completeness,
): Array<{ key: "rowUnknown" | "rowNotOffered" | "rowAssumed"; subjects: EvidenceSubject[] }> {
  const notes: Array<{ key: "rowUnknown" | "rowNotOffered" | "rowAssumed"; subjects: EvidenceSubject[] }> =
    [];
  if (c.unknown.length > 0) notes.push({ key: "rowUnknown", subjects: c.unknown as EvidenceSubject[] });
  if (c.notOffered.length > 0)
    notes.push({ key: "rowNotOffered", subjects: c.notOffered as EvidenceSubject[] });
  if (c.assumed.length > 0) notes.push({ key: "rowAssumed", subjects: c.assumed });
  return notes;
}
