// Reading saved scenarios (members, VIEWER+): the list, one scenario at a version, and two
// versions compared.
import "server-only";
import { z } from "zod";
import { requireUser } from "../access/actor.ts";
import { defineOperation, idSchema } from "../access/operation.ts";
import { requireTeamRole, roleAtLeast } from "../access/roles.ts";
import { diffDocuments } from "../../lib/scenarios/diff.ts";
import type {
  ScenarioListItem,
  ScenarioVersionsComparison,
  ScenarioView,
} from "../../lib/scenarios/views.ts";
import { storedResultIn } from "../../lib/scenarios/views.ts";
import { loadScenarioChecklist } from "./checklist.ts";
import {
  localeSchema,
  versionNumber,
  requireScenarioRole,
  headerSelect,
  toHeader,
  loadVersion,
} from "./records.ts";

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
