// Who is acting. Every operation receives an Actor and decides access itself; an Actor is
// built from the session cookie (getActor) in actions and pages, or directly in tests.
import "server-only";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { claimsStand, isSessionRevoked, type SessionClaims } from "../auth/session.ts";
import { AccessDenied } from "./errors.ts";

export interface SignedInUser {
  id: string;
  email: string | null;
  name: string | null;
  /** Granted catalog editing (User.catalogEditor); server/catalog/editors.ts decides with it. */
  catalogEditor?: boolean;
}

export type Actor = { kind: "anonymous" } | { kind: "user"; user: SignedInUser };

export const ANONYMOUS: Actor = { kind: "anonymous" };

export function requireUser(actor: Actor): SignedInUser {
  if (actor.kind !== "user") throw new AccessDenied("SIGN_IN_REQUIRED");
  return actor.user;
}

/**
 * The actor a session names, if the session still stands (server/auth/session.ts claimsStand:
 * the user exists, the session version is current, the session id was not signed out).
 */
export async function actorFromSession(db: PrismaClient, session: SessionClaims | null): Promise<Actor> {
  if (!session || typeof session.uid !== "string" || typeof session.sid !== "string") return ANONYMOUS;
  const [user, revoked] = await Promise.all([
    db.user.findUnique({
      where: { id: session.uid },
      select: { id: true, email: true, name: true, sessionVersion: true, catalogEditor: true },
    }),
    isSessionRevoked(db, session.sid),
  ]);
  if (!user || !claimsStand(session, user, revoked)) return ANONYMOUS;
  return {
    kind: "user",
    user: { id: user.id, email: user.email, name: user.name, catalogEditor: user.catalogEditor },
  };
}
