// The cheapest-price table's shared bits: GPU group names, when a price counts as stale, the
// amount shown in the reader's currency, and the translator both layouts take.
import type { getTranslations } from "next-intl/server";

import type { DisplayCurrency } from "@/lib/format/money.ts";
import type { CheapestPrice } from "@/server/queries/get-home-stats.ts";

export type CheapestTranslator = Awaited<ReturnType<typeof getTranslations<"home.cheapest">>>;

// Product names: the same in both languages.
export const GROUP_LABELS: Record<CheapestPrice["group"], string> = {
  h100: "H100",
  "a100-80gb": "A100 80GB",
  l40s: "L40S",
  l4: "L4",
  "rtx-4090": "RTX 4090",
};

/** List prices older than this are highlighted: cloud GPU prices move within months. */
export const STALE_AFTER_DAYS = 180;

interface Shown {
  amount: string;
  currency: string;
  converted: boolean;
}

/** The per-GPU-hour amount in the reader's currency; USD when no yuan rate exists. */
export function shownPrice(price: CheapestPrice, currency: DisplayCurrency): Shown {
  if (currency === "CNY" && price.perGpuHourCny !== null) {
    return { amount: price.perGpuHourCny, currency: "CNY", converted: price.listed.currency !== "CNY" };
  }
  return { amount: price.perGpuHourUsd, currency: "USD", converted: price.listed.currency !== "USD" };
}
