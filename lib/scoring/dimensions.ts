// Scoring rules for the seeds' five dimensions plus security. Each rule turns one piece of
// evidence into a signal in [0, 1] with a reason; a dimension without any signal is
// "unknown" — never 0.
import type {
  ChecklistEvidenceKey,
  FactEvidence,
  InterconnectEvidence,
  ProviderEvidence,
} from "./evidence.ts";

export const DIMENSIONS = ["hardware", "network", "faultHandling", "billing", "support", "security"] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export interface Signal {
  /** Reason code (translated by the UI) with its values. */
  reason: string;
  params: Record<string, string | number>;
  value: number;
  weight: number;
  facts: FactEvidence[];
}

export interface DimensionScore {
  dimension: Dimension;
  status: "scored" | "unknown";
  /** 0–100; null when unknown. */
  score: number | null;
  signals: Signal[];
}

const fact = (e: ProviderEvidence, key: string) => e.facts.filter((f) => f.key === key);

function signal(
  reason: string,
  value: number,
  facts: FactEvidence[] = [],
  params: Signal["params"] = {},
  weight = 1,
) {
  return { reason, params, value, weight, facts };
}

const CHECKLIST_DIMENSION: Record<ChecklistEvidenceKey, Dimension> = {
  VRAM_CONFIRMED_BY_RUN: "hardware",
  DRIVER_CUDA_FRAMEWORK: "support",
  MULTI_GPU_NETWORK: "network",
  DISK_AND_SNAPSHOTS: "faultHandling",
  BILLING_RULES_CLEAR: "billing",
  SLA_AND_SUPPORT_IN_WRITING: "faultHandling",
  SCALE_AND_RELEASE: "security",
};

/** Checklist evidence weighs double: it was checked by the team, not read off a page. */
function checklistSignals(e: ProviderEvidence, dimension: Dimension): Signal[] {
  return (e.checklist ?? [])
    .filter((c) => c.status !== "UNKNOWN" && CHECKLIST_DIMENSION[c.item] === dimension)
    .map((c) =>
      signal(
        c.status === "OK" ? "checklistOk" : "checklistProblem",
        c.status === "OK" ? 1 : 0,
        [],
        { item: c.item },
        2,
      ),
    );
}

export const INTERCONNECT_VALUE: Record<InterconnectEvidence, number> = {
  INFINIBAND: 1,
  NVLINK: 1,
  ROCE: 0.9,
  PCIE: 0.5,
  ETHERNET: 0.3,
};

export function interconnectSignal(interconnects: InterconnectEvidence[]): Signal | null {
  if (interconnects.length === 0) return null;
  const best = interconnects.reduce((a, b) => (INTERCONNECT_VALUE[b] > INTERCONNECT_VALUE[a] ? b : a));
  return signal("bestInterconnect", INTERCONNECT_VALUE[best], [], { interconnect: best });
}

function hardware(e: ProviderEvidence): Signal[] {
  const checks = (e.hardwareChecks ?? []).filter((c) => c !== "INCONCLUSIVE");
  const out = checklistSignals(e, "hardware");
  if (checks.length > 0) {
    const matches = checks.filter((c) => c === "MATCH").length;
    out.push(signal("hardwareChecks", matches / checks.length, [], { matches, checks: checks.length }, 2));
  }
  return out;
}

function network(e: ProviderEvidence): Signal[] {
  const out = checklistSignals(e, "network");
  const ic = interconnectSignal(e.offerInterconnects);
  if (ic) out.push(ic);
  const free = fact(e, "free_egress").find((f) => /^yes/i.test(f.value));
  const egress = fact(e, "egress_internet_per_gb").filter((f) => f.numericValue !== null);
  if (free) out.push(signal("freeEgress", 1, [free]));
  else if (egress.length > 0) {
    const price = Math.max(...egress.map((f) => f.numericValue as number));
    const value = price <= 0 ? 1 : price <= 0.05 ? 0.7 : price <= 0.1 ? 0.4 : 0.2;
    out.push(signal("egressPrice", value, egress, { usdPerGb: price }));
  }
  const ingress = fact(e, "ingress_per_gb").filter((f) => f.numericValue !== null);
  if (ingress.length > 0) {
    const price = Math.max(...ingress.map((f) => f.numericValue as number));
    out.push(signal("ingressPrice", price <= 0 ? 1 : 0.5, ingress, { usdPerGb: price }));
  }
  return out;
}

