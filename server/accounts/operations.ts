// Account operations: sign-up (anonymous), change password and sign out everywhere (signed
// in). Sign-in and sign-out are next-auth's (server/auth/options.ts).
import "server-only";
import { z } from "zod";

import { Prisma } from "../../generated/prisma/client.ts";
import { failedPasswordRules, PASSWORD_MAX_LENGTH } from "../../lib/auth/password-rules.ts";
import { requireUser } from "../access/actor.ts";
import { InputRejected } from "../access/errors.ts";
import { defineOperation } from "../access/operation.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { endAllSessions } from "../auth/session.ts";
import {
  PASSWORD_CHANGE_POLICY,
  clearFailures,
  passwordChangeKey,
  recordFailure,
  throttleWaitSeconds,
} from "../auth/throttle.ts";
import { ensurePersonalWorkspace } from "../auth/workspace.ts";

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address"));
const passwordSchema = z.string().max(PASSWORD_MAX_LENGTH * 4);

function rejectWeak(password: string, email: string, field: string): void {
  const failed = failedPasswordRules(password, email);
  if (failed.length > 0)
    throw new InputRejected("weak-password", { [field]: failed.map((rule) => `password.${rule}`) });
}

export const signUp = defineOperation({
  name: "signUp",
  kind: "write",
  input: z.object({
    email: emailSchema,
    name: z.string().trim().max(80).optional(),
    password: passwordSchema,
  }),
  async run({ db, actor }, input) {
    if (actor.kind === "user") throw new InputRejected("already-signed-in");
    rejectWeak(input.password, input.email, "password");
    const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (existing) throw new InputRejected("email-taken", { email: ["email-taken"] });
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await db.$transaction(async (tx) => {
        const created = await tx.user.create({
          data: { email: input.email, name: input.name || null, passwordHash },
          select: { id: true, email: true },
        });
        const personalTeamId = await ensurePersonalWorkspace(tx, created.id);
        return { ...created, personalTeamId };
      });
      // The new account's personal workspace (a team of one): where its first work can go.
      return { userId: user.id, email: user.email, personalTeamId: user.personalTeamId };
    } catch (error) {
      // Two sign-ups with one address at once: both passed the check above; the unique
      // index lets one in, and the other gets the same answer as a plain duplicate.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
        throw new InputRejected("email-taken", { email: ["email-taken"] });
      }
      throw error;
    }
  },
});

export const changePassword = defineOperation({
  name: "changePassword",
  kind: "write",
  input: z.object({ currentPassword: passwordSchema, newPassword: passwordSchema }),
  async run({ db, actor }, input) {
    const me = requireUser(actor);
    // Guessing the current password (with a session someone left open) is throttled like
    // sign-in, per account: a lock refuses even the right password until it ends.
    const key = passwordChangeKey(me.id);
    const throttled = (seconds: number) =>
      new InputRejected("throttled", { currentPassword: [`throttled:${seconds}`] });
    const wait = await throttleWaitSeconds(db, [key]);
    if (wait > 0) throw throttled(wait);
    const user = await db.user.findUniqueOrThrow({
      where: { id: me.id },
      select: { passwordHash: true, email: true },
    });
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
      await recordFailure(db, key, PASSWORD_CHANGE_POLICY);
      const after = await throttleWaitSeconds(db, [key]);
      if (after > 0) throw throttled(after);
      throw new InputRejected("wrong-password", { currentPassword: ["wrong-password"] });
    }
    await clearFailures(db, key);
    rejectWeak(input.newPassword, user.email ?? "", "newPassword");
    // Bumping sessionVersion signs out every other session (and this one: the form signs in again).
    await db.user.update({
      where: { id: me.id },
      data: { passwordHash: await hashPassword(input.newPassword), sessionVersion: { increment: 1 } },
    });
    return { changed: true };
  },
});

export const signOutEverywhere = defineOperation({
  name: "signOutEverywhere",
  kind: "write",
  input: z.object({}),
  async run({ db, actor }) {
    const me = requireUser(actor);
    // The same as a password change does: every session of this user, this one included, ends
    // on its next request (the account page then signs this browser out and goes home).
    await endAllSessions(db, me.id);
    return { signedOut: true };
  },
});

export const accountOperations = { signUp, changePassword, signOutEverywhere };
