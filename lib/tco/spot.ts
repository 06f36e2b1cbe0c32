// Spot / preemptible risk. Interruptions are a Poisson process with rate λ per hour
// (MTBF M = 1/λ). A checkpoint every τ hours of work costs C hours; a restart costs R hours.
// Formulas from DOMAIN.md "Spot".
import type { SpotInput } from "./schema.ts";

/**
 * Expected wall times beyond this (about 114 years) are reported as "not expected to
 * finish": no one waits that long, and larger numbers only overflow the money columns.
 */
export const MAX_WALL_HOURS = 1e6;

/** λ per hour from the user's rate or MTBF; no information means no interruptions. */
export function interruptionRate(spot: Pick<SpotInput, "interruptionsPerHour" | "mtbfHours">): number {
  if (spot.interruptionsPerHour !== undefined) return spot.interruptionsPerHour;
  if (spot.mtbfHours !== undefined) return 1 / spot.mtbfHours;
  return 0;
}

/** Young 1974: optimal checkpoint interval τ ≈ √(2·C·M). */
export function youngInterval(checkpointHours: number, mtbfHours: number): number {
  return Math.sqrt(2 * checkpointHours * mtbfHours);
}

/**
 * Daly 2006, higher-order estimate of the optimum:
 * τ = √(2CM)·[1 + ⅓·√(C/2M) + (1/9)·(C/2M)] − C for C < 2M, else τ = M.
 */
export function dalyInterval(checkpointHours: number, mtbfHours: number): number {
  const C = checkpointHours;
  const M = mtbfHours;
  if (C >= 2 * M) return M;
  const x = C / (2 * M);
  return Math.sqrt(2 * C * M) * (1 + Math.sqrt(x) / 3 + x / 9) - C;
}

/**
 * Expected wall time with checkpoints every τ hours of work:
 * T·(1 + C/τ) / (1 − λ·(τ/2 + R)); the job is not expected to finish when λ·(τ/2 + R) ≥ 1.
 * The first-order model: each interruption loses on average half an interval plus a restart.
 * Returns null when not expected to finish.
 */
export function checkpointedWallHours(
  T: number,
  lambda: number,
  C: number,
  R: number,
  tau: number,
): number | null {
  const lossPerHour = lambda * (tau / 2 + R);
  if (lossPerHour >= 1) return null;
  const wall = (T * (1 + C / tau)) / (1 - lossPerHour);
  return wall <= MAX_WALL_HOURS ? wall : null;
}

/**
 * Without checkpoints an interruption loses all work: the expected number of interruptions
 * before T uninterrupted hours is e^{λT} − 1, each costing on average 1/λ of lost work
 * (so (e^{λT} − 1)/λ in total, the classic result) plus a restart R.
 * Returns null when the expectation overflows (a job that is not expected to finish).
 */
export function noCheckpointWallHours(T: number, lambda: number, R: number): number | null {
  if (lambda === 0) return T;
  const expected = Math.expm1(lambda * T) * (1 / lambda + R);
  return expected <= MAX_WALL_HOURS ? expected : null;
}

export interface SpotOutcome {
  feasible: boolean;
  /** Expected wall-clock hours (null when not expected to finish). */
  wallHours: number | null;
  lambda: number;
  checkpointing: boolean;
  /** The interval used, hours of work between checkpoints (null: no checkpoints taken). */
  intervalHours: number | null;
  intervalSource: "daly" | "user" | "none";
  youngHours: number | null;
  dalyHours: number | null;
  expectedInterruptions: number | null;
}

export interface SpotParams {
  checkpointMinutes: number;
  restartMinutes: number;
  checkpointing: boolean;
  checkpointIntervalMinutes?: number | undefined;
}

/** Expected wall time of T hours of work on spot. */
export function spotOutcome(T: number, lambda: number, params: SpotParams): SpotOutcome {
  const C = params.checkpointMinutes / 60;
  const R = params.restartMinutes / 60;
  const base = { lambda, checkpointing: params.checkpointing };
  if (lambda === 0 || !Number.isFinite(1 / lambda)) {
    // Never interrupted: no checkpoint is ever needed, the job takes T. A rate so small that
    // its MTBF overflows a double (λ < ~5.6e-309 per hour) is the same case: the formulas
    // below would turn M = ∞ into an infinite interval and call the job infeasible.
    return {
      ...base,
      feasible: true,
      wallHours: T,
      intervalHours: null,
      intervalSource: "none",
      youngHours: null,
      dalyHours: null,
      expectedInterruptions: 0,
    };
  }
  const M = 1 / lambda;
  if (!params.checkpointing) {
    const wall = noCheckpointWallHours(T, lambda, R);
    return {
      ...base,
      feasible: wall !== null,
      wallHours: wall,
      intervalHours: null,
      intervalSource: "none",
      youngHours: null,
      dalyHours: null,
      expectedInterruptions: wall === null ? null : Math.expm1(lambda * T),
    };
  }
  const youngHours = youngInterval(C, M);
  const dalyHours = dalyInterval(C, M);
  let tau: number;
  let source: SpotOutcome["intervalSource"];
  if (params.checkpointIntervalMinutes !== undefined) {
    tau = params.checkpointIntervalMinutes / 60;
    source = "user";
  } else {
    tau = dalyHours;
    source = "daly";
  }
  // Free checkpoints (C = 0) taken continuously: only the restarts are lost.
  const wall =
    C === 0 && source === "daly"
      ? R * lambda >= 1 || T / (1 - lambda * R) > MAX_WALL_HOURS
        ? null
        : T / (1 - lambda * R)
      : checkpointedWallHours(T, lambda, C, R, tau);
  return {
    ...base,
    feasible: wall !== null,
    wallHours: wall,
    intervalHours: tau,
    intervalSource: source,
    youngHours,
    dalyHours,
    expectedInterruptions: wall === null ? null : lambda * wall,
  };
}

