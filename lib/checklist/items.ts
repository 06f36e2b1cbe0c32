// The seeds' selection checklist (seed 000, seven items) and its progress. Client-safe.
import { z } from "zod";

/** In the seed's order; the keys are the database enum's values. */
export const CHECKLIST_ITEMS = [
  "VRAM_CONFIRMED_BY_RUN",
  "DRIVER_CUDA_FRAMEWORK",
  "MULTI_GPU_NETWORK",
  "DISK_AND_SNAPSHOTS",
  "BILLING_RULES_CLEAR",
  "SLA_AND_SUPPORT_IN_WRITING",
  "SCALE_AND_RELEASE",
] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];
export const checklistItemSchema = z.enum(CHECKLIST_ITEMS);

export const CHECKLIST_STATUSES = ["UNKNOWN", "OK", "PROBLEM"] as const;
export type ChecklistStatusValue = (typeof CHECKLIST_STATUSES)[number];
export const checklistStatusSchema = z.enum(CHECKLIST_STATUSES);

/** The item a hardware check (nvidia-smi) is evidence for: "the hardware is what you bought". */
export const HARDWARE_CHECK_ITEM: ChecklistItem = "VRAM_CONFIRMED_BY_RUN";

export const EVIDENCE_TEXT_MAX = 2000;
export const EVIDENCE_URL_MAX = 2000;

export interface ChecklistProgress {
  ok: number;
  problem: number;
  unknown: number;
  total: number;
}

export function checklistProgress(entries: { status: ChecklistStatusValue }[]): ChecklistProgress {
  const ok = entries.filter((e) => e.status === "OK").length;
  const problem = entries.filter((e) => e.status === "PROBLEM").length;
  return { ok, problem, unknown: CHECKLIST_ITEMS.length - ok - problem, total: CHECKLIST_ITEMS.length };
}
