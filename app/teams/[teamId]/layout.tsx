// Checks the team is the signed-in user's before any loading state streams, so an unknown
// id and someone else's team both answer the same real 404. Anonymous visitors pass through
// to the page's sign-in prompt.
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

import { loadTeam } from "@/server/queries/teams.ts";

export default async function TeamLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ teamId: string }>;
}) {
  const { teamId } = await params;
  const { result } = await loadTeam(teamId);
  if (result && !result.ok) notFound();
  return children;
}
