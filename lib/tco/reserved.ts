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
  /** What the job is charged: the whole commitment, or its share at the stated utilisation. */
  cost: number;
  /** What the commitment costs in all: rate × term hours × terms. */
  commitmentCost: number;
  /** This job's hours / paid hours. */
  utilisation: number;
  /** The utilisation the user states for the committed capacity (all its work), else null. */
  statedUtilisation: number | null;
  /** Term cost / used hours. */
  effectivePricePerUsedHour: number;
  /** Reserved rate / on-demand rate (40 % discount → 0.6); null without an on-demand price. */
  breakEvenUtilisation: number | null;
  /** The job uses less of the term than the break-even: on-demand would be cheaper. */
  tooShort: boolean;
}

/**
 * Cost of running `usedHours` on a commitment whose effective rate is `hourlyRate`. The
 * commitment costs rate × term hours × terms (the whole term is paid, used or not). Without a
 * stated utilisation the job is charged all of it; with one (the share of the term the capacity
 * is used by all its work, at least this job's share), the job is charged its hours' share of
 * the used hours: commitment × usedHours ÷ (utilisation × paid hours).
 */
export function reservedCost(
  usedHours: number,
  hourlyRate: number,
  model: CommittedModel,
  onDemandRate?: number,
  statedUtilisation?: number,
): ReservedCost {
  const termHours = TERM_HOURS[model];
  const terms = Math.max(1, Math.ceil(usedHours / termHours - 1e-9));
  const paidHours = termHours * terms;
  const commitmentCost = hourlyRate * paidHours;
  const utilisation = usedHours / paidHours;
  const stated =
    statedUtilisation === undefined ? null : Math.min(1, Math.max(statedUtilisation, utilisation));
  const cost = stated === null ? commitmentCost : (commitmentCost * usedHours) / (stated * paidHours);
  const breakEvenUtilisation =
    onDemandRate !== undefined && onDemandRate > 0 ? hourlyRate / onDemandRate : null;
  return {
    termHours,
    terms,
    cost,
    commitmentCost,
    utilisation,
    statedUtilisation: stated,
    // Below 1e-6 h of use the price per used hour is meaningless (and cost / 1e-300 h
    // overflowed the money formatter into a 500): report the whole cost, as for no use.
    effectivePricePerUsedHour: usedHours >= 1e-6 ? cost / usedHours : cost,
    breakEvenUtilisation,
    tooShort: breakEvenUtilisation !== null && (stated ?? utilisation) < breakEvenUtilisation,
  };
}
