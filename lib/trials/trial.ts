// A trial run: the seeds' five-step low-cost trial of one offer (seed 000) — start to usable,
// environment check, a scaled-down job's step time and peak VRAM, a reboot test, transfer and
// disk throughput, and what the hour actually cost. Client-safe: the form validates with the
// same schema the server saves with, and the derived numbers (trial cost, cost per unit of
// work, what flows into a scenario) are computed here, once.
import { z } from "zod";

export const TRIAL_LABEL_MAX = 120;
export const TRIAL_NOTES_MAX = 4000;
/** Bytes of the stored probe summary as JSON. */
export const TRIAL_PROBE_MAX_BYTES = 256 * 1024;

/** Units a trial's cost of work can be compared in (the user picks one on the comparison). */
export const TRIAL_UNITS = ["step", "1k_samples", "1m_tokens"] as const;
export type TrialUnit = (typeof TRIAL_UNITS)[number];
export const trialUnitSchema = z.enum(TRIAL_UNITS);

export const TRIAL_CURRENCIES = ["USD", "CNY"] as const;

/** Optional free text: "" (or only spaces) clears it. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === "" ? null : v))
    .nullable();
const num = (min: number, max: number) => z.number().min(min).max(max).nullable();
const positive = (max: number) => z.number().positive().max(max).nullable();

/** Version strings as tools print them: "550.54.15", "12.4", "2.4.0+cu124". */
const version = z
  .string()
  .trim()
  .max(40)
  .regex(/^$|^[0-9A-Za-z][0-9A-Za-z.+_-]*$/, "Use the version as the tool prints it, e.g. 550.54.15")
  .transform((v) => (v === "" ? null : v))
  .nullable();

/** Every field a trial records; all optional (a trial is filled in over a day or two). */
/** Length of the value as JSON; Infinity when it cannot be JSON (a BigInt, a cycle). */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

export const trialFieldsSchema = z
  .object({
    label: text(TRIAL_LABEL_MAX),
    /** When the instance was requested (ISO 8601). */
    startedAt: z.iso.datetime({ offset: true }).nullable(),
    // Step 1–2: start → usable, environment.
    bootToReadySeconds: z
      .number()
      .int()
      .min(0)
      .max(3 * 86_400)
      .nullable(),
    setupMinutes: num(0, 7 * 24 * 60),
    driverVersion: version,
    cudaVersion: version,
    frameworkVersions: z
      .record(z.string().trim().min(1).max(60), z.string().trim().max(60))
      .refine((r) => Object.keys(r).length <= 20, "At most 20 framework versions")
      .nullable(),
    image: text(300),
    // Step 2: the scaled-down job.
    stepTimeSeconds: positive(86_400),
    peakVramGb: num(0, 100_000),
    samplesPerStep: positive(1e12),
    tokensPerStep: positive(1e15),
    fullJobSteps: z.number().int().positive().max(1e12).nullable(),
    // Step 3: reboot once.
    rebootPassed: z.boolean().nullable(),
    rebootNotes: text(2000),
    // Transfer and disk.
    transferTestGb: num(0, 100_000),
    /** Megabits per second. */
    uploadMbps: positive(1e6),
    downloadMbps: positive(1e6),
    /** Megabytes per second. */
    diskReadMBps: positive(1e6),
    diskWriteMBps: positive(1e6),
    // Step 4: what it cost.
    billedHourlyPrice: num(0, 1e5),
    currency: z.enum(TRIAL_CURRENCIES).nullable(),
    durationMinutes: num(0, 366 * 24 * 60),
    /** The bill, when known; otherwise hourly price × duration. */
    trialCost: num(0, 1e7),
    /** Spot interruptions the team saw (with spotHours: the team's own rate, shown beside AWS's). */
    spotInterruptions: z.number().int().min(0).max(100_000).nullable(),
    /** Hours the trial (or the team's runs it stands for) ran on spot. */
    spotHours: positive(1e6),
    notes: text(TRIAL_NOTES_MAX),
    /** The imported probe file's summary (lib/trials/probe-schema.ts), kept as evidence. */
    probe: z
      .record(z.string(), z.unknown())
      .refine((p) => jsonLength(p) <= TRIAL_PROBE_MAX_BYTES, {
        message: `The probe summary may be at most ${TRIAL_PROBE_MAX_BYTES / 1024} KB`,
      })
      .nullable(),
  })
  .partial()
  .strict();
