// The trial pages' reads (/trials, a new trial's offer, one trial), as the visitor, and the
// trial layout's gate.
import "server-only";
import type { z } from "zod";

import { isWellFormedId } from "../../lib/ids/id.ts";
import { roleIn } from "../access/roles.ts";
import { getActor } from "../access/run-action.ts";
import { getDb } from "../db/client.ts";
import type { TrialOfferRef } from "../../lib/trials/views.ts";
import { loadTrialOffer, trialOperations } from "../trials/operations.ts";
import { readAsViewer } from "./viewer.ts";

type Input<K extends keyof typeof trialOperations> = z.input<(typeof trialOperations)[K]["input"]>;

export const listTrials = (input: Input<"listTrials">) => readAsViewer(trialOperations.listTrials, input);
export const getTrial = (input: Input<"getTrial">) => readAsViewer(trialOperations.getTrial, input);

/** The catalog offer a new trial is about; null for a malformed or unknown id. */
export async function trialOffer(offerId: string): Promise<TrialOfferRef | null> {
  return isWellFormedId(offerId) ? loadTrialOffer(getDb(), offerId) : null;
}

/**
 * Whether /trials/<id>/* may render: false (a real 404) for an id that is malformed, unknown or
 * another team's; true for a member, and for an anonymous visitor on an existing trial (the
 * page shows its sign-in prompt).
 */
export async function trialPageOpens(trialId: string): Promise<boolean> {
  if (!isWellFormedId(trialId)) return false;
  const db = getDb();
  const [actor, trial] = await Promise.all([
    getActor(),
    db.trialRun.findUnique({ where: { id: trialId }, select: { teamId: true } }),
  ]);
  if (!trial) return false;
  if (actor.kind !== "user") return true;
  return (await roleIn(db, actor, trial.teamId)) !== null;
}
