// TCO scenario operations. Computing (and suggesting offers) works for anyone, signed in or
// not, and writes nothing. Saved scenarios belong to a team (the personal workspace is one):
// members read (VIEWER+), EDITOR and OWNER save versions, rename, attach, duplicate, delete.
// Every save is a new version; a save names the version it started from and only succeeds
// while that is still the latest (one conditional UPDATE), so nobody silently overwrites
// anybody: the loser gets CONFLICT with the latest version number and can merge or reload.
import "server-only";
import { z } from "zod";

import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { requireUser } from "../access/actor.ts";
import { AccessDenied, Conflict, InputRejected } from "../access/errors.ts";
import { defineOperation, idSchema, type OperationContext } from "../access/operation.ts";
import { requireTeamRole, roleAtLeast } from "../access/roles.ts";
import { LOCALES } from "../../i18n/locales.ts";
import {
  scenarioDocumentSchema,
  scenarioWorkloadSchema,
  SCENARIO_NAME_MAX,
  SCENARIO_NOTE_MAX,
} from "../../lib/scenarios/document.ts";
import { diffDocuments } from "../../lib/scenarios/diff.ts";
import type {
  ScenarioHeader,
  ScenarioListItem,
  ScenarioVersionDetail,
  ScenarioVersionsComparison,
  ScenarioView,
} from "../../lib/scenarios/views.ts";
import { storedResultIn } from "../../lib/scenarios/views.ts";
import { pricingModelSchema, SCENARIO_CURRENCIES } from "../../lib/tco/schema.ts";
import { loadScenarioChecklist } from "./checklist.ts";
import {
  computeScenario as computeScenarioResult,
  computeScenarioIn,
  suggestCheapestOffers,
} from "./compute.ts";

const localeSchema = z.enum(LOCALES).default("en");
/** Version numbers are Postgres integers: a larger one failed the query (INTERNAL) instead of a 400. */
const versionNumber = z.number().int().min(1).max(2_147_483_647);
const nameSchema = z.string().trim().min(1).max(SCENARIO_NAME_MAX);
const noteSchema = z
  .string()
  .trim()
  .max(SCENARIO_NOTE_MAX)
  .transform((v) => (v === "" ? null : v));
const MAX_CHANGES_STORED = 50;

type Db = PrismaClient | Prisma.TransactionClient;

async function requireScenarioRole(
  { db, actor }: OperationContext,
  scenarioId: string,
  minimum: "VIEWER" | "EDITOR",
) {
  requireUser(actor);
  const scenario = await db.tcoScenario.findUnique({
    where: { id: scenarioId },
    select: { teamId: true, archivedAt: true },
  });
  if (!scenario || scenario.archivedAt) throw new AccessDenied("NOT_FOUND");
  return requireTeamRole(db, actor, scenario.teamId, minimum);
}

const headerSelect = {
  id: true,
  name: true,
  description: true,
  teamId: true,
  latestVersion: true,
  createdAt: true,
  updatedAt: true,
  team: { select: { name: true, personal: true } },
  shortlist: { select: { id: true, name: true } },
} as const;

