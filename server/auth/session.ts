// Server-side end of sessions. Sessions are JWT cookies, so "signed out" has to be remembered:
// - each session gets a random id (`sid`) at sign-in; signing out records it here
//   (RevokedSession) until no copy of that cookie can be valid any more;
// - User.sessionVersion ends every session of a user at once (password change, "sign out
//   everywhere").
// The rule is claimsStand(); the Actor (server/access/actor.ts) and next-auth's jwt callback
// (server/auth/options.ts, which /api/auth/session answers from) both apply it.
import "server-only";
import { randomBytes } from "node:crypto";

import type { PrismaClient } from "../../generated/prisma/client.ts";

/** A session lives at most this long after its last refresh (next-auth's maxAge). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
// next-auth's decoder accepts a token 15 s past its expiry; keep revocations a little longer.
const REVOCATION_MARGIN_SECONDS = 5 * 60;

export interface SessionClaims {
  uid?: unknown;
  sv?: unknown;
  sid?: unknown;
}

type Db = Pick<PrismaClient, "user" | "revokedSession">;

export function newSessionId(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * Whether a session still stands: it names a user who still exists, was issued for the user's
 * current session version, carries a session id (tokens from before session ids never do) and
 * that id was not signed out.
 */
export function claimsStand(
  claims: SessionClaims | null | undefined,
  user: { sessionVersion: number } | null,
  revoked: boolean,
): boolean {
  if (!claims || typeof claims.uid !== "string" || typeof claims.sid !== "string") return false;
  if (!user || revoked) return false;
  return user.sessionVersion === (typeof claims.sv === "number" ? claims.sv : 0);
}

export async function isSessionRevoked(
  db: Pick<PrismaClient, "revokedSession">,
  sid: string,
): Promise<boolean> {
  return (await db.revokedSession.count({ where: { sid } })) > 0;
}

/** claimsStand() with the user and revocation read from the database. */
export async function sessionIsLive(db: Db, claims: SessionClaims | null | undefined): Promise<boolean> {
  if (!claims || typeof claims.uid !== "string" || typeof claims.sid !== "string") return false;
  const [user, revoked] = await Promise.all([
    db.user.findUnique({ where: { id: claims.uid }, select: { sessionVersion: true } }),
    isSessionRevoked(db, claims.sid),
  ]);
  return claimsStand(claims, user, revoked);
}

/**
 * Sign-out: the session id is refused from now on. Any copy of the cookie was issued (or last
 * refreshed) before now, so none is valid after now + the session's maximum age: the row is kept
 * until then, and rows past that are pruned here (sign-outs are rare enough to carry it).
 */
export async function revokeSession(
  db: Pick<PrismaClient, "revokedSession">,
  claims: SessionClaims | null | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!claims || typeof claims.sid !== "string" || claims.sid.length > 100) return false;
  const expiresAt = new Date(now.getTime() + (SESSION_MAX_AGE_SECONDS + REVOCATION_MARGIN_SECONDS) * 1000);
  const userId = typeof claims.uid === "string" ? claims.uid : "";
  await db.revokedSession.upsert({
    where: { sid: claims.sid },
    create: { sid: claims.sid, userId, expiresAt },
    update: { expiresAt },
  });
  await db.revokedSession.deleteMany({ where: { expiresAt: { lt: now } } });
  return true;
}

/** Ends every session of a user (password change, "sign out everywhere"). */
export async function endAllSessions(db: Pick<PrismaClient, "user">, userId: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}
