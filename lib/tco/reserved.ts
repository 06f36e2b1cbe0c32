// Reserved / committed pricing: the whole term is paid whether used or not (DOMAIN.md).
import type { PricingModel } from "./schema.ts";

export const HOURS_PER_MONTH = 730;
export const HOURS_PER_YEAR = 8760;

export const TERM_HOURS: Record<Exclude<PricingModel, "on_demand" | "spot">, number> = {
  reserved_1y: HOURS_PER_YEAR,
  reserved_3y: 3 * HOURS_PER_YEAR,
  monthly: HOURS_PER_MONTH,
};

export type CommittedModel = keyof typeof TERM_HOURS;

export function isCommitted(model: PricingModel): model is CommittedModel {
  return model in TERM_HOURS;
}

export interface ReservedCost {
  termHours: number;
  /** Terms bought: a job longer than one term needs several. */
  terms: number;
  cost: number;
  /** Used hours / paid hours. */
  utilisation: number;
  /** Term cost / used hours. */
  effectivePricePerUsedHour: number;
  /** Reserved rate / on-demand rate (40 % discount → 0.6); null without an on-demand price. */
  breakEvenUtilisation: number | null;
  /** The job uses less of the term than the break-even: on-demand would be cheaper. */
  tooShort: boolean;
}

/**
 * Cost of running `usedHours` on a commitment whose effective rate is `hourlyRate`:
 * rate × term hours × terms (the whole term is paid), independent of the hours used in it.
 */
export function reservedCost(
  usedHours: number,
  hourlyRate: number,
  model: CommittedModel,
  onDemandRate?: number,
): ReservedCost {
  const termHours = TERM_HOURS[model];
  const terms = Math.max(1, Math.ceil(usedHours / termHours - 1e-9));
  const paidHours = termHours * terms;
  const cost = hourlyRate * paidHours;
  const utilisation = usedHours / paidHours;
  const breakEvenUtilisation =
    onDemandRate !== undefined && onDemandRate > 0 ? hourlyRate / onDemandRate : null;
  return {
    termHours,
    terms,
    cost,
    utilisation,
    // Below 1e-6 h of use the price per used hour is meaningless (and cost / 1e-300 h
    // overflowed the money formatter into a 500): report the whole cost, as for no use.
    effectivePricePerUsedHour: usedHours >= 1e-6 ? cost / usedHours : cost,
    breakEvenUtilisation,
    tooShort: breakEvenUtilisation !== null && utilisation < breakEvenUtilisation,
  };
}