function toHeader(
  s: {
    id: string;
    name: string;
    description: string | null;
    teamId: string;
    latestVersion: number;
    createdAt: Date;
    updatedAt: Date;
    team: { name: string; personal: boolean };
    shortlist: { id: string; name: string } | null;
  },
  canEdit: boolean,
): ScenarioHeader {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    teamId: s.teamId,
    teamName: s.team.name,
    personal: s.team.personal,
    latestVersion: s.latestVersion,
    shortlist: s.shortlist,
    canEdit,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

async function loadVersion(
  db: Db,
  scenarioId: string,
  version: number,
  locale: (typeof LOCALES)[number],
): Promise<ScenarioVersionDetail> {
  const row = await db.tcoScenarioVersion.findUnique({
    where: { scenarioId_version: { scenarioId, version } },
    select: {
      version: true,
      input: true,
      result: true,
      note: true,
      changes: true,
      createdAt: true,
      createdBy: { select: { name: true, email: true } },
    },
  });
  if (!row) throw new AccessDenied("NOT_FOUND");
  return {
    version: row.version,
    note: row.note,
    changes: Array.isArray(row.changes) ? (row.changes as string[]) : [],
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy.name ?? row.createdBy.email,
    document: scenarioDocumentSchema.parse(row.input),
    result: storedResultIn(row.result, locale),
  };
}

// ── Compute (anyone) ──

export const computeScenario = defineOperation({
  name: "computeScenario",
  kind: "read",
  input: z
    .object({
      document: scenarioDocumentSchema,
      locale: localeSchema,
      /** Rows to explain beyond the first 40 (the builder's "Why?" on a lower row). */
      explainKeys: z.array(z.string().max(220)).max(20).optional(),
    })
    .strict(),
  async run({ db }, input) {
    return computeScenarioIn(db, input.document, input.locale, { explainKeys: input.explainKeys });
  },
});

export const suggestOffers = defineOperation({
  name: "suggestOffers",
  kind: "read",
  input: z
    .object({
      workload: scenarioWorkloadSchema,
      pricingModel: pricingModelSchema.default("on_demand"),
      currency: z.enum(SCENARIO_CURRENCIES).default("USD"),
      count: z.number().int().min(1).max(20).default(3),
    })
    .strict(),
  async run({ db }, input) {
    return { offers: await suggestCheapestOffers(db, input) };
  },
});

// ── Saved scenarios (members) ──

export const listScenarios = defineOperation({
  name: "listScenarios",
  kind: "read",
  input: z.object({ teamId: idSchema.optional(), locale: localeSchema }).strict().optional(),
  async run({ db, actor }, input) {
    const user = requireUser(actor);
    if (input?.teamId) await requireTeamRole(db, actor, input.teamId, "VIEWER");
    const memberships = await db.membership.findMany({
      where: { userId: user.id, ...(input?.teamId ? { teamId: input.teamId } : {}) },
      select: { role: true, team: { select: { id: true, name: true, personal: true } } },
    });
    const teams = memberships
      .map((m) => ({ ...m.team, role: m.role, canEdit: roleAtLeast(m.role, "EDITOR") }))
      .sort((a, b) => Number(b.personal) - Number(a.personal) || a.name.localeCompare(b.name));
    const scenarios = await db.tcoScenario.findMany({
      where: { teamId: { in: teams.map((t) => t.id) }, archivedAt: null },
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      select: {
        ...headerSelect,
        versions: {
          orderBy: { version: "desc" },
          take: 1,
          select: { result: true, input: true, createdBy: { select: { name: true, email: true } } },
        },
      },
    });
    const locale = input?.locale ?? "en";
    const items: ScenarioListItem[] = scenarios.map((s) => {
      const latest = s.versions[0];
      const result = latest ? storedResultIn(latest.result, locale) : null;
      const first = result?.rows[0];
      const offers = (latest?.input as { offers?: unknown[] } | undefined)?.offers;
      return {
        id: s.id,
        name: s.name,
        description: s.description,
        teamId: s.teamId,
        teamName: s.team.name,
        personal: s.team.personal,
        latestVersion: s.latestVersion,
        updatedAt: s.updatedAt.toISOString(),
        updatedBy: latest ? (latest.createdBy.name ?? latest.createdBy.email) : null,
        shortlist: s.shortlist,
        best: first
          ? {
              offerName: first.offer.name,
              pricingModel: first.pricingModel,
              total: first.total,
              currency: first.currency,
            }
          : null,
        offerCount: Array.isArray(offers) ? offers.length : 0,
      };
    });
    return { teams, scenarios: items };
  },
});

export const getScenario = defineOperation({
  name: "getScenario",
  kind: "read",
  input: z.object({ scenarioId: idSchema, version: versionNumber.optional(), locale: localeSchema }).strict(),
  async run(ctx, input): Promise<ScenarioView> {
    const access = await requireScenarioRole(ctx, input.scenarioId, "VIEWER");
    const { db } = ctx;
    const s = await db.tcoScenario.findUniqueOrThrow({
      where: { id: input.scenarioId },
      select: headerSelect,
    });
    const [versions, current, shortlists] = await Promise.all([
      db.tcoScenarioVersion.findMany({
        where: { scenarioId: s.id },
        orderBy: { version: "desc" },
        select: {
          version: true,
          note: true,
          changes: true,
          createdAt: true,
          createdBy: { select: { name: true, email: true } },
        },
      }),
      loadVersion(db, s.id, input.version ?? s.latestVersion, input.locale),
      db.shortlist.findMany({
        where: { teamId: s.teamId },
        orderBy: { name: "asc" },
        select: { id: true, name: true },
      }),
    ]);
    return {
      scenario: toHeader(s, roleAtLeast(access.role, "EDITOR")),
      versions: versions.map((v) => ({
        version: v.version,
        note: v.note,
        changes: Array.isArray(v.changes) ? (v.changes as string[]) : [],
        createdAt: v.createdAt.toISOString(),
        createdBy: v.createdBy.name ?? v.createdBy.email,
      })),
      current,
      checklist: s.shortlist
        ? await loadScenarioChecklist(db, s.shortlist.id, current.document, { includeEvidence: true })
        : null,
      shortlists,
    };
  },
});

export const compareScenarioVersions = defineOperation({
  name: "compareScenarioVersions",
  kind: "read",
  input: z
    .object({
      scenarioId: idSchema,
      a: versionNumber,
      b: versionNumber,
      locale: localeSchema,
    })
    .strict(),
  async run(ctx, input): Promise<ScenarioVersionsComparison> {
    const access = await requireScenarioRole(ctx, input.scenarioId, "VIEWER");
    const s = await ctx.db.tcoScenario.findUniqueOrThrow({
      where: { id: input.scenarioId },
      select: headerSelect,
    });
    const [a, b] = await Promise.all([
      loadVersion(ctx.db, s.id, input.a, input.locale),
      loadVersion(ctx.db, s.id, input.b, input.locale),
    ]);
    return {
      scenario: toHeader(s, roleAtLeast(access.role, "EDITOR")),
      a,
      b,
      changes: diffDocuments(a.document, b.document),
    };
  },
});

export const createScenario = defineOperation({
  name: "createScenario",
  kind: "write",
  input: z
    .object({
      teamId: idSchema,
      name: nameSchema,
      description: noteSchema.optional(),
      document: scenarioDocumentSchema,
      note: noteSchema.optional(),
    })
    .strict(),
  async run({ db, actor }, input) {
    const access = await requireTeamRole(db, actor, input.teamId, "EDITOR");
    const result = await computeScenarioResult(db, input.document);
    const created = await db.tcoScenario.create({
      data: {
        teamId: input.teamId,
        name: input.name,
        description: input.description ?? null,
        createdById: access.userId,
        latestVersion: 1,
        versions: {
          create: {
            version: 1,
            input: input.document,
            result: result as unknown as Prisma.InputJsonValue,
            note: input.note ?? null,
            changes: [],
            createdById: access.userId,
          },
        },
      },
      select: { id: true },
    });
    return { scenarioId: created.id, version: 1 };
  },
});

export const saveScenario = defineOperation({
  name: "saveScenario",
  kind: "write",
  input: z
    .object({
      scenarioId: idSchema,
      /** The version the editor started from. */
      baseVersion: versionNumber.max(2_147_483_646), // the saved version is baseVersion + 1
      document: scenarioDocumentSchema,
      note: noteSchema.optional(),
    })
    .strict(),
  async run(ctx, input) {
    const access = await requireScenarioRole(ctx, input.scenarioId, "EDITOR");
    // Priced before the transaction: a save holds no lock while the engine runs.
    const result = await computeScenarioResult(ctx.db, input.document);
    const stale = (latestVersion: number) =>
      new Conflict("stale_version", { latestVersion, baseVersion: input.baseVersion });
    return ctx.db.$transaction(async (tx) => {
      const version = input.baseVersion + 1;
      const claimed = await tx.tcoScenario.updateMany({
        where: { id: input.scenarioId, latestVersion: input.baseVersion, archivedAt: null },
        data: { latestVersion: version },
      });
      if (claimed.count === 0) {
        const now = await tx.tcoScenario.findUnique({
          where: { id: input.scenarioId },
          select: { latestVersion: true, archivedAt: true },
        });
        if (!now || now.archivedAt) throw new AccessDenied("NOT_FOUND");
        throw stale(now.latestVersion);
      }
      const previous = await tx.tcoScenarioVersion.findUnique({
        where: { scenarioId_version: { scenarioId: input.scenarioId, version: input.baseVersion } },
        select: { input: true },
      });
      const changes = previous
        ? diffDocuments(scenarioDocumentSchema.parse(previous.input), input.document).map((c) => c.path)
        : [];
      await tx.tcoScenarioVersion.create({
        data: {
          scenarioId: input.scenarioId,
          version,
          input: input.document,
          result: result as unknown as Prisma.InputJsonValue,
          note: input.note ?? null,
          changes: changes.slice(0, MAX_CHANGES_STORED),
          createdById: access.userId,
        },
      });
      return { scenarioId: input.scenarioId, version, changes: changes.length };
    });
  },
});

export const updateScenario = defineOperation({
  name: "updateScenario",
  kind: "write",
  input: z
    .object({
      scenarioId: idSchema,
      name: nameSchema.optional(),
      description: noteSchema.optional(),
      /** Attach to a shortlist of the same team (null detaches). */
      shortlistId: idSchema.nullable().optional(),
    })
    .strict(),
  async run(ctx, input) {
    const access = await requireScenarioRole(ctx, input.scenarioId, "EDITOR");
    if (input.shortlistId) {
      const shortlist = await ctx.db.shortlist.findUnique({
        where: { id: input.shortlistId },
        select: { teamId: true },
      });
      if (!shortlist || shortlist.teamId !== access.teamId) {
        throw new InputRejected("shortlist-not-in-team", {
          shortlistId: ["Pick a shortlist of the scenario's own team."],
        });
      }
    }
    const updated = await ctx.db.tcoScenario.update({
      where: { id: input.scenarioId },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.shortlistId !== undefined ? { shortlistId: input.shortlistId } : {}),
      },
      select: { id: true, name: true, description: true, shortlistId: true },
    });
    return {
      scenarioId: updated.id,
      name: updated.name,
      description: updated.description,
      shortlistId: updated.shortlistId,
    };
  },
});

