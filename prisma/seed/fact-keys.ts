// Known provider fact keys. Values are stored as the source states them; numericValue holds
// the number the TCO engine uses, in the unit given here (a price may also be stated per GiB or
// per GB-hour, e.g. "USD/GiB-month": lib/tco/units.ts converts it, in one place).
export const FACT_KEYS = {
  egress_internet_per_gb: "USD/GB",
  ingress_per_gb: "USD/GB",
  free_egress: "yes/no",
  free_egress_gb_per_month: "GB/month",
  block_storage_ssd_per_gb_month: "USD/GB-month",
  object_storage_per_gb_month: "USD/GB-month",
  snapshot_per_gb_month: "USD/GB-month",
  snapshots_offered: "yes/no",
  object_storage_offered: "yes/no",
  compute_sla_percent: "percent",
  sla_credit: "percent of monthly charges",
  spot_interruption_notice_seconds: "seconds",
  spot_discount_max_percent: "percent",
  spot_sla_coverage: "text",
  preemptible_vm_max_runtime: "hours",
  reserved_discount_1y_percent: "percent",
  reserved_discount_3y_percent: "percent",
  billing_granularity: "text",
  support_plan_price: "text",
} as const;

export type FactKey = keyof typeof FACT_KEYS;

export function isFactKey(key: string): key is FactKey {
  return Object.hasOwn(FACT_KEYS, key);
}
