// How complete a provider's security and support evidence is, counted the way the scorer counts
// it: a question (an evidence item of the dimension) is answered when the scorer draws a signal
// from a sourced fact for it — a yes/no fact whose words say yes, partial or no, a response
// target with a number, a channel it recognises, a published plan price. A fact the scorer
// cannot read (e.g. "SOC audits named" with no yes/no) does not answer the question. Pure.
import {
  EVIDENCE_ITEMS,
  SCORED_ITEM_FACT_KEYS,
  type DimensionScore,
  type EvidenceItem,
} from "./dimensions.ts";

export type CompletenessDimension = "security" | "support";

export interface GroupCompleteness {
  dimension: CompletenessDimension;
  /** Questions a source answers. */
  answered: number;
  /** Questions the scorer asks for this dimension. */
  total: number;
  /** The fact keys of the questions no source answers, in the scorer's order. */
  unansweredKeys: string[];
}

/** The scorer's questions for a dimension, in EVIDENCE_ITEMS order. */
export function scoredItems(dimension: CompletenessDimension): EvidenceItem[] {
  return (Object.keys(EVIDENCE_ITEMS) as EvidenceItem[]).filter((i) => EVIDENCE_ITEMS[i] === dimension);
}

/**
 * Of a provider's scored dimensions (scoreProviderDimensions, as the read model already holds
 * them: nothing is scored again here), how many of `dimension`'s questions a source answers.
 */
export function groupCompleteness(
  dimensions: readonly DimensionScore[],
  dimension: CompletenessDimension,
): GroupCompleteness {
  const answered = new Set(
    (dimensions.find((d) => d.dimension === dimension)?.signals ?? [])
      .map((s) => s.item)
      .filter((i): i is EvidenceItem => i !== null),
  );
  const items = scoredItems(dimension);
  return {
    dimension,
    answered: items.filter((i) => answered.has(i)).length,
    total: items.length,
    unansweredKeys: items
      .filter((i) => !answered.has(i))
      .map((i) => SCORED_ITEM_FACT_KEYS[i as keyof typeof SCORED_ITEM_FACT_KEYS]),
  };
}
