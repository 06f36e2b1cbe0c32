// A shortlist's items (candidate offers): add, update the note and status, remove. Every
// lookup by id goes through the owning team, so someone outside it gets NOT_FOUND.
import "server-only";
import { z } from "zod";
import { ShortlistStatus } from "../../generated/prisma/client.ts";
import { InputRejected } from "../access/errors.ts";
import { defineOperation, idSchema } from "../access/operation.ts";
import { requireItemRole, requireShortlistRole } from "./access.ts";
import { MAX_OFFERS_PER_ADD, MAX_SHORTLIST_ITEMS } from "../../lib/limits/shortlists.ts";
import { optionalText } from "./validation.ts";

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
