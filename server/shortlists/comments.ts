// Comments on a shortlist item, with one vote per member.
import "server-only";
import { z } from "zod";
import { Prisma } from "../../generated/prisma/client.ts";
import { requireUser } from "../access/actor.ts";
import { AccessDenied } from "../access/errors.ts";
import { defineOperation, idSchema, type OperationContext } from "../access/operation.ts";
import { requireTeamRole } from "../access/roles.ts";
import { requireItemRole } from "./access.ts";
import { TEXT_MAX } from "../../lib/limits/shortlists.ts";

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
