// Checks the trial is one the signed-in user may open before any loading state streams, so an
// unknown id and another team's trial both answer the same real 404. Anonymous visitors pass
// through to the page's sign-in prompt; the page's operation decides access again.
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

import { roleIn } from "@/server/access/roles.ts";
import { getActor } from "@/server/access/run-action.ts";
import { getDb } from "@/server/db/client.ts";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export default async function TrialLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ trialId: string }>;
}) {
  const { trialId } = await params;
  if (!ID.test(trialId)) notFound();
  const actor = await getActor();
  if (actor.kind !== "user") return children;
  const db = getDb();
  const trial = await db.trialRun.findUnique({ where: { id: trialId }, select: { teamId: true } });
  if (!trial || !(await roleIn(db, actor, trial.teamId))) notFound();
  return children;
}
