// The team view for this request, read once and shared by the layout (404 check), the
// metadata and the page.
import "server-only";
import { cache } from "react";

import { executeOperation } from "@/server/access/operation.ts";
import { getActor } from "@/server/access/run-action.ts";
import { getDb } from "@/server/db/client.ts";
import { teamOperations } from "@/server/teams/operations.ts";

export const loadTeam = cache(async (teamId: string) => {
  const actor = await getActor();
  if (actor.kind !== "user") return { actor, result: null };
  return {
    actor,
    result: await executeOperation(teamOperations.getTeam, { db: getDb(), actor }, { teamId }),
  };
});
