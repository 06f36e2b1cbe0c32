// One SLA fact per level (issue 21 §2): importing provider-facts.csv over the curated seed
// leaves AWS with exactly its instance- and region-level SLA facts — no unscoped "All |
// 99.99 %" copy — and an unscoped copy an older import left is removed. On both database kinds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import { importProviderFacts } from "../../server/catalog/import-provider-facts.ts";
import { applySeed } from "../../server/db/seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

// The AWS SLA rows of shared/data/provider-facts.csv, verbatim.
const AWS_SLA_CSV = [
  "provider,fact,value,unit,as_of,source_url,quote",
  'AWS,compute_sla_percent,99.99,"percent (region-level, instances across 2+ AZs; text from prior SLA version last updated 2022-05-05)",2022-05-05,https://aws.amazon.com/compute/sla/historical/,AWS will use commercially reasonable efforts to make each Included Service available for each AWS region with a Monthly Uptime Percentage of at least 99.99%',
  'AWS,compute_sla_percent,99.5,"percent (instance-level, single EC2 instance)",2022,https://www.javadeveloper.io/blog/aws/2022/aws-service-level-agreement.html,"At the time of writing this article, a single EC2 instance in one Availability Zone has a guaranteed uptime percentage of 99.5%."',
].join("\n");

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
});
