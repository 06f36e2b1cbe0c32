// Invite links: a random token shown once to the owner; only its SHA-256 is stored. A link
// works while it is not revoked, not expired and not used up, and — when the owner bound it to
// an email — only for the account with that email; anything else is NOT_FOUND, so a guessed,
// revoked, spent or forwarded token tells nothing.
import "server-only";

import { Prisma, type PrismaClient, type TeamRole } from "../../generated/prisma/client.ts";
import { requireUser } from "../access/actor.ts";
import { AccessDenied } from "../access/errors.ts";
import { defineOperation } from "../access/operation.ts";
import { requireTeamRole } from "../access/roles.ts";
import { generateToken, hashToken, isTokenShaped } from "../auth/tokens.ts";
import { inviteIsUsable, rejectPersonal } from "./team-rules.ts";
import { createInviteInput, inviteIdInput, inviteTokenInput } from "./validation.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export const createInvite = defineOperation({
  name: "createInvite",
  kind: "write",
  input: createInviteInput,
  async run({ db, actor }, input) {
    const access = await requireTeamRole(db, actor, input.teamId, "OWNER");
    await rejectPersonal(db, input.teamId);
    const token = generateToken();
    const expiresAt = new Date(Date.now() + input.expiresInDays * DAY_MS);
    const invite = await db.teamInvite.create({
      data: {
        teamId: input.teamId,
        tokenHash: hashToken(token),
        role: input.role,
        expiresAt,
        maxUses: input.maxUses,
        email: input.email,
        createdById: access.userId,
      },
      select: { id: true },
    });
    // The only time the token leaves the server: the owner copies the link now or makes a new one.
    return { inviteId: invite.id, token, path: `/invite/${token}`, expiresAt: expiresAt.toISOString() };
  },
});

export const revokeInvite = defineOperation({
  name: "revokeInvite",
  kind: "write",
  input: inviteIdInput,
  async run({ db, actor }, input) {
    requireUser(actor);
    const invite = await db.teamInvite.findUnique({
      where: { id: input.inviteId },
      select: { teamId: true },
    });
    if (!invite) throw new AccessDenied("NOT_FOUND");
    await requireTeamRole(db, actor, invite.teamId, "OWNER");
    await db.teamInvite.updateMany({
      where: { id: input.inviteId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    return { inviteId: input.inviteId, teamId: invite.teamId };
  },
});

type Db = Pick<PrismaClient, "teamInvite">;

/**
 * An invite bound to an email works only for the account with that email; for anyone else it
 * is as if the link did not exist (NOT_FOUND), so a forwarded link tells nothing.
 */
function forThisAccount(invite: { email: string | null }, email: string | null): boolean {
  return invite.email === null || (email !== null && invite.email === email.toLowerCase());
}

async function findUsableInvite(db: Db, token: string, now: Date) {
  if (!isTokenShaped(token)) return null;
  const invite = await db.teamInvite.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      teamId: true,
      role: true,
      expiresAt: true,
      uses: true,
      maxUses: true,
      revokedAt: true,
      email: true,
      team: { select: { name: true, personal: true } },
      createdBy: { select: { name: true, email: true } },
    },
  });
  if (!invite || invite.team.personal || !inviteIsUsable(invite, now)) return null;
  return invite;
}

export interface InvitePreview {
  teamId: string;
  teamName: string;
  role: TeamRole;
  inviterName: string | null;
  expiresAt: Date;
  /** The actor's current role in the team, when already a member (accepting changes nothing). */
  currentRole: TeamRole | null;
}

export const previewInvite = defineOperation({
  name: "previewInvite",
  kind: "read",
  input: inviteTokenInput,
  async run({ db, actor }, input): Promise<InvitePreview> {
    const user = requireUser(actor);
    const invite = await findUsableInvite(db, input.token, new Date());
    if (!invite || !forThisAccount(invite, user.email)) throw new AccessDenied("NOT_FOUND");
    const membership = await db.membership.findUnique({
      where: { teamId_userId: { teamId: invite.teamId, userId: user.id } },
      select: { role: true },
    });
    return {
      teamId: invite.teamId,
      teamName: invite.team.name,
      role: invite.role,
      inviterName: invite.createdBy.name ?? invite.createdBy.email,
      expiresAt: invite.expiresAt,
      currentRole: membership?.role ?? null,
    };
  },
});

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export const acceptInvite = defineOperation({
  name: "acceptInvite",
  kind: "write",
  input: inviteTokenInput,
  async run({ db, actor }, input): Promise<{ teamId: string; joined: boolean; role: TeamRole }> {
    const user = requireUser(actor);
    if (!isTokenShaped(input.token)) throw new AccessDenied("NOT_FOUND");
    try {
      return await db.$transaction(async (tx) => {
        const now = new Date();
        const invite = await findUsableInvite(tx, input.token, now);
        if (!invite || !forThisAccount(invite, user.email)) throw new AccessDenied("NOT_FOUND");
        const existing = await tx.membership.findUnique({
          where: { teamId_userId: { teamId: invite.teamId, userId: user.id } },
          select: { role: true },
        });
        // Already in: an invite never upgrades or downgrades anyone, and uses no seat.
        if (existing) return { teamId: invite.teamId, joined: false, role: existing.role };
        // The guard is re-checked by the UPDATE itself: of two concurrent accepts of the last
        // seat, the second waits for the first's row lock and then matches no row.
        const claimed = await tx.teamInvite.updateMany({
          where: {
            id: invite.id,
            revokedAt: null,
            expiresAt: { gt: now },
            OR: [{ maxUses: null }, { uses: { lt: tx.teamInvite.fields.maxUses } }],
          },
          data: { uses: { increment: 1 } },
        });
        if (claimed.count !== 1) throw new AccessDenied("NOT_FOUND");
        await tx.membership.create({ data: { teamId: invite.teamId, userId: user.id, role: invite.role } });
        return { teamId: invite.teamId, joined: true, role: invite.role };
      });
    } catch (error) {
      // The same user accepting twice at once: the loser's transaction rolled back; they are in.
      if (!isUniqueViolation(error)) throw error;
      const invite = await db.teamInvite.findUnique({
        where: { tokenHash: hashToken(input.token) },
        select: { teamId: true },
      });
      const membership =
        invite &&
        (await db.membership.findUnique({
          where: { teamId_userId: { teamId: invite.teamId, userId: user.id } },
          select: { role: true },
        }));
      if (!invite || !membership) throw error;
      return { teamId: invite.teamId, joined: false, role: membership.role };
    }
  },
});
