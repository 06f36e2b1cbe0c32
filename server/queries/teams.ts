// The team pages' reads (/teams, one team, an invite), as the visitor.
import "server-only";
import { cache } from "react";

import { getActor } from "../access/run-action.ts";
import { teamOperations } from "../teams/operations.ts";
import { readAsViewer } from "./viewer.ts";

export const listMyTeams = () => readAsViewer(teamOperations.listMyTeams, {});

export const previewInvite = (token: string) => readAsViewer(teamOperations.previewInvite, { token });

/** The team view for this request, read once and shared by the layout (404 check), the metadata and the page. */
export const loadTeam = cache(async (teamId: string) => {
  const actor = await getActor();
  if (actor.kind !== "user") return { actor, result: null };
  return { actor, result: await readAsViewer(teamOperations.getTeam, { teamId }) };
});
