// Compute hours of a job on one offer and the hours a provider bills for them.
import { hoursFromFlops, trainingFlops, DEFAULT_MFU } from "../compute/flops.ts";
import { DEFAULT_SCALING_EFFICIENCY, speedUp, type InterconnectKind } from "../compute/scaling.ts";
import type { Billing, TcoOffer, Workload } from "./schema.ts";

export type WorkBasis =
  | { kind: "instance_hours"; instanceHours: number }
  | { kind: "gpu_hours"; gpuHours: number; gpus: number; efficiency: number; speedUp: number }
  | { kind: "steps"; steps: number; secondsPerStep: number }
  | { kind: "flops"; flops: number; gpus: number; denseTflopsPerGpu: number; mfu: number };

/** Billed hours around the work: boot, setup, dataset upload, results download. */
export interface Overhead {
  bootHours: number;
  setupHours: number;
  uploadHours: number;
  downloadHours: number;
  /** Which of them came from a trial measured on this offer. */
  measured: ("secondsPerStep" | "boot" | "setup" | "upload" | "download")[];
}

export type WorkHours =
  | { ok: true; hours: number; basis: WorkBasis; overheadHours: number; overhead: Overhead }
  | { ok: false; reason: "no_flops" };

/** Megabits in one gigabyte (decimal units, as providers and speed tests count). */
const MEGABITS_PER_GB = 8000;

/** Hours to move `gb` at `mbps` megabits per second (0 without a speed). */
export function transferHours(gb: number, mbps: number | undefined): number {
  if (!mbps || gb <= 0) return 0;
  return (gb * MEGABITS_PER_GB) / mbps / 3600;
}

/**
 * Boot, setup and transfer hours on one offer: a trial's measurements on the offer win over
 * the scenario's assumptions (DOMAIN.md: boot and setup time are billed; so is the time the
 * instance waits for a dataset upload or a results download).
 */
export function overheadOf(
  workload: Workload,
  offer: Pick<TcoOffer, "measured">,
  data?: { uploadGb: number; egressGb: number; uploadMbps?: number; downloadMbps?: number },
): Overhead {
  const m = offer.measured;
  const measured: Overhead["measured"] = [];
  const pick = (own: number | undefined, fallback: number | undefined, key: Overhead["measured"][number]) => {
    if (own !== undefined) {
      measured.push(key);
      return own;
    }
    return fallback;
  };
  const boot = pick(m?.bootMinutes, workload.bootMinutes, "boot") ?? 0;
  const setup = pick(m?.setupMinutes, workload.setupMinutes, "setup") ?? 0;
  const up = data && data.uploadGb > 0 ? pick(m?.uploadMbps, data.uploadMbps, "upload") : undefined;
  const down = data && data.egressGb > 0 ? pick(m?.downloadMbps, data.downloadMbps, "download") : undefined;
  return {
    bootHours: boot / 60,
    setupHours: setup / 60,
    uploadHours: data ? transferHours(data.uploadGb, up) : 0,
    downloadHours: data ? transferHours(data.egressGb, down) : 0,
    measured,
  };
}

export const overheadTotal = (o: Overhead) => o.bootHours + o.setupHours + o.uploadHours + o.downloadHours;

/** Interconnect assumed when an offer does not say: the more pessimistic intra-node link. */
export const FALLBACK_INTERCONNECT: InterconnectKind = "PCIE";

/**
 * Hours of work on the offer, plus billed overhead (boot-to-ready and setup, measured in a
 * trial: DOMAIN.md "Include boot-to-ready time and setup time — they are billed").
 */
export function workHours(
  workload: Workload,
  offer: Pick<TcoOffer, "gpuCount" | "interconnect" | "denseTflopsPerGpu" | "measured">,
  data?: Parameters<typeof overheadOf>[2],
): WorkHours {
  const overhead = overheadOf(workload, offer, data);
  const overheadHours = overheadTotal(overhead);
  if ("instanceHours" in workload) {
    return {
      ok: true,
      hours: workload.instanceHours,
      overheadHours,
      overhead,
      basis: { kind: "instance_hours", instanceHours: workload.instanceHours },
    };
  }
  if ("gpuHours" in workload) {
    // n GPUs give 1 + (n − 1)·e times one GPU (lib/compute/scaling.ts).
    const efficiency =
      workload.scalingEfficiency ?? DEFAULT_SCALING_EFFICIENCY[offer.interconnect ?? FALLBACK_INTERCONNECT];
    const factor = speedUp(offer.gpuCount, efficiency);
    return {
      ok: true,
      hours: workload.gpuHours / factor,
      overheadHours,
      overhead,
      basis: {
        kind: "gpu_hours",
        gpuHours: workload.gpuHours,
        gpus: offer.gpuCount,
        efficiency,
        speedUp: factor,
      },
    };
  }
  if ("steps" in workload) {
    const secondsPerStep = offer.measured?.secondsPerStep ?? workload.secondsPerStep;
    if (offer.measured?.secondsPerStep !== undefined) overhead.measured.unshift("secondsPerStep");
    return {
      ok: true,
      hours: (workload.steps * secondsPerStep) / 3600,
      overheadHours,
      overhead,
      basis: { kind: "steps", steps: workload.steps, secondsPerStep },
    };
  }
  const denseTflopsPerGpu = workload.denseTflopsPerGpu ?? offer.denseTflopsPerGpu;
  if (denseTflopsPerGpu === undefined) return { ok: false, reason: "no_flops" };
  const mfu = workload.mfu ?? DEFAULT_MFU;
  const flops = trainingFlops(workload.parameters, workload.tokens, workload.method);
  return {
    ok: true,
    hours: hoursFromFlops({ flops, gpus: offer.gpuCount, denseTflopsPerGpu, mfu }),
    overheadHours,
    overhead,
    basis: { kind: "flops", flops, gpus: offer.gpuCount, denseTflopsPerGpu, mfu },
  };
}

/**
 * Hours the provider bills for `hours` of running: rounded up to the billing granularity,
 * never below the minimum charge (per second with a 60 s minimum, per minute, per hour).
 */
export function billedHours(hours: number, billing: Billing): number {
  if (hours <= 0) return 0;
  const seconds = hours * 3600;
  // The 1e-9 keeps float noise (0.1 h = 360.00000000000006 s) from billing one more unit.
  const units = Math.ceil(seconds / billing.granularitySeconds - 1e-9);
  return Math.max(billing.minimumSeconds, units * billing.granularitySeconds) / 3600;
}

/** The billing rules that apply to one pricing model of an offer. */
export function billingFor(offer: Pick<TcoOffer, "billing" | "billingByModel">, model: string): Billing {
  return offer.billingByModel?.[model as keyof NonNullable<TcoOffer["billingByModel"]>] ?? offer.billing;
}
