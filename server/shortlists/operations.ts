// Shortlist operations: a team's list of candidate offers with notes, a status per offer and
// comments with votes. Members read (VIEWER+); EDITOR and OWNER change things. Every lookup
// by id goes through the owning team, so someone outside it gets NOT_FOUND.
import "server-only";
import { z } from "zod";

import { Prisma, ShortlistStatus } from "../../generated/prisma/client.ts";
import { requireUser } from "../access/actor.ts";
import { AccessDenied, InputRejected } from "../access/errors.ts";
import { defineOperation, idSchema, type OperationContext } from "../access/operation.ts";
import { requireTeamRole, roleAtLeast } from "../access/roles.ts";
import { requireItemRole, requireShortlistRole } from "./access.ts";
import { MAX_OFFERS_PER_ADD, MAX_SHORTLIST_ITEMS, NAME_MAX, TEXT_MAX } from "../../lib/limits/shortlists.ts";
import { displayCurrencySchema, viewLocaleSchema } from "./view-input.ts";
import { loadShortlistView } from "./view.ts";

const nameSchema = z.string().trim().min(1).max(NAME_MAX);
/** Optional free text: "" (or only spaces) clears it. */
const optionalText = z
  .string()
  .trim()
  .max(TEXT_MAX)
  .transform((v) => (v === "" ? null : v));

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

export const addShortlistItems = defineOperation({
  name: "addShortlistItems",
  kind: "write",
  input: z.object({
    shortlistId: idSchema,
    offerIds: z.array(idSchema).min(1).max(MAX_OFFERS_PER_ADD),
    note: optionalText.optional(),
  }),
  async run({ db, actor }, input) {
    const access = await requireShortlistRole(db, actor, input.shortlistId, "EDITOR");
    const offerIds = [...new Set(input.offerIds)];
    const known = await db.offer.findMany({ where: { id: { in: offerIds } }, select: { id: true } });
    const knownIds = new Set(known.map((o) => o.id));
    const unknown = offerIds.filter((id) => !knownIds.has(id));
    if (unknown.length > 0) throw new InputRejected("unknown-offers", { offerIds: unknown });

    return db.$transaction(async (tx) => {
      // Concurrent adds to one shortlist queue on its row, so the cap counts committed items.
      await tx.$queryRaw`SELECT id FROM "Shortlist" WHERE id = ${input.shortlistId} FOR UPDATE`;
      const present = await tx.shortlistItem.findMany({
        where: { shortlistId: input.shortlistId },
        select: { offerId: true, position: true },
      });
      const presentIds = new Set(present.map((p) => p.offerId));
      const toAdd = offerIds.filter((id) => !presentIds.has(id));
      if (present.length + toAdd.length > MAX_SHORTLIST_ITEMS) {
        throw new InputRejected("too-many-items", {
          offerIds: [`At most ${MAX_SHORTLIST_ITEMS} offers per shortlist (${present.length} already).`],
        });
      }
      let position = present.reduce((max, p) => Math.max(max, p.position), -1);
      const created = await tx.shortlistItem.createMany({
        data: toAdd.map((offerId) => ({
          shortlistId: input.shortlistId,
          offerId,
          note: input.note ?? null,
          position: ++position,
          addedById: access.userId,
        })),
        skipDuplicates: true,
      });
      await tx.shortlist.update({ where: { id: input.shortlistId }, data: { updatedAt: new Date() } });
      return {
        added: created.count,
        skipped: offerIds.length - created.count,
        itemCount: present.length + created.count,
      };
    });
  },
});

export const updateShortlistItem = defineOperation({
  name: "updateShortlistItem",
  kind: "write",
  input: z.object({
    itemId: idSchema,
    note: optionalText.optional(),
    status: z.enum(ShortlistStatus).optional(),
    statusReason: optionalText.optional(),
  }),
  async run({ db, actor }, input) {
    const access = await requireItemRole(db, actor, input.itemId, "EDITOR");
    const item = await db.shortlistItem.update({
      where: { id: input.itemId },
      data: {
        ...(input.note !== undefined ? { note: input.note } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.statusReason !== undefined ? { statusReason: input.statusReason } : {}),
      },
      select: { id: true, note: true, status: true, statusReason: true },
    });
    await db.shortlist.update({ where: { id: access.shortlistId }, data: { updatedAt: new Date() } });
    return item;
  },
});

