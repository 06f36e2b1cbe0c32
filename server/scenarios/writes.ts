// Changing saved scenarios (EDITOR and OWNER): create, save a new version, rename/attach,
// duplicate, delete. Every save is a new version; a save names the version it started from
// and only succeeds while that is still the latest (one conditional UPDATE), so nobody
// silently overwrites anybody: the loser gets CONFLICT with the latest version number.
import "server-only";
import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client.ts";
import { AccessDenied, Conflict, InputRejected } from "../access/errors.ts";
import { defineOperation, idSchema } from "../access/operation.ts";
import { requireTeamRole } from "../access/roles.ts";
import { scenarioDocumentSchema } from "../../lib/scenarios/document.ts";
import { diffDocuments } from "../../lib/scenarios/diff.ts";
import { computeScenario as computeScenarioResult } from "./compute.ts";
import { versionNumber, nameSchema, noteSchema, MAX_CHANGES_STORED, requireScenarioRole } from "./records.ts";

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
