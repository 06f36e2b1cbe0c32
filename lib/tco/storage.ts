// Storage: GB × months × rate, pro-rated by the hours of the job plus the retention after it
// (DOMAIN.md "Storage"; a month is 730 hours).
import { HOURS_PER_MONTH } from "./reserved.ts";

/** Months billed for data kept during `jobHours` and for `retentionMonths` afterwards. */
export function storageMonths(jobHours: number, retentionMonths: number): number {
  return jobHours / HOURS_PER_MONTH + retentionMonths;
}

/** GB × GB-month rate × months. */
export function storageCost(gb: number, perGbMonth: number, months: number): number {
  return gb * perGbMonth * months;
}
