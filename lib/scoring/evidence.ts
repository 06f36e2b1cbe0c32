// What scoring reads about a provider: catalog facts (with their sources), the interconnects
// of its offers, and — once trials and checklists exist — their evidence. Plain data.

export interface FactEvidence {
  key: string;
  scope: string;
  value: string;
  numericValue: number | null;
  /** The number's unit ("USD/GB-month", "CNY/GiB-hour" …); a money rule compares USD only. */
  unit?: string | null;
  sourceUrl: string;
}

export type InterconnectEvidence = "NVLINK" | "PCIE" | "INFINIBAND" | "ROCE" | "ETHERNET";

export type ChecklistEvidenceKey =
  | "VRAM_CONFIRMED_BY_RUN"
  | "DRIVER_CUDA_FRAMEWORK"
  | "MULTI_GPU_NETWORK"
  | "DISK_AND_SNAPSHOTS"
  | "BILLING_RULES_CLEAR"
  | "SLA_AND_SUPPORT_IN_WRITING"
  | "SCALE_AND_RELEASE";

export interface ProviderEvidence {
  slug: string;
  facts: FactEvidence[];
  /** Interconnects of the provider's offers (one entry per offer). */
  offerInterconnects: InterconnectEvidence[];
  /** Checklist results; UNKNOWN entries are ignored. */
  checklist?: { item: ChecklistEvidenceKey; status: "OK" | "PROBLEM" | "UNKNOWN" }[];
  /** nvidia-smi checks against the advertised hardware. */
  hardwareChecks?: ("MATCH" | "MISMATCH" | "INCONCLUSIVE")[];
  /** Trial reboots: true when data disk and environment survived. */
  rebootsPassed?: boolean[];
}
