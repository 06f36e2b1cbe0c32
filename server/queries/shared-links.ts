// The public share pages' reads (/s/<token> and a scenario shared with it), as the visitor.
import "server-only";
import type { z } from "zod";

import { shareOperations } from "../share/operations.ts";
import { readAsViewer } from "./viewer.ts";

type Input<K extends keyof typeof shareOperations> = z.input<(typeof shareOperations)[K]["input"]>;

export const viewSharedShortlist = (input: Input<"viewSharedShortlist">) =>
  readAsViewer(shareOperations.viewSharedShortlist, input);
export const viewSharedScenario = (input: Input<"viewSharedScenario">) =>
  readAsViewer(shareOperations.viewSharedScenario, input);
