// Storage: GB × months × rate (DOMAIN.md "Storage"; a month is 730 hours). Each kind has its
// own duration: the months the scenario gives for it (counted from the job's start, at least
// the job's own duration), else the job's hours plus the retention after it.
import { HOURS_PER_MONTH } from "./reserved.ts";
import type { StorageInput } from "./schema.ts";

export type StorageKind = "block_storage" | "object_storage" | "snapshots";

/** Months billed for data kept during `jobHours` and for `retentionMonths` afterwards. */
export function storageMonths(jobHours: number, retentionMonths: number): number {
  return jobHours / HOURS_PER_MONTH + retentionMonths;
}

const MONTHS_FIELD = {
  block_storage: "blockMonths",
  object_storage: "objectMonths",
  snapshots: "snapshotMonths",
} as const satisfies Record<StorageKind, keyof StorageInput>;

/** Months one storage kind is billed for, and whether the scenario stated them itself. */
export function monthsFor(
  kind: StorageKind,
  storage: StorageInput,
  jobHours: number,
): { months: number; stated: boolean } {
  const given = storage[MONTHS_FIELD[kind]];
  if (given === undefined) return { months: storageMonths(jobHours, storage.retentionMonths), stated: false };
  return { months: Math.max(given, jobHours / HOURS_PER_MONTH), stated: true };
}

/** GB × GB-month rate × months. */
export function storageCost(gb: number, perGbMonth: number, months: number): number {
  return gb * perGbMonth * months;
}
