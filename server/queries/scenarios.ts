// The scenario pages' reads (/scenarios, the builder, the report, version comparison), as the
// visitor, and the scenario layout's gate.
import "server-only";
import type { z } from "zod";

import { isWellFormedId } from "../../lib/ids/id.ts";
import { roleIn } from "../access/roles.ts";
import { getActor } from "../access/run-action.ts";
import { getDb } from "../db/client.ts";
import { scenarioOperations } from "../scenarios/operations.ts";
import { readAsViewer } from "./viewer.ts";

type Input<K extends keyof typeof scenarioOperations> = z.input<(typeof scenarioOperations)[K]["input"]>;

export const listScenarios = (input: Input<"listScenarios">) =>
  readAsViewer(scenarioOperations.listScenarios, input);
export const getScenario = (input: Input<"getScenario">) =>
  readAsViewer(scenarioOperations.getScenario, input);
export const compareScenarioVersions = (input: Input<"compareScenarioVersions">) =>
  readAsViewer(scenarioOperations.compareScenarioVersions, input);
export const suggestOffers = (input: Input<"suggestOffers">) =>
  readAsViewer(scenarioOperations.suggestOffers, input);
export const computeScenario = (input: Input<"computeScenario">) =>
  readAsViewer(scenarioOperations.computeScenario, input);

/**
 * Whether /scenarios/<id>/* may render: false (a real 404) for an id that is malformed, unknown,
 * archived, or another team's; true for a member, and for an anonymous visitor on an existing
 * scenario (the pages show their sign-in prompt, and their operations decide access again).
 */
export async function scenarioPageOpens(scenarioId: string): Promise<boolean> {
  if (!isWellFormedId(scenarioId)) return false;
  const db = getDb();
  const [actor, scenario] = await Promise.all([
    getActor(),
    db.tcoScenario.findUnique({ where: { id: scenarioId }, select: { teamId: true, archivedAt: true } }),
  ]);
  if (!scenario || scenario.archivedAt) return false;
  if (actor.kind !== "user") return true;
  return (await roleIn(db, actor, scenario.teamId)) !== null;
}
