// The shortlists the visitor can add offers to (EDITOR or OWNER of their team), through the
// same checked operation as the shortlists page. null = not signed in.
import "server-only";

import { executeOperation } from "../access/operation.ts";
import { getActor } from "../access/run-action.ts";
import { getDb } from "../db/client.ts";
import { shortlistOperations } from "../shortlists/operations.ts";

/** A shortlist the visitor may add offers to (the add-to-shortlist control's targets). */
export interface ShortlistTarget {
  id: string;
  name: string;
  teamName: string;
  personal: boolean;
  itemCount: number;
}

export async function loadShortlistTargets(): Promise<ShortlistTarget[] | null> {
  const actor = await getActor();
  if (actor.kind !== "user") return null;
  const result = await executeOperation(shortlistOperations.listShortlists, { db: getDb(), actor }, {});
  if (!result.ok) return [];
  const editable = new Set(result.data.teams.filter((team) => team.canEdit).map((team) => team.id));
  return result.data.shortlists
    .filter((shortlist) => editable.has(shortlist.team.id))
    .map((shortlist) => ({
      id: shortlist.id,
      name: shortlist.name,
      teamName: shortlist.team.name,
      personal: shortlist.team.personal,
      itemCount: shortlist.itemCount,
    }));
}
