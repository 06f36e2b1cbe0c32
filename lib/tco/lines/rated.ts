// Provider-priced lines (transfer, storage): the rate an offer charges, in the scenario
// currency, with its evidence state; and the explanation that says the evidence in words.
import {
  lineState,
  effectiveRate,
  RATE_FIELD,
  type EvidenceSubject,
  type SubjectEvidence,
} from "../evidence.ts";
import type { EvidenceState } from "../evidence.ts";
import * as explain from "../explain.ts";
import type { Bilingual } from "../explain.ts";
import type { TcoOffer } from "../schema.ts";
import type { LineContext } from "./types.ts";

export type RatedKind = Exclude<EvidenceSubject, "billing">;

export interface Rate {
  state: EvidenceState;
  evidence: SubjectEvidence | undefined;
  /** Scenario currency; a not-offered line uses its workaround's rate, an unknown one 0. */
  rate: number;
}

export function rateOf(ctx: LineContext, kind: RatedKind): Rate {
  const evidence = ctx.offer.evidence?.[kind];
  return {
    state: lineState(evidence, ctx.offer[RATE_FIELD[kind]]),
    evidence,
    rate: effectiveRate(ctx.offer, kind) * ctx.factor,
  };
}

export function withEvidence(text: Bilingual, kind: RatedKind, r: Rate, currency: string): Bilingual {
  return explain.withEvidence(text, kind, r.state, r.evidence, r.rate, currency);
}

/** A per-offer column of a provider-priced line's effective rate (offer currency). */
export function rateColumn(offers: TcoOffer[], kind: RatedKind): Float64Array {
  const column = new Float64Array(offers.length);
  for (let i = 0; i < offers.length; i++) column[i] = effectiveRate(offers[i]!, kind);
  return column;
}
