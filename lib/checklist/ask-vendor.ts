// "What to ask the vendor before you sign" (issue 27): each of the seven checklist items is
// linked to the provider facts that answer it (prisma/seed/fact-keys.ts); for the providers on a
// shortlist, the facts no source states are the questions left. Unknown is listed, never read
// as "no". Pure and client-safe.
import { CHECKLIST_ITEMS, type ChecklistItem } from "./items.ts";

/** The fact keys that answer each checklist item (empty: only the team's own run can). */
export const CHECKLIST_FACT_KEYS: Record<ChecklistItem, readonly string[]> = {
  // Only a real run confirms the model fits: no provider page answers it.
  VRAM_CONFIRMED_BY_RUN: [],
  DRIVER_CUDA_FRAMEWORK: ["prebuilt_dl_images", "gpu_operator", "managed_kubernetes_gpu"],
  MULTI_GPU_NETWORK: [
    "infiniband_rdma",
    "slurm_managed",
    "vpc_private_networking",
    "security_groups",
    "encryption_in_transit",
  ],
  DISK_AND_SNAPSHOTS: [
    "persistent_storage_offered",
    "snapshots_offered",
    "snapshot_per_gb_month",
    "block_storage_ssd_per_gb_month",
    "encryption_at_rest",
  ],
  BILLING_RULES_CLEAR: [
    "billing_granularity",
    "egress_internet_per_gb",
    "ingress_per_gb",
    "object_storage_per_gb_month",
    "snapshot_per_gb_month",
  ],
  SLA_AND_SUPPORT_IN_WRITING: [
    "compute_sla_percent",
    "sla_credit",
    "support_24x7",
    "support_response_minutes",
    "support_channels",
    "dedicated_technical_contact",
    "support_plan_price",
    "soc2_type2",
    "iso27001",
    "hipaa_baa",
    "gdpr_dpa",
    "pci_dss",
    "china_mlps_level",
    "data_residency_regions",
  ],
  SCALE_AND_RELEASE: [
    "provisioning_api_cli",
    "terraform_provider",
    "autoscaling",
    "iam_roles",
    "quota_process",
    "reservation_lead_time",
    "billing_granularity",
  ],
};

export interface AskVendorItem {
  item: ChecklistItem;
  /** Keys a source states for this provider (value and source on the provider page). */
  known: string[];
  /** Keys no source states: the questions to ask. */
  unknown: string[];
}

export interface AskVendorProvider {
  slug: string;
  nameEn: string;
  nameZh: string;
  items: AskVendorItem[];
  /** Distinct unknown keys over all seven items. */
  unknownCount: number;
}

/**
 * For each provider (in the order given), each checklist item with the keys known and unknown.
 * A key counts as known when the provider has any fact under it (any scope).
 */
export function askVendor(
  providers: { slug: string; nameEn: string; nameZh: string; factKeys: Iterable<string> }[],
): AskVendorProvider[] {
  return providers.map((p) => {
    const stated = new Set(p.factKeys);
    const items = CHECKLIST_ITEMS.map((item): AskVendorItem => {
      const keys = CHECKLIST_FACT_KEYS[item];
      return {
        item,
        known: keys.filter((k) => stated.has(k)),
        unknown: keys.filter((k) => !stated.has(k)),
      };
    });
    const unknownCount = new Set(items.flatMap((i) => i.unknown)).size;
    return { slug: p.slug, nameEn: p.nameEn, nameZh: p.nameZh, items, unknownCount };
  });
}
