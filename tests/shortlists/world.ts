// A small world for shortlist tests: the mini seed's offers, one team with an owner, an
// editor and a viewer, a stranger with only a personal workspace, and another team with a
// shortlist of its own (to prove nothing crosses over).
import type { PrismaClient, TeamRole } from "../../generated/prisma/client.ts";
import type { Actor } from "../../server/access/actor.ts";
import { ensurePersonalWorkspace } from "../../server/auth/workspace.ts";

export const OTHER_SECRET = "other team secret c0ffee";

export interface World {
  /** Offer ids ordered by instance type: 1x-l4 (alpha, USD), 8x-h100 (alpha, USD), gn-l4 (beta, CNY). */
  offers: string[];
  teamId: string;
  otherTeamId: string;
  otherShortlistId: string;
  otherItemId: string;
  actors: Record<"owner" | "editor" | "viewer" | "stranger" | "other", Actor & { kind: "user" }>;
}

let sequence = 0;

async function user(db: PrismaClient, name: string) {
  const created = await db.user.create({
    data: { email: `${name}-${process.pid}-${++sequence}@example.test`, name },
    select: { id: true, email: true, name: true },
  });
  await ensurePersonalWorkspace(db, created.id);
  return { kind: "user" as const, user: created };
}

export async function buildWorld(db: PrismaClient): Promise<World> {
  const offers = (await db.offer.findMany({ orderBy: { instanceType: "asc" }, select: { id: true } })).map(
    (o) => o.id,
  );
  const owner = await user(db, "owner");
  const editor = await user(db, "editor");
  const viewer = await user(db, "viewer");
  const stranger = await user(db, "stranger");
  const other = await user(db, "other");
  const roles: [typeof owner, TeamRole][] = [
    [owner, "OWNER"],
    [editor, "EDITOR"],
    [viewer, "VIEWER"],
  ];
  const team = await db.team.create({
    data: {
      name: "Research",
      memberships: { create: roles.map(([a, role]) => ({ userId: a.user.id, role })) },
    },
  });
  const otherTeam = await db.team.create({
    data: { name: OTHER_SECRET, memberships: { create: { userId: other.user.id, role: "OWNER" } } },
  });
  const otherShortlist = await db.shortlist.create({
    data: {
      teamId: otherTeam.id,
      name: OTHER_SECRET,
      createdById: other.user.id,
      items: { create: { offerId: offers[0]!, note: OTHER_SECRET, addedById: other.user.id } },
    },
    include: { items: true },
  });
  await db.shortlistComment.create({
    data: { itemId: otherShortlist.items[0]!.id, authorId: other.user.id, body: OTHER_SECRET, vote: 1 },
  });
  return {
    offers,
    teamId: team.id,
    otherTeamId: otherTeam.id,
    otherShortlistId: otherShortlist.id,
    otherItemId: otherShortlist.items[0]!.id,
    actors: { owner, editor, viewer, stranger, other },
  };
}
