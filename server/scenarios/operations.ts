// TCO scenario operations by name. Computing (and suggesting offers) works for anyone, signed in
// or not, and writes nothing (compute-operations.ts). Saved scenarios belong to a team (the
// personal workspace is one): members read (VIEWER+, reads.ts), EDITOR and OWNER save versions,
// rename, attach, duplicate, delete (writes.ts); the pieces they share are records.ts. Server
// actions in app/scenarios/actions.ts are thin wrappers named after these keys; pages read
// through server/queries/scenarios.ts.
import "server-only";

import { computeScenario, suggestOffers } from "./compute-operations.ts";
import { compareScenarioVersions, getScenario, listScenarios } from "./reads.ts";
import { createScenario, deleteScenario, duplicateScenario, saveScenario, updateScenario } from "./writes.ts";

export const scenarioOperations = {
  computeScenario,
  suggestOffers,
  listScenarios,
  getScenario,
  compareScenarioVersions,
  createScenario,
  saveScenario,
  updateScenario,
  duplicateScenario,
  deleteScenario,
};
