// Checks the scenario is one the signed-in user may open before any loading state streams, so
// an unknown id and another team's scenario both answer the same real 404 (a notFound() thrown
// inside the pages' Suspense boundaries could only answer 200 with a noindex tag). Anonymous
// visitors pass through to the pages' sign-in prompt; the pages' operations decide access again.
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

import { roleIn } from "@/server/access/roles.ts";
import { getActor } from "@/server/access/run-action.ts";
import { getDb } from "@/server/db/client.ts";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export default async function ScenarioLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ scenarioId: string }>;
}) {
  const { scenarioId } = await params;
  if (!ID.test(scenarioId)) notFound();
  const actor = await getActor();
  if (actor.kind !== "user") return children;
  const db = getDb();
  const scenario = await db.tcoScenario.findUnique({
    where: { id: scenarioId },
    select: { teamId: true, archivedAt: true },
  });
  if (!scenario || scenario.archivedAt || !(await roleIn(db, actor, scenario.teamId))) notFound();
  return children;
}
