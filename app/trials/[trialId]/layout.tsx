// Checks the trial is one the signed-in user may open before any loading state streams, so an
// unknown id and another team's trial both answer the same real 404. An anonymous visitor gets a
// 404 for an id that does not exist and the page's sign-in prompt for one that does; the page's
// operation decides access again.
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

import { trialPageOpens } from "@/server/queries/trials.ts";

export default async function TrialLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ trialId: string }>;
}) {
  const { trialId } = await params;
  if (!(await trialPageOpens(trialId))) notFound();
  return children;
}
