// Inputs of the team operations, one zod schema each; forms reuse the bounds.
import { z } from "zod";

import { idSchema } from "../access/operation.ts";

import {
  INVITE_DEFAULT_DAYS,
  INVITE_MAX_DAYS,
  INVITE_MAX_USES,
  TEAM_NAME_MAX,
} from "../../lib/limits/teams.ts";

export const teamNameSchema = z.string().trim().min(1).max(TEAM_NAME_MAX);
/** Roles an owner can hand out; OWNER only moves through transferOwnership. */
export const grantableRoleSchema = z.enum(["EDITOR", "VIEWER"]);
/** Bounded before hashing; the shape (43 base64url characters) is checked by isTokenShaped. */
export const inviteTokenSchema = z.string().max(200);

export const listMyTeamsInput = z.object({});
export const teamIdInput = z.object({ teamId: idSchema });
export const createTeamInput = z.object({ name: teamNameSchema });
export const renameTeamInput = z.object({ teamId: idSchema, name: teamNameSchema });
export const createInviteInput = z.object({
  teamId: idSchema,
  role: grantableRoleSchema,
  expiresInDays: z.number().int().min(1).max(INVITE_MAX_DAYS).default(INVITE_DEFAULT_DAYS),
  // null = usable by anyone with the link until it expires.
  maxUses: z.number().int().min(1).max(INVITE_MAX_USES).nullable().default(1),
  // Only the account with this email may use the link (null: anyone who has it).
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email("Enter a valid email address"))
    .nullable()
    .default(null),
});
export const inviteIdInput = z.object({ inviteId: idSchema });
export const inviteTokenInput = z.object({ token: inviteTokenSchema });
export const changeMemberRoleInput = z.object({
  teamId: idSchema,
  userId: idSchema,
  role: grantableRoleSchema,
});
export const memberInput = z.object({ teamId: idSchema, userId: idSchema });

export type CreateInviteInput = z.input<typeof createInviteInput>;
