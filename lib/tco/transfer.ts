// Data transfer: ingress (usually free) and egress to the internet, per GB, with a free
// allowance and optional volume tiers (DOMAIN.md "Data transfer").
import type { EgressTier } from "./schema.ts";

export interface EgressPricing {
  egressPerGb: number;
  freeEgressGb: number;
  egressTiers?: EgressTier[] | undefined;
}

export interface EgressCost {
  cost: number;
  chargeableGb: number;
  /** Per tier: GB charged and its rate (one entry with the flat rate when no tiers). */
  parts: { gb: number; perGb: number }[];
}

/**
 * Egress GB beyond the free allowance, priced tier by tier. Tier bounds count chargeable GB
 * (after the allowance); the last tier (or one without upToGb) takes the rest.
 */
export function egressCost(gb: number, pricing: EgressPricing): EgressCost {
  const chargeableGb = Math.max(0, gb - pricing.freeEgressGb);
  const tiers = pricing.egressTiers;
  if (!tiers || tiers.length === 0) {
    return {
      cost: chargeableGb * pricing.egressPerGb,
      chargeableGb,
      parts: [{ gb: chargeableGb, perGb: pricing.egressPerGb }],
    };
  }
  const ordered = [...tiers].sort((a, b) => (a.upToGb ?? Infinity) - (b.upToGb ?? Infinity));
  const parts: EgressCost["parts"] = [];
  let remaining = chargeableGb;
  let lower = 0;
  let cost = 0;
  for (let i = 0; i < ordered.length && remaining > 0; i++) {
    const tier = ordered[i]!;
    const isLast = i === ordered.length - 1;
    const width = isLast || tier.upToGb === undefined ? Infinity : Math.max(0, tier.upToGb - lower);
    const inTier = Math.min(remaining, width);
    if (inTier > 0) {
      parts.push({ gb: inTier, perGb: tier.perGb });
      cost += inTier * tier.perGb;
    }
    remaining -= inTier;
    lower = tier.upToGb ?? lower;
  }
  return { cost, chargeableGb, parts };
}

/** Ingress: GB uploaded × rate (most clouds charge nothing). */
export function ingressCost(gb: number, perGb: number): number {
  return gb * perGb;
}
