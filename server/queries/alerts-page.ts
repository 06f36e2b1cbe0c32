// What /alerts shows: the visitor's teams, and for the chosen one its alerts and watches,
// through the same checked operations as the actions (server/watches/operations.ts).
import "server-only";

import type { Actor } from "../access/actor.ts";
import { executeOperation } from "../access/operation.ts";
import { getDb } from "../db/client.ts";
import { teamOperations } from "../teams/operations.ts";
import { watchOperations } from "../watches/operations.ts";
import { countUnreadAlerts } from "../watches/unread-count.ts";
import { headerActor } from "./header-actor.ts";

export async function loadAlertsPage(actor: Actor, wantedTeamId: string | undefined) {
  const db = getDb();
  const teams = await executeOperation(teamOperations.listMyTeams, { db, actor }, {});
  if (!teams.ok) throw new Error(`listMyTeams failed: ${teams.error.code}`);
  const team = teams.data.find((x) => x.id === wantedTeamId) ?? teams.data[0];
  if (!team) return { teams: teams.data, team: null, alerts: null, watches: null };
  const [alerts, watches] = await Promise.all([
    executeOperation(watchOperations.listAlerts, { db, actor }, { teamId: team.id }),
    executeOperation(watchOperations.listWatches, { db, actor }, { teamId: team.id }),
  ]);
  if (!alerts.ok || !watches.ok) throw new Error("listing alerts failed");
  return { teams: teams.data, team, alerts: alerts.data, watches: watches.data };
}

/** The header badge's count: null for visitors who are not signed in (no database read then). */
export async function headerUnreadAlerts(): Promise<number | null> {
  const actor = await headerActor();
  if (actor.kind !== "user") return null;
  return countUnreadAlerts(getDb(), actor.user.id).catch(() => 0);
}
