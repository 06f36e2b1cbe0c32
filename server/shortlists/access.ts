// Access to a shortlist and the things inside it, decided through the owning team: the
// shortlist, item or comment is looked up by id and the actor's membership of its team is
// checked. An id the actor cannot see answers NOT_FOUND, exactly like an id that does not exist.
import "server-only";

import type { PrismaClient, TeamRole } from "../../generated/prisma/client.ts";
import type { Actor } from "../access/actor.ts";
import { requireUser } from "../access/actor.ts";
import { AccessDenied } from "../access/errors.ts";
import { requireTeamRole, type TeamAccess } from "../access/roles.ts";

type Db = Pick<PrismaClient, "membership" | "shortlist" | "shortlistItem" | "shortlistComment">;

export async function requireShortlistRole(
  db: Db,
  actor: Actor,
  shortlistId: string,
  minimum: TeamRole,
): Promise<TeamAccess & { shortlistId: string }> {
  requireUser(actor);
  const shortlist = await db.shortlist.findUnique({ where: { id: shortlistId }, select: { teamId: true } });
  if (!shortlist) throw new AccessDenied("NOT_FOUND");
  return { ...(await requireTeamRole(db, actor, shortlist.teamId, minimum)), shortlistId };
}

export async function requireItemRole(
  db: Db,
  actor: Actor,
  itemId: string,
  minimum: TeamRole,
): Promise<TeamAccess & { shortlistId: string; itemId: string }> {
  requireUser(actor);
  const item = await db.shortlistItem.findUnique({
    where: { id: itemId },
    select: { shortlistId: true, shortlist: { select: { teamId: true } } },
  });
  if (!item) throw new AccessDenied("NOT_FOUND");
  const access = await requireTeamRole(db, actor, item.shortlist.teamId, minimum);
  return { ...access, shortlistId: item.shortlistId, itemId };
}
