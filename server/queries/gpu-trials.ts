// The signed-in visitor's own trial runs on offers of one GPU model (the GPU page's "your
// measurements"), through the same checked operation as /trials; null for visitors, teams
// without trials on it, or a refused read. Trials without a measured step time are left out.
import "server-only";

import { executeOperation } from "../access/operation.ts";
import { getActor } from "../access/run-action.ts";
import { getDb } from "../db/client.ts";
import { trialOperations } from "../trials/operations.ts";

export async function loadGpuTrials({ slug, currency }: { slug: string; currency: "USD" | "CNY" }) {
  const actor = await getActor();
  if (actor.kind !== "user") return null;
  const list = await executeOperation(
    trialOperations.listTrials,
    { db: getDb(), actor },
    { currency, gpuSlug: slug },
  );
  if (!list.ok) return null;
  const trials = list.data.trials.filter((t) => t.stepTimeSeconds !== null);
  return trials.length === 0 ? null : { ...list.data, trials };
}
