// Units of provider prices, converted in one place: sources state prices per GB
// or per GiB, per month or per hour; the engine works in per GB (10⁹ bytes) and per month of
// 730 hours. A fact's unit string ("USD/GiB-month", "CNY/GB", "USD/GB-hour") says which.
import { HOURS_PER_MONTH } from "./reserved.ts";

export const BYTES_PER_GB = 1e9;
export const BYTES_PER_GIB = 2 ** 30;
/** 1 GiB = 1.073741824 GB, so a price per GiB is that much smaller per GB. */
export const GB_PER_GIB = BYTES_PER_GIB / BYTES_PER_GB;

export interface PriceUnit {
  currency: string;
  /** "GB" or "GiB". */
  size: "GB" | "GiB";
  /** "month" (730 h), "hour", or null for a one-off per-size price (transfer). */
  period: "month" | "hour" | null;
}

const UNIT = /^([A-Z]{3})\/(GB|GiB)(?:-(month|hour))?$/;

/** Parses "USD/GiB-month", "CNY/GB", "USD/GB-hour"; undefined for any other unit. */
export function parsePriceUnit(unit: string | null | undefined): PriceUnit | undefined {
  const match = UNIT.exec((unit ?? "").trim());
  if (!match) return undefined;
  return {
    currency: match[1]!,
    size: match[2] as "GB" | "GiB",
    period: (match[3] as "month" | "hour" | undefined) ?? null,
  };
}

/**
 * A price in `unit` as the engine's per-GB (per-GB-month for storage) figure, still in the
 * unit's currency: per GiB → per GB (÷ 1.073741824), per GB-hour → per GB-month (× 730).
 */
export function toEnginePerGb(value: number, unit: PriceUnit): number {
  const perGb = unit.size === "GiB" ? value / GB_PER_GIB : value;
  return unit.period === "hour" ? perGb * HOURS_PER_MONTH : perGb;
}

/** Hours as months of 730 hours. */
export function hoursToMonths(hours: number): number {
  return hours / HOURS_PER_MONTH;
}
