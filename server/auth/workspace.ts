// Every user has a personal workspace (a team of one, marked personal) from sign-up on.
import "server-only";
import type { PrismaClient } from "../../generated/prisma/client.ts";

type Tx = Pick<PrismaClient, "team" | "membership">;

export async function ensurePersonalWorkspace(db: Tx, userId: string): Promise<string> {
  const existing = await db.membership.findFirst({
    where: { userId, role: "OWNER", team: { personal: true } },
    select: { teamId: true },
  });
  if (existing) return existing.teamId;
  const team = await db.team.create({
    data: { name: "Personal", personal: true, memberships: { create: { userId, role: "OWNER" } } },
    select: { id: true },
  });
  return team.id;
}
