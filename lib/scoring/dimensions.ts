// Scoring rules for the seeds' five dimensions plus security. Each rule turns one piece of
// evidence into a signal in [0, 1] with a reason; a dimension without any signal is
// "unknown" — never 0. Catalog evidence comes in a fixed list of EVIDENCE_ITEMS (the facts
// considered: coverage is items known / items considered); a team's checklist, nvidia-smi
// checks and reboot trials add signals on top (item null). lib/scoring/rule.ts turns these
// observed scores into the ranked score that does not reward ignorance.
import { slaFact } from "./sla.ts";
import type {
  ChecklistEvidenceKey,
  FactEvidence,
  InterconnectEvidence,
  ProviderEvidence,
} from "./evidence.ts";

export const DIMENSIONS = ["hardware", "network", "faultHandling", "billing", "support", "security"] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The catalog facts scoring considers, each for one dimension. */
export const EVIDENCE_ITEMS = {
  interconnect: "network",
  egress: "network",
  ingress: "network",
  instanceSla: "faultHandling",
  slaCredit: "faultHandling",
  spotNotice: "faultHandling",
  billingGranularity: "billing",
  blockStoragePrice: "billing",
  objectStoragePrice: "billing",
  snapshotPrice: "billing",
  supportPlan: "support",
  support24x7: "support",
  supportResponse: "support",
  supportChannels: "support",
  dedicatedContact: "support",
  vpc: "security",
  securityGroups: "security",
  encryptionAtRest: "security",
  encryptionInTransit: "security",
  iam: "security",
  soc2: "security",
  iso27001: "security",
  hipaaBaa: "security",
  gdprDpa: "security",
} as const satisfies Record<string, Dimension>;
export type EvidenceItem = keyof typeof EVIDENCE_ITEMS;
export const EVIDENCE_ITEM_IDS = Object.keys(EVIDENCE_ITEMS) as EvidenceItem[];

export interface Signal {
  /** The catalog evidence item this signal is; null for a team's own evidence (checklist, trials). */
  item: EvidenceItem | null;
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
  item: EvidenceItem | null,
  reason: string,
  value: number,
  facts: FactEvidence[] = [],
  params: Signal["params"] = {},
  weight = 1,
): Signal {
  return { item, reason, params, value, weight, facts };
}

/** Value bands: the first band whose upper bound the amount does not exceed. */
function band(amount: number, bands: readonly [number, number][], rest: number): number {
  for (const [max, value] of bands) if (amount <= max) return value;
  return rest;
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
        null,
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
  return signal("interconnect", "bestInterconnect", INTERCONNECT_VALUE[best], [], { interconnect: best });
}

function hardware(e: ProviderEvidence): Signal[] {
  const checks = (e.hardwareChecks ?? []).filter((c) => c !== "INCONCLUSIVE");
  const out = checklistSignals(e, "hardware");
  if (checks.length > 0) {
    const matches = checks.filter((c) => c === "MATCH").length;
    out.push(
      signal(null, "hardwareChecks", matches / checks.length, [], { matches, checks: checks.length }, 2),
    );
  }
  return out;
}

/** USD per GB of internet egress. */
const EGRESS_BANDS: [number, number][] = [
  [0, 1],
  [0.05, 0.7],
  [0.1, 0.4],
];
const EGRESS_WORST = 0.2;

/** A money fact's number is in USD: its unit says so (a fact with no unit is read as the key's USD unit). */
function statedInUsd(f: FactEvidence): boolean {
  return !f.unit || /^USD\//.test(f.unit.trim());
}

function network(e: ProviderEvidence): Signal[] {
  const out = checklistSignals(e, "network");
  const ic = interconnectSignal(e.offerInterconnects);
  if (ic) out.push(ic);
  const free = fact(e, "free_egress");
  const freeYes = free.find((f) => /^yes/i.test(f.value));
  // Money facts in another currency (CNY/GB) are not compared with the USD bands: lib/scoring
  // has no FX, and a CNY number read as USD would be a wrong figure on the page.
  const egress = fact(e, "egress_internet_per_gb").filter((f) => f.numericValue !== null && statedInUsd(f));
  if (freeYes) out.push(signal("egress", "freeEgress", 1, [freeYes]));
  else if (egress.length > 0) {
    const price = Math.max(...egress.map((f) => f.numericValue as number));
    out.push(
      signal("egress", "egressPrice", band(price, EGRESS_BANDS, EGRESS_WORST), egress, { usdPerGb: price }),
    );
  } else {
    // "Not free" with no stated rate: billed, at a rate no source gives — the worst band.
    const freeNo = free.find((f) => /^no/i.test(f.value));
    if (freeNo) out.push(signal("egress", "egressBilledRateUnknown", EGRESS_WORST, [freeNo]));
  }
  const ingress = fact(e, "ingress_per_gb").filter((f) => f.numericValue !== null && statedInUsd(f));
  if (ingress.length > 0) {
    const price = Math.max(...ingress.map((f) => f.numericValue as number));
    out.push(signal("ingress", "ingressPrice", price <= 0 ? 1 : 0.5, ingress, { usdPerGb: price }));
  }
  return out;
}

