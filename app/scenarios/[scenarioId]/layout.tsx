// Checks the scenario is one the signed-in user may open before anything streams, so an unknown
// id and another team's scenario both answer the same real 404 (a notFound() thrown inside a
// Suspense boundary — a loading.tsx above or beside this segment — could only answer 200 with a
// noindex tag; that is why /scenarios' own loading state lives in the (list) group and the
// scenario pages have none). An anonymous visitor gets a 404 for an id that does not exist and
// the pages' sign-in prompt for one that does; the pages' operations decide access again.
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

import { scenarioPageOpens } from "@/server/queries/scenarios.ts";

export default async function ScenarioLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ scenarioId: string }>;
}) {
  const { scenarioId } = await params;
  if (!(await scenarioPageOpens(scenarioId))) notFound();
  return children;
}
