// The registry of TCO cost lines, in the order they are priced and listed. Everything that
// knows about lines iterates it: the engine (evaluate.ts), the columns and the fast ranker
// (columns.ts, rank.ts), the reference ranking (through evaluate.ts), the explanations'
// line names, the synthetic catalog and the tests' arbitraries. A line that reads the
// running subtotal (support, tax) comes after every line it is a share of.
// Adding a line: its module here plus its messages (CONTRIBUTING.md "Recipe 3").
import { registerLineNames } from "../explain.ts";
import { blockStorageLine } from "./block-storage.ts";
import { computeLine } from "./compute.ts";
import { egressLine } from "./egress.ts";
import { ingressLine } from "./ingress.ts";
import { licencesLine } from "./licences.ts";
import { objectStorageLine } from "./object-storage.ts";
import { snapshotsLine } from "./snapshots.ts";
import { supportLine } from "./support.ts";
import { surchargeLine } from "./surcharge.ts";
import { taxLine } from "./tax.ts";
import type { CostLine } from "./types.ts";

export const COST_LINES = [
  computeLine,
  ingressLine,
  egressLine,
  blockStorageLine,
  objectStorageLine,
  snapshotsLine,
  licencesLine,
  surchargeLine,
  supportLine,
  taxLine,
] as const satisfies readonly CostLine[];

registerLineNames(COST_LINES);

/** Every cost line's kind, in registry order. */
export const LINE_KINDS = COST_LINES.map((line) => line.kind) as unknown as LineKinds;
type KindsOf<T extends readonly unknown[]> = { [I in keyof T]: T[I] extends { kind: infer K } ? K : never };
type LineKinds = KindsOf<typeof COST_LINES>;
export type LineKind = LineKinds[number];

/** Each line's chart colour, by kind. */
export const LINE_COLORS = Object.fromEntries(COST_LINES.map((line) => [line.kind, line.color])) as Record<
  LineKind,
  string
>;
