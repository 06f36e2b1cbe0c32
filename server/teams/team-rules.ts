// Rules shared by the team operations.
import "server-only";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { InputRejected } from "../access/errors.ts";

/** Personal workspaces get no members, invites, renames or deletion. */
export async function rejectPersonal(db: Pick<PrismaClient, "team">, teamId: string): Promise<void> {
  const team = await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { personal: true } });
  if (team.personal) throw new InputRejected("personal-team");
}

export interface InviteState {
  revokedAt: Date | null;
  expiresAt: Date;
  uses: number;
  maxUses: number | null;
}

/** Not revoked, not expired, not used up. */
export function inviteIsUsable(invite: InviteState, now: Date): boolean {
  return (
    invite.revokedAt === null &&
    invite.expiresAt.getTime() > now.getTime() &&
    (invite.maxUses === null || invite.uses < invite.maxUses)
  );
}
