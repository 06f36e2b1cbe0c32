// Trial runs of one team (workspace): list, read, create, update, delete. Members read;
// editors and owners write. A trial names a catalog offer; the numbers it records feed the
// comparison of cost per unit of work and, through a scenario, the whole job's cost.
import "server-only";
import { z } from "zod";

import { Decimal } from "decimal.js";

import { Prisma, type PrismaClient, type TrialRun } from "../../generated/prisma/client.ts";
import { requireUser } from "../access/actor.ts";
import { AccessDenied, InputRejected } from "../access/errors.ts";
import { defineOperation, idSchema } from "../access/operation.ts";
import { requireTeamRole, roleAtLeast } from "../access/roles.ts";
import { getLatestFxRates } from "../catalog/latest-fx-rates.ts";
import { makeConverter } from "../queries/gpu-page.ts";
import {
  costPerUnit,
  TRIAL_STEPS,
  TRIAL_UNITS,
  trialCostOf,
  trialFieldsSchema,
  trialStepsDone,
  unitsPerHour,
  type TrialFields,
  type TrialNumbers,
  type TrialUnit,
} from "../../lib/trials/trial.ts";
import type {
  HardwareCheckSummary,
  TrialList,
  TrialListItem,
  TrialOfferRef,
  TrialSpotEvidence,
  TrialTeamRef,
  TrialView,
} from "../../lib/trials/views.ts";
import { observedRate } from "../../lib/tco/spot.ts";
import { loadSpotEvidence } from "../catalog/spot-evidence.ts";
import type { HardwareReport } from "../../lib/hardware/schema.ts";

/** Trials one team may keep (a bound, not a business rule). */
export const MAX_TRIALS_PER_TEAM = 500;

const currencySchema = z.enum(["USD", "CNY"]).default("USD");

const OFFER_SELECT = {
  id: true,
  instanceType: true,
  gpuCount: true,
  gpuMemoryGb: true,
  interconnect: true,
  provider: { select: { slug: true, nameEn: true, nameZh: true } },
  region: { select: { code: true, name: true, nameZh: true } },
  gpuModel: { select: { slug: true, name: true, memoryGb: true } },
} as const;

type OfferRow = Prisma.OfferGetPayload<{ select: typeof OFFER_SELECT }>;
type Db = PrismaClient | Prisma.TransactionClient;

async function onDemandPrices(db: Db, offerIds: string[]) {
  if (offerIds.length === 0) return new Map<string, TrialOfferRef["onDemand"]>();
  const rows = await db.priceObservation.findMany({
    where: { offerId: { in: offerIds }, pricingModel: "ON_DEMAND" },
    orderBy: [{ offerId: "asc" }, { observedAt: "desc" }],
    distinct: ["offerId"],
    select: { offerId: true, hourlyAmount: true, currency: true, observedAt: true },
  });
  return new Map(
    rows.map((r) => [
      r.offerId,
      { hourly: Number(r.hourlyAmount), currency: r.currency, observedAt: r.observedAt.toISOString() },
    ]),
  );
}

function offerRef(o: OfferRow, onDemand: TrialOfferRef["onDemand"] | undefined): TrialOfferRef {
  return {
    id: o.id,
    provider: o.provider,
    region: o.region,
    instanceType: o.instanceType,
    gpu: o.gpuModel,
    gpuCount: o.gpuCount,
    vramPerGpuGb: o.gpuMemoryGb ?? o.gpuModel.memoryGb,
    interconnect: o.interconnect,
    onDemand: onDemand ?? null,
  };
}

const numberOrNull = (d: Prisma.Decimal | null) => (d === null ? null : Number(d));

