// Shortlists themselves: list, create, rename/describe, delete, and one shortlist's view.
// Members read (VIEWER+); EDITOR and OWNER change things.
import "server-only";
import { z } from "zod";
import { requireUser } from "../access/actor.ts";
import { AccessDenied } from "../access/errors.ts";
import { defineOperation, idSchema } from "../access/operation.ts";
import { requireTeamRole, roleAtLeast } from "../access/roles.ts";
import { requireShortlistRole } from "./access.ts";
import { displayCurrencySchema, viewLocaleSchema } from "./view-input.ts";
import { loadShortlistView } from "./view.ts";
import { nameSchema, optionalText } from "./validation.ts";

export const listShortlists = defineOperation({
  name: "listShortlists",
  kind: "read",
  input: z.object({ teamId: idSchema.optional() }).optional(),
  async run({ db, actor }, input) {
    const user = requireUser(actor);
    if (input?.teamId) await requireTeamRole(db, actor, input.teamId, "VIEWER");
    const memberships = await db.membership.findMany({
      where: { userId: user.id, ...(input?.teamId ? { teamId: input.teamId } : {}) },
      select: { role: true, team: { select: { id: true, name: true, personal: true, createdAt: true } } },
    });
    const roles = new Map(memberships.map((m) => [m.team.id, m.role]));
    const shortlists = await db.shortlist.findMany({
      where: { teamId: { in: [...roles.keys()] } },
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      select: {
        id: true,
        name: true,
        description: true,
        teamId: true,
        updatedAt: true,
        _count: { select: { items: true } },
        items: { orderBy: { position: "asc" }, select: { offerId: true } },
      },
    });
    // Personal workspace first, then teams by name.
    const teams = memberships
      .map((m) => ({ ...m.team, role: m.role, canEdit: roleAtLeast(m.role, "EDITOR") }))
      .sort((a, b) => Number(b.personal) - Number(a.personal) || a.name.localeCompare(b.name))
      .map(({ createdAt: _createdAt, ...team }) => team);
    const teamById = new Map(teams.map((t) => [t.id, t]));
    return {
      teams,
      shortlists: shortlists.map((s) => {
        const team = teamById.get(s.teamId)!;
        return {
          id: s.id,
          name: s.name,
          description: s.description,
          team: { id: team.id, name: team.name, personal: team.personal },
          itemCount: s._count.items,
          /** In the shortlist's order: the scenario builder adds them as offers. */
          offerIds: s.items.map((i) => i.offerId),
          updatedAt: s.updatedAt.toISOString(),
          role: team.role,
          canEdit: team.canEdit,
        };
      }),
    };
  },
});

export const createShortlist = defineOperation({
  name: "createShortlist",
  kind: "write",
  input: z.object({ teamId: idSchema, name: nameSchema, description: optionalText.optional() }),
  async run({ db, actor }, input) {
    const access = await requireTeamRole(db, actor, input.teamId, "EDITOR");
    const created = await db.shortlist.create({
      data: {
        teamId: input.teamId,
        name: input.name,
        description: input.description ?? null,
        createdById: access.userId,
      },
      select: { id: true },
    });
    return { shortlistId: created.id };
  },
});

export const updateShortlist = defineOperation({
  name: "updateShortlist",
  kind: "write",
  input: z.object({
    shortlistId: idSchema,
    name: nameSchema.optional(),
    description: optionalText.optional(),
  }),
  async run({ db, actor }, input) {
    await requireShortlistRole(db, actor, input.shortlistId, "EDITOR");
    const updated = await db.shortlist.update({
      where: { id: input.shortlistId },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      },
      select: { id: true, name: true, description: true },
    });
    return { shortlistId: updated.id, name: updated.name, description: updated.description };
  },
});

export const deleteShortlist = defineOperation({
  name: "deleteShortlist",
  kind: "write",
  input: z.object({ shortlistId: idSchema }),
  async run({ db, actor }, input) {
    await requireShortlistRole(db, actor, input.shortlistId, "EDITOR");
    await db.shortlist.delete({ where: { id: input.shortlistId } });
    return { shortlistId: input.shortlistId };
  },
});

export const getShortlist = defineOperation({
  name: "getShortlist",
  kind: "read",
  input: z.object({ shortlistId: idSchema, currency: displayCurrencySchema, locale: viewLocaleSchema }),
  async run({ db, actor }, input) {
    const access = await requireShortlistRole(db, actor, input.shortlistId, "VIEWER");
    const view = await loadShortlistView(db, input.shortlistId, {
      currency: input.currency ?? "USD",
      locale: input.locale ?? "en",
      audience: { kind: "team", viewerUserId: access.userId },
    });
    if (!view) throw new AccessDenied("NOT_FOUND");
    return {
      ...view,
      shortlistId: input.shortlistId,
      role: access.role,
      canEdit: roleAtLeast(access.role, "EDITOR"),
      isOwner: access.role === "OWNER",
    };
  },
});
