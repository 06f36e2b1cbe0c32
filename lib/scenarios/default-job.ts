// The app's one default job: the scenario builder starts from it, and /matrix/compare and a
// shortlist's cost table price it. Defined once so the same offers cost the same on every page
// (they used to differ: compare had no boot, setup or snapshots; the builder had them).
/** LoRA fine-tune of a 7B model on 2B tokens at 40 % MFU ≈ 5.6·10¹⁹ FLOPs (≈ 39 h on one H100). */
export const DEFAULT_FLOPS_JOB = { parameters: 7e9, tokens: 2e9, method: "lora", mfu: 0.4 } as const;
/** Each run also boots the machine and sets up the environment before the job starts. */
export const DEFAULT_RUN_OVERHEAD = { bootMinutes: 10, setupMinutes: 20 } as const;
export const DEFAULT_DATA = { uploadGb: 200, egressGb: 50 } as const;
export const DEFAULT_STORAGE = { blockGb: 500, objectGb: 200, snapshotGb: 100, retentionMonths: 1 } as const;
/** The spot assumptions: one interruption per 20 hours on average. */
export const DEFAULT_SPOT = { interruptionsPerHour: 0.05, checkpointMinutes: 5, restartMinutes: 10 } as const;
/** No licences, support, surcharges or taxes until the user enters them (the engine's default too). */
export { NO_OTHER_COSTS } from "../tco/constants.ts";
/** When a GPU has no dense BF16 figure, compute cannot be sized from FLOPs: GPU-hours instead. */
export const DEFAULT_GPU_HOURS = 100;
