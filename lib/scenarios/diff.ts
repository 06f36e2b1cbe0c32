// What changed between two scenario documents, and a three-way merge for the save conflict:
// documents are flattened to path → value, with offers keyed by what they are (a catalog id or
// a what-if offer's name) rather than by their position, so reordering is not a change and two
// people adding different offers both keep theirs.
import type { ScenarioDocument, ScenarioOffer } from "./document.ts";

export interface DocumentChange {
  /** e.g. "workload.tokens", "offers[catalog:abc].overrides.egressPerGb", "offers[custom:Quote A]". */
  path: string;
  before: unknown;
  after: unknown;
}

type Flat = Map<string, unknown>;

export function offerKey(offer: ScenarioOffer): string {
  return offer.kind === "catalog" ? `catalog:${offer.id}` : `custom:${offer.offer.name}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function flattenInto(out: Flat, prefix: string, value: unknown): void {
  if (isPlainObject(value)) {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined);
    if (keys.length === 0 && prefix) out.set(prefix, {});
    for (const key of keys.sort()) flattenInto(out, prefix ? `${prefix}.${key}` : key, value[key]);
    return;
  }
  // Arrays of scalars (pricingModels) are one value; order does not matter for them.
  if (Array.isArray(value)) {
    out.set(prefix, (value as unknown[]).map(String).sort().join(","));
    return;
  }
  out.set(prefix, value);
}

/** path → value; each offer becomes one entry (its whole JSON) keyed by offerKey. */
export function flattenDocument(doc: ScenarioDocument): Flat {
  const out: Flat = new Map();
  const { offers, ...rest } = doc;
  flattenInto(out, "", rest);
  for (const offer of offers) {
    const base = `offers[${offerKey(offer)}]`;
    if (offer.kind === "catalog") {
      out.set(base, true);
      if (offer.overrides) flattenInto(out, `${base}.overrides`, offer.overrides);
    } else {
      out.set(base, JSON.stringify(offer.offer));
    }
  }
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

export function diffDocuments(a: ScenarioDocument, b: ScenarioDocument): DocumentChange[] {
  const fa = flattenDocument(a);
  const fb = flattenDocument(b);
  const paths = [...new Set([...fa.keys(), ...fb.keys()])].sort();
  return paths
    .filter((p) => !same(fa.get(p), fb.get(p)))
    .map((path) => ({ path, before: fa.get(path), after: fb.get(path) }));
}

export interface MergeResult {
  merged: ScenarioDocument;
  /** Paths both sides changed differently: "mine" was kept; the user should look at them. */
  conflicts: string[];
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/**
 * Three-way merge: start from `theirs` (the version saved meanwhile) and re-apply every change
 * `mine` made against `base`. Where both changed the same path differently, mine wins and the
 * path is reported. Offers: the ones I added are added, the ones I removed are removed, and
 * my override changes are applied to theirs.
 */
export function mergeDocuments(
  base: ScenarioDocument,
  mine: ScenarioDocument,
  theirs: ScenarioDocument,
): MergeResult {
  const myChanges = diffDocuments(base, mine);
  const theirChanges = new Map(diffDocuments(base, theirs).map((c) => [c.path, c]));
  const conflicts: string[] = [];

  const merged = structuredClone(theirs) as ScenarioDocument & Record<string, unknown>;
  const baseOffers = new Map(base.offers.map((o) => [offerKey(o), o]));
  const mineOffers = new Map(mine.offers.map((o) => [offerKey(o), o]));
  const mergedOffers = new Map(merged.offers.map((o) => [offerKey(o), o]));

  for (const change of myChanges) {
    const their = theirChanges.get(change.path);
    if (their && !same(their.after, change.after)) conflicts.push(change.path);
    const offerMatch = /^offers\[(.+?)\](?:\.overrides\.(.+))?$/.exec(change.path);
    if (offerMatch) {
      const key = offerMatch[1]!;
      const overrideKey = offerMatch[2];
      const myOffer = mineOffers.get(key);
      if (!overrideKey) {
        if (myOffer) mergedOffers.set(key, structuredClone(myOffer));
        else if (baseOffers.has(key)) mergedOffers.delete(key);
        continue;
      }
      const target = mergedOffers.get(key);
      if (target?.kind === "catalog" && myOffer?.kind === "catalog") {
        const overrides = { ...(target.overrides ?? {}) } as Record<string, unknown>;
        setPath(overrides, overrideKey.split("."), change.after);
        target.overrides = overrides;
      }
      continue;
    }
    if (change.path === "pricingModels") {
      merged.pricingModels = [...mine.pricingModels];
      continue;
    }
    // A whole workload replaced by another kind: take mine as a whole.
    if (
      change.path.startsWith("workload.") &&
      Object.keys(mine.workload).join() !== Object.keys(theirs.workload).join()
    ) {
      merged.workload = structuredClone(mine.workload);
      continue;
    }
    setPath(merged, change.path.split("."), change.after);
  }
  // Keep theirs' order, then the offers only I added.
  const order = [...theirs.offers.map(offerKey), ...mine.offers.map(offerKey)];
  merged.offers = [...new Set(order)].filter((k) => mergedOffers.has(k)).map((k) => mergedOffers.get(k)!);
  return { merged, conflicts: [...new Set(conflicts)] };
}