export type TrialFields = z.output<typeof trialFieldsSchema>;
export type TrialFieldsInput = z.input<typeof trialFieldsSchema>;
export type TrialFieldKey = keyof TrialFields;

/** A trial's numbers as the derived values need them (null: not recorded). */
export interface TrialNumbers {
  stepTimeSeconds: number | null;
  samplesPerStep: number | null;
  tokensPerStep: number | null;
  billedHourlyPrice: number | null;
  durationMinutes: number | null;
  trialCost: number | null;
}

/** The trial's cost: the bill when recorded, else hourly price × minutes run. */
export function trialCostOf(t: Pick<TrialNumbers, "trialCost" | "billedHourlyPrice" | "durationMinutes">) {
  if (t.trialCost !== null) return t.trialCost;
  if (t.billedHourlyPrice === null || t.durationMinutes === null) return null;
  return (t.billedHourlyPrice * t.durationMinutes) / 60;
}

/** Units of `unit` one step does; null when the trial did not record what a step processes. */
export function unitsPerStep(t: Pick<TrialNumbers, "samplesPerStep" | "tokensPerStep">, unit: TrialUnit) {
  if (unit === "step") return 1;
  if (unit === "1k_samples") return t.samplesPerStep === null ? null : t.samplesPerStep / 1000;
  return t.tokensPerStep === null ? null : t.tokensPerStep / 1e6;
}

/**
 * Cost of one unit of work at the billed hourly price: price × seconds per step ÷ 3600 ÷ units
 * per step (in the trial's currency). null when a number is missing.
 */
export function costPerUnit(t: TrialNumbers, unit: TrialUnit): number | null {
  const per = unitsPerStep(t, unit);
  if (per === null || per <= 0 || t.stepTimeSeconds === null || t.billedHourlyPrice === null) return null;
  return (t.billedHourlyPrice * t.stepTimeSeconds) / 3600 / per;
}

/** Units of work per hour of the instance (throughput), for "per $/h" comparisons. */
export function unitsPerHour(t: TrialNumbers, unit: TrialUnit): number | null {
  const per = unitsPerStep(t, unit);
  if (per === null || t.stepTimeSeconds === null) return null;
  return (3600 / t.stepTimeSeconds) * per;
}

/** The seed's five trial steps and whether the trial recorded each. */
export const TRIAL_STEPS = ["start", "environment", "job", "reboot", "cost"] as const;
export type TrialStep = (typeof TRIAL_STEPS)[number];

export function trialStepsDone(f: TrialFields): Record<TrialStep, boolean> {
  const has = (v: unknown) => v !== null && v !== undefined;
  return {
    start: has(f.bootToReadySeconds),
    environment: has(f.driverVersion) || has(f.cudaVersion) || has(f.image),
    job: has(f.stepTimeSeconds),
    reboot: has(f.rebootPassed),
    // The catalog's price is filled in when a trial starts: the step is done when the trial's
    // own cost is known (typed in, or the billed price over a recorded duration).
    cost: has(f.trialCost) || (has(f.billedHourlyPrice) && has(f.durationMinutes)),
  };
}

/** What a trial's measurements change in a scenario's offer (lib/scenarios/document.ts). */
export interface TrialMeasurements {
  secondsPerStep?: number;
  bootMinutes?: number;
  setupMinutes?: number;
  uploadMbps?: number;
  downloadMbps?: number;
}

export function trialMeasurements(f: TrialFields): TrialMeasurements {
  const m: TrialMeasurements = {};
  if (f.stepTimeSeconds) m.secondsPerStep = f.stepTimeSeconds;
  if (f.bootToReadySeconds !== null && f.bootToReadySeconds !== undefined) {
    m.bootMinutes = Math.round((f.bootToReadySeconds / 60) * 100) / 100;
  }
  if (f.setupMinutes !== null && f.setupMinutes !== undefined) m.setupMinutes = f.setupMinutes;
  if (f.uploadMbps) m.uploadMbps = f.uploadMbps;
  if (f.downloadMbps) m.downloadMbps = f.downloadMbps;
  return m;
}
