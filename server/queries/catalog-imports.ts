// The catalog import pages' reads (/catalog/imports and one import's report), as the visitor.
import "server-only";
import type { z } from "zod";

import { catalogOperations } from "../catalog/ui-operations.ts";
import { readAsViewer } from "./viewer.ts";

type Input<K extends keyof typeof catalogOperations> = z.input<(typeof catalogOperations)[K]["input"]>;

export const listImportBatches = () => readAsViewer(catalogOperations.listImportBatches, {});
export const getImportBatch = (input: Input<"getImportBatch">) =>
  readAsViewer(catalogOperations.getImportBatch, input);
