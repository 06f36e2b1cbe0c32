// Other costs: software licences, support plan, green surcharge and tax (DOMAIN.md "Other").
import { HOURS_PER_MONTH } from "./reserved.ts";

/** Whole calendar-style months a subscription is paid for while the job runs (at least one). */
export function wholeMonths(jobHours: number): number {
  return Math.max(1, Math.ceil(jobHours / HOURS_PER_MONTH - 1e-9));
}

/** Licences: per billed hour, plus per started month. */
export function licenceCost(billedHours: number, months: number, perHour: number, perMonth: number): number {
  return perHour * billedHours + perMonth * months;
}

/** Support plan: a percentage of spend, but never less than the monthly minimum × months. */
export function supportCost(spend: number, percent: number, minimumPerMonth: number, months: number): number {
  return Math.max((spend * percent) / 100, minimumPerMonth * months);
}

/** A percentage of a base amount (surcharge on compute, tax on the bill). */
export function percentOf(base: number, percent: number): number {
  return (base * percent) / 100;
}
