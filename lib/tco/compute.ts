// Compute hours of a job on one offer and the hours a provider bills for them.
import { hoursFromFlops, trainingFlops, DEFAULT_MFU } from "../compute/flops.ts";
import { DEFAULT_SCALING_EFFICIENCY, speedUp, type InterconnectKind } from "../compute/scaling.ts";
import type { Billing, TcoOffer, Workload } from "./schema.ts";

export type WorkBasis =
  | { kind: "instance_hours"; instanceHours: number }
  | { kind: "gpu_hours"; gpuHours: number; gpus: number; efficiency: number; speedUp: number }
  | { kind: "steps"; steps: number; secondsPerStep: number }
  | { kind: "flops"; flops: number; gpus: number; denseTflopsPerGpu: number; mfu: number };

export type WorkHours =
  { ok: true; hours: number; basis: WorkBasis; overheadHours: number } | { ok: false; reason: "no_flops" };

/** Interconnect assumed when an offer does not say: the more pessimistic intra-node link. */
export const FALLBACK_INTERCONNECT: InterconnectKind = "PCIE";

/**
 * Hours of work on the offer, plus billed overhead (boot-to-ready and setup, measured in a
 * trial: DOMAIN.md "Include boot-to-ready time and setup time — they are billed").
 */
export function workHours(
  workload: Workload,
  offer: Pick<TcoOffer, "gpuCount" | "interconnect" | "denseTflopsPerGpu">,
): WorkHours {
  const overheadHours = ((workload.bootMinutes ?? 0) + (workload.setupMinutes ?? 0)) / 60;
  if ("instanceHours" in workload) {
    return {
      ok: true,
      hours: workload.instanceHours,
      overheadHours,
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
    return {
      ok: true,
      hours: (workload.steps * workload.secondsPerStep) / 3600,
      overheadHours,
      basis: { kind: "steps", steps: workload.steps, secondsPerStep: workload.secondsPerStep },
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