/** The trial's stored columns as the form's fields (every key present, null when empty). */
export function fieldsOf(t: TrialRun): TrialView["fields"] {
  return {
    label: t.label,
    startedAt: t.startedAt?.toISOString() ?? null,
    bootToReadySeconds: t.bootToReadySeconds,
    setupMinutes: t.setupMinutes,
    driverVersion: t.driverVersion,
    cudaVersion: t.cudaVersion,
    frameworkVersions: (t.frameworkVersions as Record<string, string> | null) ?? null,
    image: t.image,
    stepTimeSeconds: t.stepTimeSeconds,
    peakVramGb: t.peakVramGb,
    samplesPerStep: t.samplesPerStep,
    tokensPerStep: t.tokensPerStep,
    fullJobSteps: t.fullJobSteps,
    rebootPassed: t.rebootPassed,
    rebootNotes: t.rebootNotes,
    transferTestGb: t.transferTestGb,
    uploadMbps: t.uploadMbps,
    downloadMbps: t.downloadMbps,
    diskReadMBps: t.diskReadMBps,
    diskWriteMBps: t.diskWriteMBps,
    billedHourlyPrice: numberOrNull(t.billedHourlyPrice),
    currency: (t.currency as "USD" | "CNY" | null) ?? null,
    durationMinutes: t.durationMinutes,
    trialCost: numberOrNull(t.trialCost),
    spotInterruptions: t.spotInterruptions,
    spotHours: t.spotHours,
    notes: t.notes,
    probe: (t.probe as Record<string, unknown> | null) ?? null,
  };
}

function numbersOf(f: TrialView["fields"]): TrialNumbers {
  return {
    stepTimeSeconds: f.stepTimeSeconds,
    samplesPerStep: f.samplesPerStep,
    tokensPerStep: f.tokensPerStep,
    billedHourlyPrice: f.billedHourlyPrice,
    durationMinutes: f.durationMinutes,
    trialCost: f.trialCost,
  };
}

const perUnit = (fn: (u: TrialUnit) => number | null) =>
  Object.fromEntries(TRIAL_UNITS.map((u) => [u, fn(u)])) as Record<TrialUnit, number | null>;

export function derivedOf(f: TrialView["fields"]): TrialView["derived"] {
  const n = numbersOf(f);
  const steps = trialStepsDone(f);
  return {
    trialCost: trialCostOf(n),
    costPerUnit: perUnit((u) => costPerUnit(n, u)),
    unitsPerHour: perUnit((u) => unitsPerHour(n, u)),
    steps,
    stepsDone: TRIAL_STEPS.filter((s) => steps[s]).length,
  };
}

/** Prisma data for the fields given (undefined: leave as is; null: clear). */
function dataOf(fields: TrialFields): Prisma.TrialRunUncheckedUpdateInput {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (key === "startedAt") data.startedAt = value === null ? null : new Date(value as string);
    // Json columns are cleared with Prisma's DbNull, not a JavaScript null.
    else if (key === "frameworkVersions" || key === "probe")
      data[key] = value === null ? Prisma.DbNull : value;
    else data[key] = value;
  }
  return data;
}

/** One catalog offer as a trial names it, with its current on-demand price (null: no offer). */
export async function loadTrialOffer(db: Db, offerId: string): Promise<TrialOfferRef | null> {
  const offer = await db.offer.findUnique({ where: { id: offerId }, select: OFFER_SELECT });
  if (!offer) return null;
  const prices = await onDemandPrices(db, [offerId]);
  return offerRef(offer, prices.get(offerId));
}

/** The trial, if the actor may see it (any member of its team); NOT_FOUND otherwise. */
export async function requireTrialRole(
  db: Db,
  actor: Parameters<typeof requireTeamRole>[1],
  trialId: string,
  minimum: "VIEWER" | "EDITOR",
) {
  requireUser(actor);
  const trial = await db.trialRun.findUnique({ where: { id: trialId }, select: { teamId: true } });
  if (!trial) throw new AccessDenied("NOT_FOUND");
  return { ...(await requireTeamRole(db, actor, trial.teamId, minimum)), trialId };
}

async function teamRefs(db: Db, userId: string, teamId?: string): Promise<TrialTeamRef[]> {
  const memberships = await db.membership.findMany({
    where: { userId, ...(teamId ? { teamId } : {}) },
    select: { role: true, team: { select: { id: true, name: true, personal: true } } },
  });
  return memberships
    .map((m) => ({ ...m.team, canEdit: roleAtLeast(m.role, "EDITOR") }))
    .sort((a, b) => Number(b.personal) - Number(a.personal) || a.name.localeCompare(b.name));
}

