// Team membership checks used inside every domain function.
import "server-only";
import type { PrismaClient, TeamRole } from "../../generated/prisma/client.ts";
import { requireUser, type Actor } from "./actor.ts";
import { AccessDenied } from "./errors.ts";

const RANK: Record<TeamRole, number> = { VIEWER: 1, EDITOR: 2, OWNER: 3 };

export function roleAtLeast(role: TeamRole, minimum: TeamRole): boolean {
  return RANK[role] >= RANK[minimum];
}

export interface TeamAccess {
  userId: string;
  teamId: string;
  role: TeamRole;
}

type Db = Pick<PrismaClient, "membership">;

/**
 * The actor's membership of `teamId` with at least `minimum`. Not a member → NOT_FOUND (the
 * team's existence is not revealed); a member with too low a role → FORBIDDEN.
 */
export async function requireTeamRole(
  db: Db,
  actor: Actor,
  teamId: string,
  minimum: TeamRole,
): Promise<TeamAccess> {
  const user = requireUser(actor);
  const membership = await db.membership.findUnique({
    where: { teamId_userId: { teamId, userId: user.id } },
    select: { role: true },
  });
  if (!membership) throw new AccessDenied("NOT_FOUND");
  if (!roleAtLeast(membership.role, minimum)) throw new AccessDenied("FORBIDDEN");
  return { userId: user.id, teamId, role: membership.role };
}

/** The actor's role in `teamId`, or null (no throw), for pages that adapt their controls. */
export async function roleIn(db: Db, actor: Actor, teamId: string): Promise<TeamRole | null> {
  if (actor.kind !== "user") return null;
  const membership = await db.membership.findUnique({
    where: { teamId_userId: { teamId, userId: actor.user.id } },
    select: { role: true },
  });
  return membership?.role ?? null;
}
