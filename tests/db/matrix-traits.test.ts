// The matrix's provider traits (issue 27) from the curated seed, on PGlite and Postgres: a
// stated "yes" gives the trait, an "in progress" or "partial" does not, a mainland-China region
// and an InfiniBand offer count, and a provider with nothing stated has no entry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import { applySeed } from "../../server/db/seed.ts";
import { getProviderTraits } from "../../server/queries/matrix-traits.ts";
import type { ProviderTraitMap } from "../../lib/matrix/traits.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

describe.each(testDbKinds)("matrix provider traits on %s", (kind) => {
  let db: TestDatabase;
  let traits: ProviderTraitMap;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
    traits = await getProviderTraits(db.prisma);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it.each([
    ["coreweave", "k8s", true],
    ["gcp", "k8s", true],
    ["aws", "support247", true],
    ["gcp", "support247", true],
    ["nebius", "infiniband", true],
    ["nebius", "soc2", false], // "in progress" on the trust center
    ["nebius", "hipaa", false], // "partial": the HIPAA guide quoted does not mention a BAA
    ["tencent", "soc2", false], // "SOC" named, type not stated
    ["alibaba", "infiniband", false], // eRDMA, not InfiniBand
    ["alibaba", "cn", true],
    ["tencent", "cn", true],
    ["aws", "hipaa", true], // BAA in AWS Artifact
    ["lambda", "hipaa", false], // no source in the seed: unknown, not "yes"
    ["crusoe", "k8s", true], // a seeded provider with profile facts and no offers
    ["crusoe", "infiniband", true],
    ["crusoe", "cn", false],
    ["together", "k8s", true],
    ["together", "infiniband", false], // not stated on the pages quoted
  ] as const)("%s %s: %s", (slug, trait, expected) => {
    expect(traits[slug]?.includes(trait) ?? false).toBe(expected);
  });
});