export function hardwareSummary(c: {
  id: string;
  createdAt: Date;
  verdict: HardwareCheckSummary["verdict"];
  parsed: unknown;
  trialRunId: string | null;
  offerId: string | null;
  createdBy: { name: string | null } | null;
}): HardwareCheckSummary {
  return {
    id: c.id,
    createdAt: c.createdAt.toISOString(),
    createdBy: c.createdBy?.name ?? null,
    verdict: c.verdict,
    report: c.parsed as HardwareReport,
    trialRunId: c.trialRunId,
    offerId: c.offerId,
  };
}

export const listTrials = defineOperation({
  name: "listTrials",
  kind: "read",
  input: z
    .object({
      teamId: idSchema.optional(),
      offerId: idSchema.optional(),
      /** Only trials on offers of this GPU model (the GPU page). */
      gpuSlug: z.string().trim().min(1).max(100).optional(),
      currency: currencySchema,
    })
    .optional(),
  async run({ db, actor }, input): Promise<TrialList> {
    const user = requireUser(actor);
    if (input?.teamId) await requireTeamRole(db, actor, input.teamId, "VIEWER");
    const teams = await teamRefs(db, user.id, input?.teamId);
    const currency = input?.currency ?? "USD";
    const trials = await db.trialRun.findMany({
      where: {
        teamId: { in: teams.map((t) => t.id) },
        ...(input?.offerId ? { offerId: input.offerId } : {}),
        ...(input?.gpuSlug ? { offer: { gpuModel: { slug: input.gpuSlug } } } : {}),
      },
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      take: MAX_TRIALS_PER_TEAM,
      include: {
        offer: { select: OFFER_SELECT },
        hardwareChecks: { orderBy: { createdAt: "desc" }, take: 1, select: { verdict: true } },
      },
    });
    const [prices, fxRows] = await Promise.all([
      onDemandPrices(
        db,
        trials.map((t) => t.offerId),
      ),
      getLatestFxRates(db),
    ]);
    const fx = makeConverter(fxRows, currency);
    const convert = (amount: number | null, from: string | null) => {
      if (amount === null) return null;
      const v = fx.convert(new Decimal(amount), from ?? "USD");
      return v === null ? null : v.toNumber();
    };
    const items: TrialListItem[] = trials.map((t) => {
      const fields = fieldsOf(t);
      const derived = derivedOf(fields);
      return {
        id: t.id,
        teamId: t.teamId,
        label: t.label,
        offer: offerRef(t.offer, prices.get(t.offerId)),
        createdAt: t.createdAt.toISOString(),
        updatedAt: t.updatedAt.toISOString(),
        stepsDone: derived.stepsDone,
        stepTimeSeconds: t.stepTimeSeconds,
        peakVramGb: t.peakVramGb,
        rebootPassed: t.rebootPassed,
        billedHourly: convert(fields.billedHourlyPrice, fields.currency),
        trialCost: convert(derived.trialCost, fields.currency),
        costPerUnit: perUnit((u) => convert(derived.costPerUnit[u], fields.currency)),
        latestHardwareVerdict: t.hardwareChecks[0]?.verdict ?? null,
      };
    });
    // The rate the page states: what one USD is in CNY, from the same stored rates.
    const toCny = makeConverter(fxRows, "CNY");
    const usdToCny = toCny.convert(new Decimal(1), "USD");
    const asOf = toCny.used()[0]?.asOf;
    return {
      currency,
      fx: usdToCny && asOf ? { usdToCny: usdToCny.toDecimalPlaces(4).toNumber(), asOf } : null,
      teams,
      trials: items,
    };
  },
});

