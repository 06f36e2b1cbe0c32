// Every operation that touches accounts or workspace data, by name. Server actions are thin
// wrappers named after these (`export async function createTeam(input) { return
// runAction(teamOperations.createTeam, input) }`); tests/access/access-matrix.test.ts checks
// that every exported action maps to an operation here and that every operation has an
// expected allow/deny row for every kind of actor.
import "server-only";
import { accountOperations } from "../accounts/operations.ts";
import { catalogOperations } from "../catalog/ui-operations.ts";
import { checklistOperations } from "../checklist/operations.ts";
import { scenarioOperations } from "../scenarios/operations.ts";
import { shareOperations } from "../share/operations.ts";
import { shortlistOperations } from "../shortlists/operations.ts";
import { teamOperations } from "../teams/operations.ts";
import { hardwareCheckOperations } from "../trials/hardware-operations.ts";
import { trialOperations } from "../trials/operations.ts";
import { watchOperations } from "../watches/operations.ts";

export const WORKSPACE_OPERATIONS = {
  ...accountOperations,
  ...teamOperations,
  ...shortlistOperations,
  ...shareOperations,
  ...scenarioOperations,
  ...trialOperations,
  ...hardwareCheckOperations,
  ...checklistOperations,
  ...catalogOperations,
  ...watchOperations,
};

export type WorkspaceOperationName = keyof typeof WORKSPACE_OPERATIONS;
