// SLA: availability A → expected downtime per year = (1 − A) × 8760 h (DOMAIN.md "SLA");
// expected delay cost of a job = (1 − A) × job hours × the cost of an hour of delay.
import { z } from "zod";

import { HOURS_PER_YEAR } from "./reserved.ts";
import { roundTo } from "./money.ts";

export const slaRequestSchema = z
  .object({
    availabilityPercent: z.number().min(0).max(100),
    jobHours: z.number().min(0).max(1e6).optional(),
    delayCostPerHour: z.number().min(0).max(1e7).optional(),
  })
  .strict();
export type SlaRequest = z.infer<typeof slaRequestSchema>;

export const slaResponseSchema = z.object({
  availabilityPercent: z.number(),
  downtimeHoursPerYear: z.number(),
  downtimeMinutesPerYear: z.number(),
  /** Expected hours of the job lost to downtime; null without jobHours. */
  expectedDowntimeHoursForJob: z.number().nullable(),
  /** Expected delay cost in the caller's currency; null without jobHours and delayCostPerHour. */
  expectedDelayCost: z.number().nullable(),
});
export type SlaResponse = z.infer<typeof slaResponseSchema>;

/**
 * Unavailable fraction, computed from the percentage as (100 − A)/100 rather than 1 − A/100:
 * 100 − 99.99 carries less float error than 1 − 0.9999.
 */
function unavailable(availabilityPercent: number): number {
  return (100 - availabilityPercent) / 100;
}

export function downtimeHoursPerYear(availabilityPercent: number): number {
  return unavailable(availabilityPercent) * HOURS_PER_YEAR;
}

export function expectedDelayCost(
  availabilityPercent: number,
  jobHours: number,
  delayCostPerHour: number,
): number {
  return unavailable(availabilityPercent) * jobHours * delayCostPerHour;
}

/** The /api/v1/sla answer: hours to 6 decimals, minutes to 4, money to cents. */
export function slaSummary(input: SlaRequest): SlaResponse {
  const hours = downtimeHoursPerYear(input.availabilityPercent);
  const jobDowntime =
    input.jobHours === undefined ? null : unavailable(input.availabilityPercent) * input.jobHours;
  const delay =
    input.jobHours === undefined || input.delayCostPerHour === undefined
      ? null
      : expectedDelayCost(input.availabilityPercent, input.jobHours, input.delayCostPerHour);
  return {
    availabilityPercent: input.availabilityPercent,
    downtimeHoursPerYear: roundTo(hours, 6),
    downtimeMinutesPerYear: roundTo(hours * 60, 4),
    expectedDowntimeHoursForJob: jobDowntime === null ? null : roundTo(jobDowntime, 6),
    expectedDelayCost: delay === null ? null : Math.round(Number((delay * 100).toPrecision(15))) / 100,
  };
}