export const duplicateScenario = defineOperation({
  name: "duplicateScenario",
  kind: "write",
  input: z
    .object({
      scenarioId: idSchema,
      version: versionNumber.optional(),
      /** Copy into another team the actor edits (default: the same team). */
      teamId: idSchema.optional(),
      name: nameSchema,
    })
    .strict(),
  async run(ctx, input) {
    const source = await requireScenarioRole(ctx, input.scenarioId, "VIEWER");
    const target = await requireTeamRole(ctx.db, ctx.actor, input.teamId ?? source.teamId, "EDITOR");
    const s = await ctx.db.tcoScenario.findUniqueOrThrow({
      where: { id: input.scenarioId },
      select: { latestVersion: true, description: true },
    });
    const version = await ctx.db.tcoScenarioVersion.findUnique({
      where: {
        scenarioId_version: { scenarioId: input.scenarioId, version: input.version ?? s.latestVersion },
      },
      select: { input: true, result: true, version: true },
    });
    if (!version) throw new AccessDenied("NOT_FOUND");
    const created = await ctx.db.tcoScenario.create({
      data: {
        teamId: target.teamId,
        name: input.name,
        description: s.description,
        createdById: target.userId,
        latestVersion: 1,
        versions: {
          create: {
            version: 1,
            input: version.input as Prisma.InputJsonValue,
            result: version.result ?? undefined,
            note: `Copy of version ${version.version}`,
            changes: [],
            createdById: target.userId,
          },
        },
      },
      select: { id: true },
    });
    return { scenarioId: created.id, version: 1 };
  },
});

export const deleteScenario = defineOperation({
  name: "deleteScenario",
  kind: "write",
  input: z.object({ scenarioId: idSchema }).strict(),
  async run(ctx, input) {
    await requireScenarioRole(ctx, input.scenarioId, "EDITOR");
    await ctx.db.tcoScenario.delete({ where: { id: input.scenarioId } });
    return { scenarioId: input.scenarioId };
  },
});

export const scenarioOperations = {
  computeScenario,
  suggestOffers,
  listScenarios,
  getScenario,
  compareScenarioVersions,
  createScenario,
  saveScenario,
  updateScenario,
  duplicateScenario,
  deleteScenario,
};
