// Who is acting. Every operation receives an Actor and decides access itself; an Actor is
// built from the session cookie (getActor) in actions and pages, or directly in tests.
import "server-only";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { AccessDenied } from "./errors.ts";

export interface SignedInUser {
  id: string;
  email: string | null;
  name: string | null;
}

export type Actor = { kind: "anonymous" } | { kind: "user"; user: SignedInUser };

export const ANONYMOUS: Actor = { kind: "anonymous" };

export function requireUser(actor: Actor): SignedInUser {
  if (actor.kind !== "user") throw new AccessDenied("SIGN_IN_REQUIRED");
  return actor.user;
}

/** The actor a session names, if the user still exists and the session is not outdated. */
export async function actorFromSession(
  db: PrismaClient,
  session: { uid?: unknown; sv?: unknown } | null,
): Promise<Actor> {
  if (!session || typeof session.uid !== "string") return ANONYMOUS;
  const user = await db.user.findUnique({
    where: { id: session.uid },
    select: { id: true, email: true, name: true, sessionVersion: true },
  });
  if (!user || user.sessionVersion !== (typeof session.sv === "number" ? session.sv : 0)) return ANONYMOUS;
  return { kind: "user", user: { id: user.id, email: user.email, name: user.name } };
}
