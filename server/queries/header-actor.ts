// Who the site header shows: the signed-in user, or ANONYMOUS. Without a session cookie no
// database lookup happens (most page views are anonymous); a failure to read the session
// never takes the page down (the pages that need a user say so themselves).
import "server-only";

import { cookies } from "next/headers";
import { unstable_rethrow } from "next/navigation";

import { ANONYMOUS, type Actor } from "../access/actor.ts";
import { getActor } from "../access/run-action.ts";
import { log } from "../log.ts";

export async function headerActor(): Promise<Actor> {
  const jar = await cookies();
  if (!jar.getAll().some((cookie) => cookie.name.includes("next-auth.session-token"))) return ANONYMOUS;
  try {
    return await getActor();
  } catch (error) {
    unstable_rethrow(error);
    log.warn("site header: could not read the session", { err: error });
    return ANONYMOUS;
  }
}