export const getTrial = defineOperation({
  name: "getTrial",
  kind: "read",
  input: z.object({ trialId: idSchema }),
  async run({ db, actor }, input): Promise<TrialView> {
    const access = await requireTrialRole(db, actor, input.trialId, "VIEWER");
    const t = await db.trialRun.findUniqueOrThrow({
      where: { id: input.trialId },
      include: {
        team: { select: { id: true, name: true, personal: true } },
        offer: { select: OFFER_SELECT },
        createdBy: { select: { name: true } },
        hardwareChecks: {
          orderBy: { createdAt: "desc" },
          take: 20,
          include: { createdBy: { select: { name: true } } },
        },
      },
    });
    const prices = await onDemandPrices(db, [t.offerId]);
    const fields = fieldsOf(t);
    return {
      id: t.id,
      team: { ...t.team, canEdit: roleAtLeast(access.role, "EDITOR") },
      offer: offerRef(t.offer, prices.get(t.offerId)),
      fields,
      derived: derivedOf(fields),
      createdBy: t.createdBy.name,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
      hardwareChecks: t.hardwareChecks.map(hardwareSummary),
      spotEvidence: await spotEvidenceFor(db, t.teamId, t.offerId),
    };
  },
});

/** AWS's interruption bucket for the offer beside the team's own observations on it. */
async function spotEvidenceFor(db: Db, teamId: string, offerId: string): Promise<TrialSpotEvidence> {
  const [aws, team] = await Promise.all([
    loadSpotEvidence(db, [offerId]),
    db.trialRun.aggregate({
      where: { teamId, offerId, spotInterruptions: { not: null }, spotHours: { not: null } },
      _sum: { spotInterruptions: true, spotHours: true },
      _count: { _all: true },
    }),
  ]);
  const e = aws.get(offerId);
  const interruptions = team._sum.spotInterruptions ?? 0;
  const hours = team._sum.spotHours ?? 0;
  const perHour = observedRate(interruptions, hours);
  return {
    aws: e
      ? {
          label: e.label,
          bucket: e.bucket,
          asOf: e.asOf,
          sourceUrl: e.sourceUrl,
          lambdaPerHour: e.lambdaPerHour,
          atLeast: e.atLeast,
        }
      : null,
    team:
      team._count._all > 0 && perHour !== null
        ? { trials: team._count._all, interruptions, hours, perHour }
        : null,
  };
}

export const createTrial = defineOperation({
  name: "createTrial",
  kind: "write",
  input: z.object({ teamId: idSchema, offerId: idSchema, fields: trialFieldsSchema.default({}) }),
  async run({ db, actor }, input) {
    const access = await requireTeamRole(db, actor, input.teamId, "EDITOR");
    const offer = await db.offer.findUnique({ where: { id: input.offerId }, select: { id: true } });
    if (!offer) throw new AccessDenied("NOT_FOUND");
    // Count and insert under a lock on the team's row: concurrent creates of one team queue
    // here, so each counts the trials committed before it and the cap holds.
    const created = await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Team" WHERE id = ${input.teamId} FOR UPDATE`;
      const count = await tx.trialRun.count({ where: { teamId: input.teamId } });
      if (count >= MAX_TRIALS_PER_TEAM) {
        throw new InputRejected("too-many-trials");
      }
      return tx.trialRun.create({
        data: {
          ...(dataOf(input.fields) as object),
          teamId: input.teamId,
          offerId: input.offerId,
          createdById: access.userId,
        },
        select: { id: true },
      });
    });
    return { trialId: created.id };
  },
});

export const updateTrial = defineOperation({
  name: "updateTrial",
  kind: "write",
  input: z.object({ trialId: idSchema, fields: trialFieldsSchema }),
  async run({ db, actor }, input) {
    await requireTrialRole(db, actor, input.trialId, "EDITOR");
    const updated = await db.trialRun.update({
      where: { id: input.trialId },
      data: dataOf(input.fields),
      select: { id: true, updatedAt: true },
    });
    return { trialId: updated.id, updatedAt: updated.updatedAt.toISOString() };
  },
});

export const deleteTrial = defineOperation({
  name: "deleteTrial",
  kind: "write",
  input: z.object({ trialId: idSchema }),
  async run({ db, actor }, input) {
    await requireTrialRole(db, actor, input.trialId, "EDITOR");
    await db.trialRun.delete({ where: { id: input.trialId } });
    return { trialId: input.trialId };
  },
});

export const trialOperations = { listTrials, getTrial, createTrial, updateTrial, deleteTrial };