function faultHandling(e: ProviderEvidence): Signal[] {
  const out = checklistSignals(e, "faultHandling");
  const sla = fact(e, "compute_sla_percent").filter((f) => f.numericValue !== null);
  if (sla.length > 0) {
    const best = Math.max(...sla.map((f) => f.numericValue as number));
    const value = best >= 99.99 ? 1 : best >= 99.9 ? 0.8 : best >= 99.5 ? 0.6 : 0.4;
    out.push(signal("slaPercent", value, sla, { percent: best }));
  }
  const credit = fact(e, "sla_credit");
  if (credit.length > 0) out.push(signal("slaCredit", 1, credit));
  const notice = fact(e, "spot_interruption_notice_seconds").filter((f) => f.numericValue !== null);
  if (notice.length > 0) {
    const seconds = Math.max(...notice.map((f) => f.numericValue as number));
    out.push(signal("spotNotice", seconds >= 120 ? 1 : seconds >= 30 ? 0.6 : 0.3, notice, { seconds }));
  }
  const reboots = e.rebootsPassed ?? [];
  if (reboots.length > 0) {
    const passed = reboots.filter(Boolean).length;
    out.push(signal("rebootTrials", passed / reboots.length, [], { passed, trials: reboots.length }, 2));
  }
  return out;
}

function granularityValue(text: string): number | null {
  if (/second|秒/i.test(text)) return 1;
  if (/minute|分钟/i.test(text)) return 0.8;
  if (/hour|小时/i.test(text)) return 0.5;
  if (/month|月/i.test(text)) return 0.3;
  return null;
}

function billing(e: ProviderEvidence): Signal[] {
  const out = checklistSignals(e, "billing");
  for (const f of fact(e, "billing_granularity")) {
    const value = granularityValue(f.value);
    if (value !== null) out.push(signal("billingGranularity", value, [f], { value: f.value }));
  }
  // Published storage/snapshot/egress prices make the whole-job cost computable.
  const keys = [
    "block_storage_ssd_per_gb_month",
    "object_storage_per_gb_month",
    "snapshot_per_gb_month",
    "egress_internet_per_gb",
  ];
  const stated = e.facts.filter((f) => keys.includes(f.key));
  const statedKeys = new Set(stated.map((f) => f.key));
  if (statedKeys.size > 0) {
    out.push(
      signal("pricesPublished", statedKeys.size / keys.length, stated, {
        stated: statedKeys.size,
        of: keys.length,
      }),
    );
  }
  return out;
}

function support(e: ProviderEvidence): Signal[] {
  const out = checklistSignals(e, "support");
  const plan = fact(e, "support_plan_price");
  if (plan.length > 0) out.push(signal("supportPlanPublished", 0.7, plan));
  return out;
}

function security(e: ProviderEvidence): Signal[] {
  return checklistSignals(e, "security");
}

const RULES: Record<Dimension, (e: ProviderEvidence) => Signal[]> = {
  hardware,
  network,
  faultHandling,
  billing,
  support,
  security,
};

export function scoreDimension(dimension: Dimension, signals: Signal[]): DimensionScore {
  const weight = signals.reduce((s, x) => s + x.weight, 0);
  if (weight === 0) return { dimension, status: "unknown", score: null, signals };
  const score = (signals.reduce((s, x) => s + x.value * x.weight, 0) / weight) * 100;
  return { dimension, status: "scored", score: Math.round(score * 10) / 10, signals };
}

export function scoreProviderDimensions(e: ProviderEvidence): DimensionScore[] {
  return DIMENSIONS.map((d) => scoreDimension(d, RULES[d](e)));
}
