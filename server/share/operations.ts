// Share links of a shortlist: their own revocable records with a random 256-bit token of which
// only the SHA-256 is stored. The token is returned once, at creation; listing never shows it.
// Opening a link checks it on every request, so a revoked or expired link stops at once.
import "server-only";
import { z } from "zod";

import { ShareAccess } from "../../generated/prisma/client.ts";
import { requireUser } from "../access/actor.ts";
import { AccessDenied } from "../access/errors.ts";
import { defineOperation, idSchema, type OperationContext } from "../access/operation.ts";
import { requireTeamRole, roleIn } from "../access/roles.ts";
import { scenarioDocumentSchema } from "../../lib/scenarios/document.ts";
import { documentWithoutTeamInputs, resultWithoutTeamInputs } from "../../lib/scenarios/shared.ts";
import { storedResultIn } from "../../lib/scenarios/views.ts";
import { loadScenarioChecklist } from "../scenarios/checklist.ts";
import { generateToken, hashToken, isTokenShaped } from "../auth/tokens.ts";
import { requireShortlistRole } from "../shortlists/access.ts";
import { displayCurrencySchema, viewLocaleSchema } from "../shortlists/view-input.ts";
import { loadShortlistView } from "../shortlists/view.ts";

const DAY_MS = 86_400_000;

export type ShareLinkStatus = "active" | "expired" | "revoked";

function statusOf(link: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ShareLinkStatus {
  if (link.revokedAt) return "revoked";
  if (link.expiresAt && link.expiresAt <= now) return "expired";
  return "active";
}

export const createShareLink = defineOperation({
  name: "createShareLink",
  kind: "write",
  input: z.object({
    shortlistId: idSchema,
    access: z.enum(ShareAccess),
    expiresInDays: z.number().int().min(1).max(365).nullable(),
    includeNotes: z.boolean(),
  }),
  async run({ db, actor }, input) {
    const access = await requireShortlistRole(db, actor, input.shortlistId, "EDITOR");
    const token = generateToken();
    const link = await db.shareLink.create({
      data: {
        tokenHash: hashToken(token),
        scope: "SHORTLIST",
        access: input.access,
        includeNotes: input.includeNotes,
        shortlistId: input.shortlistId,
        createdById: access.userId,
        expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
      },
      select: { id: true, expiresAt: true },
    });
    return {
      linkId: link.id,
      token,
      path: `/s/${token}`,
      expiresAt: link.expiresAt?.toISOString() ?? null,
    };
  },
});

export const listShareLinks = defineOperation({
  name: "listShareLinks",
  kind: "read",
  input: z.object({ shortlistId: idSchema }),
  async run({ db, actor }, input) {
    await requireShortlistRole(db, actor, input.shortlistId, "EDITOR");
    const now = new Date();
    const links = await db.shareLink.findMany({
      where: { shortlistId: input.shortlistId, scope: "SHORTLIST" },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: {
        id: true,
        access: true,
        includeNotes: true,
        createdAt: true,
        expiresAt: true,
        revokedAt: true,
        lastUsedAt: true,
        createdBy: { select: { name: true, email: true } },
      },
    });
    return links.map((l) => ({
      id: l.id,
      access: l.access,
      includeNotes: l.includeNotes,
      createdBy: { name: l.createdBy.name, email: l.createdBy.email },
      createdAt: l.createdAt.toISOString(),
      expiresAt: l.expiresAt?.toISOString() ?? null,
      revokedAt: l.revokedAt?.toISOString() ?? null,
      lastUsedAt: l.lastUsedAt?.toISOString() ?? null,
      status: statusOf(l, now),
    }));
  },
});

export const revokeShareLink = defineOperation({
  name: "revokeShareLink",
  kind: "write",
  input: z.object({ linkId: idSchema }),
  async run({ db, actor }, input) {
    const link = await db.shareLink.findUnique({
      where: { id: input.linkId },
      select: { revokedAt: true, shortlist: { select: { teamId: true } } },
    });
    requireUser(actor);
    if (!link?.shortlist) throw new AccessDenied("NOT_FOUND");
    await requireTeamRole(db, actor, link.shortlist.teamId, "EDITOR");
    // Revoking twice keeps the first time: the update only touches a link not yet revoked, so
    // of concurrent revocations exactly one writes, and every caller answers the stored time.
    if (!link.revokedAt) {
      await db.shareLink.updateMany({
        where: { id: input.linkId, revokedAt: null },
        data: { revokedAt: new Date() },
      });
    }
    const stored = await db.shareLink.findUnique({
      where: { id: input.linkId },
      select: { revokedAt: true },
    });
    if (!stored?.revokedAt) throw new AccessDenied("NOT_FOUND");
    return { linkId: input.linkId, revokedAt: stored.revokedAt.toISOString() };
  },
});

/**
 * The shortlist link behind a token, checked on every request: unknown, malformed, revoked,
 * expired or not a shortlist link → NOT_FOUND; a TEAM link needs a signed-in member.
 */
async function openShortlistLink(
  db: OperationContext["db"],
  actor: OperationContext["actor"],
  token: string,
  now: Date,
) {
  if (!isTokenShaped(token)) throw new AccessDenied("NOT_FOUND");
  const link = await db.shareLink.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      scope: true,
      access: true,
      includeNotes: true,
      expiresAt: true,
      revokedAt: true,
      shortlistId: true,
      shortlist: { select: { teamId: true } },
    },
  });
  if (!link || link.scope !== "SHORTLIST" || !link.shortlistId || !link.shortlist) {
    throw new AccessDenied("NOT_FOUND");
  }
  if (statusOf(link, now) !== "active") throw new AccessDenied("NOT_FOUND");
  if (link.access === "TEAM") {
    if (actor.kind !== "user") throw new AccessDenied("SIGN_IN_REQUIRED");
    if (!(await roleIn(db, actor, link.shortlist.teamId))) throw new AccessDenied("FORBIDDEN");
  }
  return { ...link, shortlistId: link.shortlistId };
}

