// Hardware checks: a team's pasted nvidia-smi output, parsed and compared with what the offer
// sold (lib/hardware), stored as evidence linked to the offer, the trial run and — when asked —
// the shortlist item's checklist entry "the hardware is what you bought".
import "server-only";
import { z } from "zod";

import type { HardwareVerdict, PrismaClient } from "../../generated/prisma/client.ts";
import { HARDWARE_CHECK_ITEM } from "../../lib/checklist/items.ts";
import {
  hardwareExpectationSchema,
  HARDWARE_LOCALES,
  MAX_OUTPUT_CHARS,
  type HardwareExpectation,
  type HardwareReport,
} from "../../lib/hardware/schema.ts";
import { AccessDenied, InputRejected } from "../access/errors.ts";
import { defineOperation, idSchema } from "../access/operation.ts";
import { requireTeamRole } from "../access/roles.ts";
import { verifyNvidiaSmi } from "../hardware/verify.ts";
import { hardwareSummary } from "./operations.ts";

const VERDICT: Record<HardwareReport["verdict"], HardwareVerdict> = {
  match: "MATCH",
  mismatch: "MISMATCH",
  inconclusive: "INCONCLUSIVE",
};

/** What the catalog says the offer delivers: GPU model, count and VRAM per GPU. */
async function expectationFromOffer(
  db: PrismaClient,
  offerId: string,
): Promise<HardwareExpectation | undefined> {
  const offer = await db.offer.findUnique({
    where: { id: offerId },
    select: {
      gpuCount: true,
      gpuMemoryGb: true,
      gpuModel: { select: { name: true, memoryGb: true, datacenter: true } },
    },
  });
  if (!offer) return undefined;
  return {
    gpu: offer.gpuModel.name,
    count: offer.gpuCount,
    memoryGb: offer.gpuMemoryGb ?? offer.gpuModel.memoryGb,
    ...(offer.gpuModel.datacenter ? { datacenter: true } : {}),
  };
}

export const recordHardwareCheck = defineOperation({
  name: "recordHardwareCheck",
  kind: "write",
  input: z.object({
    teamId: idSchema,
    offerId: idSchema.optional(),
    trialRunId: idSchema.optional(),
    /** Also record the result on this shortlist item's checklist ("hardware is what you bought"). */
    shortlistItemId: idSchema.optional(),
    output: z.string().max(MAX_OUTPUT_CHARS).trim().min(1),
    /** Without it the offer's catalog facts are expected. */
    expected: hardwareExpectationSchema.optional(),
    locale: z.enum(HARDWARE_LOCALES).default("en"),
  }),
  async run({ db, actor }, input) {
    const access = await requireTeamRole(db, actor, input.teamId, "EDITOR");
    let offerId = input.offerId ?? null;
    if (input.trialRunId) {
      const trial = await db.trialRun.findUnique({
        where: { id: input.trialRunId },
        select: { teamId: true, offerId: true },
      });
      if (!trial || trial.teamId !== input.teamId) throw new AccessDenied("NOT_FOUND");
      offerId ??= trial.offerId;
    }
    if (offerId && !(await db.offer.findUnique({ where: { id: offerId }, select: { id: true } }))) {
      throw new AccessDenied("NOT_FOUND");
    }
    let item: { id: string } | null = null;
    if (input.shortlistItemId) {
      const found = await db.shortlistItem.findUnique({
        where: { id: input.shortlistItemId },
        select: { id: true, offerId: true, shortlist: { select: { teamId: true } } },
      });
      if (!found || found.shortlist.teamId !== input.teamId) throw new AccessDenied("NOT_FOUND");
      offerId ??= found.offerId;
      item = found;
    }
    const expected = input.expected ?? (offerId ? await expectationFromOffer(db, offerId) : undefined);
    const result = await verifyNvidiaSmi({ output: input.output, expected, locale: input.locale }, db);
    if (!result.ok) {
      throw new InputRejected("unrecognised-output", { output: [result.message] });
    }
    const { report } = result;
    const verdict = VERDICT[report.verdict];
    const check = await db.$transaction(async (tx) => {
      const created = await tx.hardwareCheck.create({
        data: {
          teamId: input.teamId,
          offerId,
          trialRunId: input.trialRunId ?? null,
          rawOutput: input.output,
          parsed: report,
          verdict,
          mismatches: report.mismatches,
          createdById: access.userId,
        },
        include: { createdBy: { select: { name: true } } },
      });
      if (item) {
        const status = verdict === "MATCH" ? "OK" : verdict === "MISMATCH" ? "PROBLEM" : "UNKNOWN";
        const first = report.mismatches.find((m) => m.severity === "problem") ?? report.mismatches[0];
        const data = {
          status,
          hardwareCheckId: created.id,
          ...(input.trialRunId ? { trialRunId: input.trialRunId } : {}),
          evidenceText: first ? first.message.slice(0, 2000) : null,
          updatedById: access.userId,
        } as const;
        await tx.checklistEntry.upsert({
          where: { shortlistItemId_item: { shortlistItemId: item.id, item: HARDWARE_CHECK_ITEM } },
          create: { shortlistItemId: item.id, item: HARDWARE_CHECK_ITEM, ...data },
          update: data,
        });
      }
      return created;
    });
    return { checkId: check.id, check: hardwareSummary(check), report };
  },
});

export const deleteHardwareCheck = defineOperation({
  name: "deleteHardwareCheck",
  kind: "write",
  input: z.object({ checkId: idSchema }),
  async run({ db, actor }, input) {
    const check = await db.hardwareCheck.findUnique({
      where: { id: input.checkId },
      select: { teamId: true },
    });
    if (!check) throw new AccessDenied("NOT_FOUND");
    await requireTeamRole(db, actor, check.teamId, "EDITOR");
    await db.hardwareCheck.delete({ where: { id: input.checkId } });
    return { checkId: input.checkId };
  },
});

export const hardwareCheckOperations = { recordHardwareCheck, deleteHardwareCheck };
