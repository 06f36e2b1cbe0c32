// The selection checklist of a shortlist item: one entry per seed item with a status, evidence
// (text, a link, an attached trial run or hardware check), who and when. Editors and owners of
// the shortlist's team write; attached evidence must belong to the same team (another team's
// trial id answers NOT_FOUND, like an id that does not exist).
import "server-only";
import { z } from "zod";

import {
  checklistItemSchema,
  checklistStatusSchema,
  EVIDENCE_TEXT_MAX,
  EVIDENCE_URL_MAX,
} from "../../lib/checklist/items.ts";
import { AccessDenied } from "../access/errors.ts";
import { defineOperation, idSchema } from "../access/operation.ts";
import { requireItemRole } from "../shortlists/access.ts";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

/** http(s) links only: evidence is something a teammate can open. */
const evidenceUrl = z
  .string()
  .trim()
  .max(EVIDENCE_URL_MAX)
  .refine(
    (v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v),
    "Use a link that starts with https:// or http://",
  )
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional();

export const setChecklistEntry = defineOperation({
  name: "setChecklistEntry",
  kind: "write",
  input: z.object({
    shortlistItemId: idSchema,
    item: checklistItemSchema,
    status: checklistStatusSchema,
    evidenceText: optionalText(EVIDENCE_TEXT_MAX),
    evidenceUrl,
    trialRunId: idSchema.nullable().optional(),
    hardwareCheckId: idSchema.nullable().optional(),
  }),
  async run({ db, actor }, input) {
    const access = await requireItemRole(db, actor, input.shortlistItemId, "EDITOR");
    const item = await db.shortlistItem.findUniqueOrThrow({
      where: { id: input.shortlistItemId },
      select: { shortlist: { select: { teamId: true } } },
    });
    const teamId = item.shortlist.teamId;
    if (input.trialRunId) {
      const trial = await db.trialRun.findUnique({
        where: { id: input.trialRunId },
        select: { teamId: true },
      });
      if (!trial || trial.teamId !== teamId) throw new AccessDenied("NOT_FOUND");
    }
    if (input.hardwareCheckId) {
      const check = await db.hardwareCheck.findUnique({
        where: { id: input.hardwareCheckId },
        select: { teamId: true },
      });
      if (!check || check.teamId !== teamId) throw new AccessDenied("NOT_FOUND");
    }
    const data = {
      status: input.status,
      ...(input.evidenceText !== undefined ? { evidenceText: input.evidenceText } : {}),
      ...(input.evidenceUrl !== undefined ? { evidenceUrl: input.evidenceUrl } : {}),
      ...(input.trialRunId !== undefined ? { trialRunId: input.trialRunId } : {}),
      ...(input.hardwareCheckId !== undefined ? { hardwareCheckId: input.hardwareCheckId } : {}),
      updatedById: access.userId,
    };
    const entry = await db.checklistEntry.upsert({
      where: { shortlistItemId_item: { shortlistItemId: input.shortlistItemId, item: input.item } },
      create: { shortlistItemId: input.shortlistItemId, item: input.item, ...data },
      update: data,
      select: { id: true, status: true, updatedAt: true },
    });
    return { entryId: entry.id, status: entry.status, updatedAt: entry.updatedAt.toISOString() };
  },
});

export const checklistOperations = { setChecklistEntry };