export const viewSharedShortlist = defineOperation({
  name: "viewSharedShortlist",
  kind: "read",
  // Any string up to a bound: a malformed token is simply a link that does not work.
  input: z.object({ token: z.string().max(200), currency: displayCurrencySchema, locale: viewLocaleSchema }),
  async run({ db, actor }, input) {
    const now = new Date();
    const link = await openShortlistLink(db, actor, input.token, now);
    const view = await loadShortlistView(db, link.shortlistId, {
      currency: input.currency ?? "USD",
      locale: input.locale ?? "en",
      audience: { kind: "shared", includeNotes: link.includeNotes },
      now,
    });
    if (!view) throw new AccessDenied("NOT_FOUND");
    await db.shareLink.update({ where: { id: link.id }, data: { lastUsedAt: now } });
    return { ...view, access: link.access, includeNotes: link.includeNotes };
  },
});

/**
 * A TCO scenario attached to a shared shortlist, opened through that shortlist's link: the
 * latest version read-only (inputs, result, checklist). Same link checks as the shortlist;
 * a scenario that is not attached to the link's shortlist (or archived, or another team's)
 * is NOT_FOUND, so a link never reaches anything else of the team.
 */
export const viewSharedScenario = defineOperation({
  name: "viewSharedScenario",
  kind: "read",
  input: z.object({ token: z.string().max(200), scenarioId: idSchema, locale: viewLocaleSchema }),
  async run({ db, actor }, input) {
    const now = new Date();
    const link = await openShortlistLink(db, actor, input.token, now);
    const scenario = await db.tcoScenario.findUnique({
      where: { id: input.scenarioId },
      select: {
        name: true,
        description: true,
        shortlistId: true,
        archivedAt: true,
        latestVersion: true,
        team: { select: { name: true, personal: true } },
      },
    });
    if (!scenario || scenario.archivedAt || scenario.shortlistId !== link.shortlistId) {
      throw new AccessDenied("NOT_FOUND");
    }
    const version = await db.tcoScenarioVersion.findUnique({
      where: {
        scenarioId_version: { scenarioId: input.scenarioId, version: scenario.latestVersion },
      },
      select: { version: true, input: true, result: true, createdAt: true },
    });
    if (!version) throw new AccessDenied("NOT_FOUND");
    // Without notes a link shows the analysis of catalog offers only: no description, no what-if
    // quotes, no trial labels (the team's own text and numbers, like a note).
    const notes = link.includeNotes;
    const parsed = scenarioDocumentSchema.parse(version.input);
    const document = notes ? parsed : documentWithoutTeamInputs(parsed);
    const locale = input.locale ?? "en";
    const result = storedResultIn(version.result, locale);
    const checklist = await loadScenarioChecklist(db, link.shortlistId, document, {
      // Evidence is the team's own free text, like a note: only on links that include notes.
      includeEvidence: link.includeNotes,
    });
    await db.shareLink.update({ where: { id: link.id }, data: { lastUsedAt: now } });
    return {
      name: scenario.name,
      description: notes ? scenario.description : null,
      meta: {
        // Like the shared shortlist: a team's name, never a person's personal workspace.
        teamName: scenario.team.personal ? null : scenario.team.name,
        version: version.version,
        savedAt: version.createdAt.toISOString(),
        // Who saved it is not part of a share link (no names or emails of team members).
        savedBy: null,
        latestVersion: scenario.latestVersion,
      },
      document,
      result: result && !notes ? resultWithoutTeamInputs(result) : result,
      checklist,
      access: link.access,
      includeNotes: notes,
    };
  },
});

export const shareOperations = {
  createShareLink,
  listShareLinks,
  revokeShareLink,
  viewSharedShortlist,
  viewSharedScenario,
};
