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

/**
 * Without a team asked for: the member's team with the newest unread alert, else the one with
 * the newest watch (the header badge counts unread alerts of every team, so the page opens
 * where they are), else none.
 */
async function busiestTeam<T extends { id: string }>(
  db: ReturnType<typeof getDb>,
  teams: readonly T[],
): Promise<T | undefined> {
  const ids = teams.map((t) => t.id);
  if (ids.length < 2) return undefined;
  const unread = await db.watchAlert.findFirst({
    where: { teamId: { in: ids }, readAt: null },
    orderBy: { createdAt: "desc" },
    select: { teamId: true },
  });
  const watch = unread
    ? null
    : await db.watch.findFirst({
        where: { teamId: { in: ids } },
        orderBy: { createdAt: "desc" },
        select: { teamId: true },
      });
  const teamId = unread?.teamId ?? watch?.teamId;
  return teams.find((t) => t.id === teamId);
}

export async function loadAlertsPage(actor: Actor, wantedTeamId: string | undefined) {
  const db = getDb();
  const teams = await executeOperation(teamOperations.listMyTeams, { db, actor }, {});
  if (!teams.ok) throw new Error(`listMyTeams failed: ${teams.error.code}`);
  const team =
    teams.data.find((x) => x.id === wantedTeamId) ?? (await busiestTeam(db, teams.data)) ?? teams.data[0];
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