// ───────────────────── Interruption evidence (AWS Spot Instance Advisor) ─────────────────────

/**
 * AWS's Spot Instance Advisor "frequency of interruption": the share of an instance type's spot
 * instances in a region that AWS interrupted over the trailing month, in five buckets
 * (https://aws.amazon.com/ec2/spot/instance-advisor/; the feed's `ranges`).
 */
export const SPOT_ADVISOR_BUCKETS = [
  { bucket: 0, label: "<5%", lowerPercent: 0, upperPercent: 5 },
  { bucket: 1, label: "5-10%", lowerPercent: 5, upperPercent: 10 },
  { bucket: 2, label: "10-15%", lowerPercent: 10, upperPercent: 15 },
  { bucket: 3, label: "15-20%", lowerPercent: 15, upperPercent: 20 },
  { bucket: 4, label: ">20%", lowerPercent: 20, upperPercent: null },
] as const;

export type SpotAdvisorBucket = 0 | 1 | 2 | 3 | 4;

/** Hours in the advisor's month: 8,760 h ÷ 12 = 730 h (AWS's own billing month). */
export const ADVISOR_MONTH_HOURS = 730;

/**
 * The conversion, stated: a bucket says what fraction p of instances were interrupted within a
 * month. With interruptions as a Poisson process of constant rate λ (the model this file uses),
 * an instance survives a month with probability e^{−λ·730}, so p = 1 − e^{−λ·730} and
 * λ = −ln(1 − p)/730 per hour. We take the bucket's upper bound (the cautious end): 5 %, 10 %,
 * 15 %, 20 %; ">20 %" has no upper bound, so its lower bound 20 % is used and the rate is only
 * a floor ("at least"). The bucket is AWS's, the conversion is ours: it is shown as an
 * assumption and the scenario's own rate replaces it.
 */
export function advisorBucketRate(bucket: SpotAdvisorBucket): {
  lambdaPerHour: number;
  monthlyShare: number;
  atLeast: boolean;
} {
  const b = SPOT_ADVISOR_BUCKETS[bucket];
  const atLeast = b.upperPercent === null;
  const monthlyShare = (b.upperPercent ?? b.lowerPercent) / 100;
  return { lambdaPerHour: -Math.log1p(-monthlyShare) / ADVISOR_MONTH_HOURS, monthlyShare, atLeast };
}

/** Per-offer interruption evidence the TCO can use (inlineOfferSchema's `spotEvidence`). */
export interface SpotEvidenceInput {
  source: "aws_spot_advisor";
  bucket: SpotAdvisorBucket;
  /** The snapshot's date, YYYY-MM-DD. */
  asOf: string;
  sourceUrl?: string | undefined;
}

export type SpotRateSource =
  /** The scenario gave a rate or an MTBF: it wins over any evidence. */
  | { kind: "scenario" }
  /** From the offer's AWS Spot Advisor bucket, through advisorBucketRate. */
  | {
      kind: "evidence";
      bucket: SpotAdvisorBucket;
      label: string;
      asOf: string;
      atLeast: boolean;
      monthlyShare: number;
    }
  /** No rate given and no evidence for the offer: no interruptions assumed (λ = 0). */
  | { kind: "none" };

/** λ for one offer: the scenario's rate when given, else the offer's evidence, else 0 — and which it was. */
export function offerInterruptionRate(
  spot: Pick<SpotInput, "interruptionsPerHour" | "mtbfHours">,
  evidence: SpotEvidenceInput | undefined,
): { lambda: number; source: SpotRateSource } {
  if (spot.interruptionsPerHour !== undefined || spot.mtbfHours !== undefined)
    return { lambda: interruptionRate(spot), source: { kind: "scenario" } };
  if (evidence) {
    const r = advisorBucketRate(evidence.bucket);
    return {
      lambda: r.lambdaPerHour,
      source: {
        kind: "evidence",
        bucket: evidence.bucket,
        label: SPOT_ADVISOR_BUCKETS[evidence.bucket].label,
        asOf: evidence.asOf,
        atLeast: r.atLeast,
        monthlyShare: r.monthlyShare,
      },
    };
  }
  return { lambda: 0, source: { kind: "none" } };
}

/**
 * A team's own observation: k interruptions in h hours on spot → λ̂ = k/h per hour (the Poisson
 * maximum-likelihood estimate). Null without hours.
 */
export function observedRate(interruptions: number, hours: number): number | null {
  return hours > 0 && interruptions >= 0 ? interruptions / hours : null;
}