export const removeShortlistItem = defineOperation({
  name: "removeShortlistItem",
  kind: "write",
  input: z.object({ itemId: idSchema }),
  async run({ db, actor }, input) {
    const access = await requireItemRole(db, actor, input.itemId, "EDITOR");
    await db.shortlistItem.delete({ where: { id: input.itemId } });
    await db.shortlist.update({ where: { id: access.shortlistId }, data: { updatedAt: new Date() } });
    return { itemId: input.itemId };
  },
});

export const addComment = defineOperation({
  name: "addComment",
  kind: "write",
  input: z
    .object({
      itemId: idSchema,
      body: z.string().trim().max(TEXT_MAX).optional(),
      vote: z.union([z.literal(1), z.literal(-1)]).optional(),
    })
    .transform((v) => ({ ...v, body: v.body === "" ? undefined : v.body }))
    .refine((v) => v.body !== undefined || v.vote !== undefined, {
      message: "Write a comment or vote.",
      path: ["body"],
    }),
  async run({ db, actor }, input) {
    const access = await requireItemRole(db, actor, input.itemId, "EDITOR");
    if (input.vote === undefined) {
      const comment = await db.shortlistComment.create({
        data: { itemId: input.itemId, authorId: access.userId, body: input.body ?? null },
        select: { id: true, createdAt: true },
      });
      return { commentId: comment.id, createdAt: comment.createdAt.toISOString() };
    }
    return castVote(db, { itemId: input.itemId, userId: access.userId, vote: input.vote, body: input.body });
  },
});

/**
 * A member has one vote per item (unique key itemId + voterId): voting the same way again
 * changes nothing (text sent with it becomes a plain comment); voting the other way moves the
 * vote to the new comment (the old comment keeps its text, a vote-only one goes). Concurrent
 * votes of one member: the loser of the unique key decides again against the winner's vote.
 */
async function castVote(
  db: OperationContext["db"],
  input: { itemId: string; userId: string; vote: 1 | -1; body: string | undefined },
  attempt = 0,
): Promise<{ commentId: string; createdAt: string }> {
  try {
    const comment = await db.$transaction(async (tx) => {
      const current = await tx.shortlistComment.findFirst({
        where: { itemId: input.itemId, voterId: input.userId },
        select: { id: true, vote: true, body: true, createdAt: true },
      });
      const base = { itemId: input.itemId, authorId: input.userId, body: input.body ?? null };
      const select = { id: true, createdAt: true } as const;
      if (current && current.vote === input.vote) {
        if (input.body === undefined) return current;
        return tx.shortlistComment.create({ data: base, select });
      }
      if (current && current.body === null) await tx.shortlistComment.delete({ where: { id: current.id } });
      else if (current) {
        await tx.shortlistComment.update({ where: { id: current.id }, data: { vote: null, voterId: null } });
      }
      return tx.shortlistComment.create({
        data: { ...base, vote: input.vote, voterId: input.userId },
        select,
      });
    });
    return { commentId: comment.id, createdAt: comment.createdAt.toISOString() };
  } catch (error) {
    const duplicate = error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
    if (duplicate && attempt < 3) return castVote(db, input, attempt + 1);
    throw error;
  }
}

export const deleteComment = defineOperation({
  name: "deleteComment",
  kind: "write",
  input: z.object({ commentId: idSchema }),
  async run({ db, actor }, input) {
    const user = requireUser(actor);
    const comment = await db.shortlistComment.findUnique({
      where: { id: input.commentId },
      select: { authorId: true, item: { select: { shortlist: { select: { teamId: true } } } } },
    });
    if (!comment) throw new AccessDenied("NOT_FOUND");
    const access = await requireTeamRole(db, actor, comment.item.shortlist.teamId, "VIEWER");
    if (comment.authorId !== user.id && access.role !== "OWNER") throw new AccessDenied("FORBIDDEN");
    await db.shortlistComment.delete({ where: { id: input.commentId } });
    return { commentId: input.commentId };
  },
});

export const shortlistOperations = {
  listShortlists,
  createShortlist,
  updateShortlist,
  deleteShortlist,
  getShortlist,
  addShortlistItems,
  updateShortlistItem,
  removeShortlistItem,
  addComment,
  deleteComment,
};
