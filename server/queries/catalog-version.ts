// Reads that are kept between requests while the catalog stays the same. The CatalogVersion
// token (one row) is replaced by every CurrentPrice refresh (server/catalog/current-prices.ts)
// and, through statement-level triggers, by every statement that changes a provider, GPU
// model, region, offer, provider fact, FX rate or Spot Advisor evidence (migration
// 20261210100000_catalog_version_triggers). A value loaded after the token was read is kept
// under it: a reader that reads another token loads it again, so a kept value is never older
// than the token it is kept under. Per database client (each test database has its own).
import "server-only";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { processWide } from "../process-wide.ts";

export async function catalogToken(prisma: PrismaClient): Promise<string | null> {
  const rows = await prisma.$queryRaw<{ token: string }[]>`SELECT token FROM "CatalogVersion" WHERE id = 1`;
  return rows[0]?.token ?? null;
}

type Entry = { token: string; value: unknown };
/** Per database client; one for the process, not one per page or route bundle (process-wide.ts). */
const kept = processWide("catalog-version:kept", () => new WeakMap<object, Map<string, Entry>>());

/**
 * `load()`'s value for `key`, kept under `token` (read before calling this). At most `max`
 * keys per client per family of keys sharing a prefix up to the first ":", the oldest dropped
 * first. `stillTrue`, when given, also has to accept a kept value (one that depends on the
 * clock as well as on the catalog: offer-counts.ts); otherwise it is loaded again.
 */
export async function keptUnder<T>(
  prisma: PrismaClient,
  key: string,
  token: string | null,
  load: () => Promise<T>,
  max = 64,
  stillTrue?: (value: T) => boolean,
): Promise<T> {
  const hit = kept.get(prisma)?.get(key);
  if (token !== null && hit?.token === token && (!stillTrue || stillTrue(hit.value as T)))
    return hit.value as T;
  const value = await load();
  if (token !== null) {
    let map = kept.get(prisma);
    if (!map) kept.set(prisma, (map = new Map<string, Entry>()));
    map.delete(key);
    const family = `${key.split(":")[0]}:`;
    const same = [...map.keys()].filter((k) => k.startsWith(family));
    for (const k of same.slice(0, Math.max(0, same.length - max + 1))) map.delete(k);
    map.set(key, { token, value });
  }
  return value;
}
