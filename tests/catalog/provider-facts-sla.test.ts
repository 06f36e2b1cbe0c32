// One SLA fact per level (issue 21 §2): importing provider-facts.csv over the curated seed
// leaves AWS with exactly its instance- and region-level SLA facts — no unscoped "All |
// 99.99 %" copy — and an unscoped copy an older import left is removed. On both database kinds.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import { importProviderFacts } from "../../server/catalog/import-provider-facts.ts";
import { applySeed } from "../../server/db/seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

// Two AWS SLA rows in the provider-facts format, written for this test: the level is named in
// the unit, as the public provider-facts.csv names it (that file is imported below when present).
const AWS_SLA_CSV = [
  "provider,fact,value,unit,as_of,source_url,quote",
  'AWS,compute_sla_percent,99.99,"percent (region-level, instances in two or more zones)",2022-05-05,https://aws.amazon.com/compute/sla/historical/,Region-level commitment (fixture text)',
  'AWS,compute_sla_percent,99.5,"percent (instance-level, one instance in one zone)",2022,https://aws.amazon.com/compute/sla/,Instance-level commitment (fixture text)',
].join("\n");
const realFacts = path.resolve(import.meta.dirname, "../../../shared/data/provider-facts.csv");
const haveRealFacts = existsSync(realFacts);
if (!haveRealFacts)
  console.warn(`[tests] ${realFacts} is absent: the real provider-facts import check is skipped.`);

describe.each(testDbKinds)("provider facts import: SLA levels on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const awsSla = async () =>
    (
      await db.prisma.providerFact.findMany({
        where: { provider: { slug: "aws" }, key: "compute_sla_percent" },
        orderBy: { scope: "asc" },
      })
    ).map((f) => [f.scope, f.numericValue?.toString()]);

  it("importing the AWS SLA rows over the seed adds no unscoped copy, twice", async () => {
    for (let i = 0; i < 2; i++) {
      const { report } = await importProviderFacts(db.prisma, "provider-facts.csv", { text: AWS_SLA_CSV });
      expect(report.created).toEqual({});
      expect(await awsSla()).toEqual([
        ["instance", "99.5"],
        ["region", "99.99"],
      ]);
    }
  });

  it("removes the unscoped 'All | 99.99 %' copy an older import left", async () => {
    const aws = await db.prisma.provider.findUniqueOrThrow({ where: { slug: "aws" } });
    const batch = await db.prisma.importBatch.create({
      data: { kind: "PROVIDER_FACTS", source: "provider-facts.csv", status: "SUCCEEDED" },
    });
    await db.prisma.providerFact.create({
      data: {
        providerId: aws.id,
        key: "compute_sla_percent",
        scope: "",
        value: "99.99",
        numericValue: "99.99",
        sourceUrl: "https://aws.amazon.com/compute/sla/historical/",
        importBatchId: batch.id,
      },
    });
    expect(await awsSla()).toHaveLength(3);
    const { report } = await importProviderFacts(db.prisma, "provider-facts.csv", { text: AWS_SLA_CSV });
    expect(report.correctionsByRule).toMatchObject({ duplicate_unscoped_fact_removed: 1 });
    expect(await awsSla()).toEqual([
      ["instance", "99.5"],
      ["region", "99.99"],
    ]);
  });

  it.skipIf(!haveRealFacts)(
    "importing the public provider-facts.csv keeps AWS at one SLA fact per level",
    async () => {
      const text = await readFile(realFacts, "utf8");
      for (let i = 0; i < 2; i++) {
        await importProviderFacts(db.prisma, "provider-facts.csv", { text });
        expect(await awsSla()).toEqual([
          ["instance", "99.5"],
          ["region", "99.99"],
        ]);
      }
    },
  );
});
