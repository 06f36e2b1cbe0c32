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
  // Issue 27: the questions a team asks before it commits (the article's steps 3 and 4). A
  // yes/no key's value starts with "yes", "no" or "partial" and says the rest in words; a
  // sourced "no" is a fact, a key no source states stays unknown (no row).
  // Security and compliance
  vpc_private_networking: "yes/no",
  security_groups: "yes/no",
  encryption_at_rest: "yes/no",
  encryption_in_transit: "yes/no",
  iam_roles: "yes/no",
  soc2_type2: "yes/no",
  iso27001: "yes/no",
  hipaa_baa: "yes/no",
  gdpr_dpa: "yes/no",
  pci_dss: "yes/no",
  china_mlps_level: "text",
  data_residency_regions: "text",
  // Scaling and orchestration
  managed_kubernetes_gpu: "yes/no",
  gpu_operator: "yes/no",
  slurm_managed: "yes/no",
  terraform_provider: "yes/no",
  provisioning_api_cli: "yes/no",
  autoscaling: "yes/no",
  infiniband_rdma: "Gb/s",
  // Support
  support_24x7: "yes/no",
  support_response_minutes: "minutes",
  support_channels: "text",
  dedicated_technical_contact: "yes/no",
  // Images, capacity, storage
  prebuilt_dl_images: "yes/no",
  quota_process: "text",
  reservation_lead_time: "text",
  persistent_storage_offered: "yes/no",
} as const;

export type FactKey = keyof typeof FACT_KEYS;

/** The provider page's sections for the issue-27 keys, in the article's order. */
export const PROFILE_GROUPS = {
  securityCompliance: [
    "vpc_private_networking",
    "security_groups",
    "encryption_at_rest",
    "encryption_in_transit",
    "iam_roles",
    "soc2_type2",
    "iso27001",
    "hipaa_baa",
    "gdpr_dpa",
    "pci_dss",
    "china_mlps_level",
    "data_residency_regions",
  ],
  scaling: [
    "managed_kubernetes_gpu",
    "gpu_operator",
    "slurm_managed",
    "terraform_provider",
    "provisioning_api_cli",
    "autoscaling",
    "infiniband_rdma",
  ],
  support: [
    "support_24x7",
    "support_response_minutes",
    "support_channels",
    "dedicated_technical_contact",
    "support_plan_price",
  ],
  images: ["prebuilt_dl_images"],
  capacity: ["quota_process", "reservation_lead_time"],
  storage: ["persistent_storage_offered", "snapshots_offered", "object_storage_offered"],
} as const satisfies Record<string, readonly (keyof typeof FACT_KEYS)[]>;
export type ProfileGroup = keyof typeof PROFILE_GROUPS;

export function isFactKey(key: string): key is FactKey {
  return Object.hasOwn(FACT_KEYS, key);
}
