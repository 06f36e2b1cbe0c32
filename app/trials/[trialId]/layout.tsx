// Checks the trial is one the signed-in user may open before any loading state streams, so an
// unknown id and another team's trial both answer the same real 404. An anonymous visitor gets a
// 404 for an id that does not exist and the page's sign-in prompt for one that does; the page's
// operation decides access again.
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

import { roleIn } from "@/server/access/roles.ts";
import { getActor } from "@/server/access/run-action.ts";
import { isWellFormedId } from "@/lib/ids/id.ts";
import { getDb } from "@/server/db/client.ts";

export default async function TrialLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ trialId: string }>;
}) {
  const { trialId } = await params;
  if (!isWellFormedId(trialId)) notFound();
  const db = getDb();
  const [actor, trial] = await Promise.all([
    getActor(),
    db.trialRun.findUnique({ where: { id: trialId }, select: { teamId: true } }),
  ]);
  if (!trial) notFound();
  if (actor.kind !== "user") return children;
  if (!(await roleIn(db, actor, trial.teamId))) notFound();
  return children;
}
