// The shortlist pages' reads (/shortlists, one shortlist and its share links), as the visitor.
import "server-only";
import type { z } from "zod";

import { shareOperations } from "../share/operations.ts";
import { shortlistOperations } from "../shortlists/operations.ts";
import { readAsViewer } from "./viewer.ts";

type Input<K extends keyof typeof shortlistOperations> = z.input<(typeof shortlistOperations)[K]["input"]>;

export const listShortlists = (input: Input<"listShortlists"> = {}) =>
  readAsViewer(shortlistOperations.listShortlists, input);
export const getShortlist = (input: Input<"getShortlist">) =>
  readAsViewer(shortlistOperations.getShortlist, input);
export const listShareLinks = (input: z.input<typeof shareOperations.listShareLinks.input>) =>
  readAsViewer(shareOperations.listShareLinks, input);
