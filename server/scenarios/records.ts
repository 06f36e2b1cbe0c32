// What the scenario operations share: input pieces, the member check on a saved scenario,
// and reading its header and one version.
import "server-only";
import { z } from "zod";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { requireUser } from "../access/actor.ts";
import { AccessDenied } from "../access/errors.ts";
import { type OperationContext } from "../access/operation.ts";
import { requireTeamRole } from "../access/roles.ts";
import { LOCALES } from "../../i18n/locales.ts";
import {
  scenarioDocumentSchema,
  SCENARIO_NAME_MAX,
  SCENARIO_NOTE_MAX,
} from "../../lib/scenarios/document.ts";
import type { ScenarioHeader, ScenarioVersionDetail } from "../../lib/scenarios/views.ts";
import { storedResultIn } from "../../lib/scenarios/views.ts";

export const localeSchema = z.enum(LOCALES).default("en");
/** Version numbers are Postgres integers: a larger one failed the query (INTERNAL) instead of a 400. */
export const versionNumber = z.number().int().min(1).max(2_147_483_647);
export const nameSchema = z.string().trim().min(1).max(SCENARIO_NAME_MAX);
export const noteSchema = z
  .string()
  .trim()
  .max(SCENARIO_NOTE_MAX)
  .transform((v) => (v === "" ? null : v));
export const MAX_CHANGES_STORED = 50;

export type Db = PrismaClient | Prisma.TransactionClient;

export async function requireScenarioRole(
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

export const headerSelect = {
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

export function toHeader(
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

export async function loadVersion(
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