function faultHandling(e: ProviderEvidence): Signal[] {
  const out = checklistSignals(e, "faultHandling");
  // The instance-level SLA is what a single-instance job gets; the region-level one (2+ zones)
  // is shown on the provider page but is not what this score is about.
  const sla = slaFact(e.facts, "instance");
  if (sla) {
    const percent = sla.numericValue as number;
    const value = percent >= 99.99 ? 1 : percent >= 99.9 ? 0.8 : percent >= 99.5 ? 0.6 : 0.4;
    out.push(signal("instanceSla", "slaPercent", value, [sla], { percent }));
  }
  const credit = fact(e, "sla_credit");
  if (credit.length > 0) out.push(signal("slaCredit", "slaCredit", 1, credit));
  const notice = fact(e, "spot_interruption_notice_seconds").filter((f) => f.numericValue !== null);
  if (notice.length > 0) {
    const seconds = Math.max(...notice.map((f) => f.numericValue as number));
    out.push(
      signal("spotNotice", "spotNotice", seconds >= 120 ? 1 : seconds >= 30 ? 0.6 : 0.3, notice, { seconds }),
    );
  }
  const reboots = e.rebootsPassed ?? [];
  if (reboots.length > 0) {
    const passed = reboots.filter(Boolean).length;
    out.push(
      signal(null, "rebootTrials", passed / reboots.length, [], { passed, trials: reboots.length }, 2),
    );
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

/** USD per GB-month; the cheapest stated option of the provider counts. */
const STORAGE_BANDS: Record<
  "blockStoragePrice" | "objectStoragePrice" | "snapshotPrice",
  { key: string; bands: [number, number][] }
> = {
  blockStoragePrice: {
    key: "block_storage_ssd_per_gb_month",
    bands: [
      [0.08, 1],
      [0.12, 0.7],
      [0.2, 0.4],
    ],
  },
  objectStoragePrice: {
    key: "object_storage_per_gb_month",
    bands: [
      [0.02, 1],
      [0.03, 0.7],
      [0.06, 0.4],
    ],
  },
  snapshotPrice: {
    key: "snapshot_per_gb_month",
    bands: [
      [0.05, 1],
      [0.08, 0.7],
      [0.12, 0.4],
    ],
  },
};

function billing(e: ProviderEvidence): Signal[] {
  const out = checklistSignals(e, "billing");
  for (const f of fact(e, "billing_granularity")) {
    const value = granularityValue(f.value);
    if (value !== null) {
      out.push(signal("billingGranularity", "billingGranularity", value, [f], { value: f.value }));
      break;
    }
  }
  // A price stated only in another currency (a CNY number, or no number) is not compared with
  // the USD bands: unknown here (the whole-job cost converts it; lib/scoring has no FX).
  for (const [item, { key, bands }] of Object.entries(STORAGE_BANDS) as [
    keyof typeof STORAGE_BANDS,
    (typeof STORAGE_BANDS)[keyof typeof STORAGE_BANDS],
  ][]) {
    const stated = fact(e, key).filter((f) => f.numericValue !== null && statedInUsd(f));
    if (stated.length === 0) continue;
    const price = Math.min(...stated.map((f) => f.numericValue as number));
    out.push(signal(item, item, band(price, bands, 0.2), stated, { usdPerGbMonth: price }));
  }
  return out;
}

/**
 * A yes/no fact's value as the source's words put it: "yes…" 1, "partial…" / "in progress…"
 * 0.4 (some of it, or not yet), "no…" 0; anything else says nothing (null: unknown, no signal).
 */
export function yesNoValue(text: string): number | null {
  const v = text.trim().toLowerCase();
  if (/^yes\b/.test(v)) return 1;
  if (/^(partial|in progress)\b/.test(v)) return 0.4;
  if (/^no\b/.test(v)) return 0;
  return null;
}

/**
 * One signal per yes/no item: the best stated answer among the key's facts (a provider that
 * states "yes" for one product and "partial" for another has it). Reason yesNo<Value>.
 */
function yesNoSignal(e: ProviderEvidence, item: EvidenceItem, key: string): Signal | null {
  const stated = fact(e, key)
    .map((f) => ({ f, value: yesNoValue(f.value) }))
    .filter((x): x is { f: FactEvidence; value: number } => x.value !== null);
  if (stated.length === 0) return null;
  const best = Math.max(...stated.map((x) => x.value));
  const reason = best === 1 ? "factYes" : best === 0 ? "factNo" : "factPartial";
  return signal(
    item,
    reason,
    best,
    stated.filter((x) => x.value === best).map((x) => x.f),
    { item },
  );
}

/**
 * The fact key each security and support item reads (the same tables the rules below use), so
 * the provider page can say how many of a group's scored questions a source answers.
 */
export const SCORED_ITEM_FACT_KEYS = {
  supportPlan: "support_plan_price",
  support24x7: "support_24x7",
  supportResponse: "support_response_minutes",
  supportChannels: "support_channels",
  dedicatedContact: "dedicated_technical_contact",
  vpc: "vpc_private_networking",
  securityGroups: "security_groups",
  encryptionAtRest: "encryption_at_rest",
  encryptionInTransit: "encryption_in_transit",
  iam: "iam_roles",
  soc2: "soc2_type2",
  iso27001: "iso27001",
  hipaaBaa: "hipaa_baa",
  gdprDpa: "gdpr_dpa",
} as const satisfies Partial<Record<EvidenceItem, string>>;

/** Support items read from yes/no facts (issue 27). */
const SUPPORT_YES_NO: [EvidenceItem, string][] = [
  ["support24x7", SCORED_ITEM_FACT_KEYS.support24x7],
  ["dedicatedContact", SCORED_ITEM_FACT_KEYS.dedicatedContact],
];

/** First-response target for the most urgent case, in minutes: the fastest stated tier counts. */
const RESPONSE_BANDS: [number, number][] = [
  [15, 1],
  [60, 0.8],
  [240, 0.5],
];

/** Channels a team can reach support through, beyond a ticket: each one named counts. */
const CHANNELS = [
  /phone|电话/i,
  /chat|聊天/i,
  /slack|wechat|微信|dingtalk|钉钉|teams/i,
  /ticket|email|工单|邮件/i,
];

function support(e: ProviderEvidence): Signal[] {
  const out = checklistSignals(e, "support");
  const plan = fact(e, SCORED_ITEM_FACT_KEYS.supportPlan);
  if (plan.length > 0) out.push(signal("supportPlan", "supportPlanPublished", 0.7, plan));
  for (const [item, key] of SUPPORT_YES_NO) {
    const s = yesNoSignal(e, item, key);
    if (s) out.push(s);
  }
  const response = fact(e, SCORED_ITEM_FACT_KEYS.supportResponse).filter((f) => f.numericValue !== null);
  if (response.length > 0) {
    const minutes = Math.min(...response.map((f) => f.numericValue as number));
    out.push(
      signal("supportResponse", "supportResponse", band(minutes, RESPONSE_BANDS, 0.3), response, { minutes }),
    );
  }
  const channels = fact(e, SCORED_ITEM_FACT_KEYS.supportChannels);
  if (channels.length > 0) {
    const text = channels.map((f) => f.value).join(" ");
    const named = CHANNELS.filter((re) => re.test(text)).length;
    if (named > 0)
      out.push(
        signal("supportChannels", "supportChannels", named / CHANNELS.length, channels, { channels: named }),
      );
  }
  return out;
}

/** Security items, each one yes/no fact (issue 27): isolation, encryption, access, attestations. */
const SECURITY_ITEMS = [
  "vpc",
  "securityGroups",
  "encryptionAtRest",
  "encryptionInTransit",
  "iam",
  "soc2",
  "iso27001",
  "hipaaBaa",
  "gdprDpa",
] as const;
const SECURITY_YES_NO: [EvidenceItem, string][] = SECURITY_ITEMS.map((item) => [
  item,
  SCORED_ITEM_FACT_KEYS[item],
]);

function security(e: ProviderEvidence): Signal[] {
  const out = checklistSignals(e, "security");
  for (const [item, key] of SECURITY_YES_NO) {
    const s = yesNoSignal(e, item, key);
    if (s) out.push(s);
  }
  return out;
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
