// AWS Spot Instance Advisor import (issue 22 §5): per region × instance type (Linux) the
// interruption bucket and saving, dated, linked to AWS offers by region + instance type. A small
// fixture always runs; the real feed in ../shared/data runs when it is there.
import { existsSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import { importSpotAdvisor, parseSpotAdvisor } from "../../server/catalog/import-spot-advisor.ts";
import { loadSpotEvidence } from "../../server/catalog/spot-evidence.ts";
import { applySeed } from "../../server/db/seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { fixture, sharedData } from "./helpers.ts";

const SNAPSHOT = new Date("2025-06-28T00:00:00Z");

describe("parsing the feed", () => {
  it("reads Linux rows only, and rejects a bucket outside 0–4 and a malformed instance type with reasons", async () => {
    const { readFile } = await import("node:fs/promises");
    const json = JSON.parse(await readFile(fixture("spot-advisor-mini.json"), "utf8")) as unknown;
    const { rows, problems, read } = parseSpotAdvisor(json);
    expect(read).toBe(12);
    expect(rows).toHaveLength(10);
    expect(problems.map((p) => p.reason).sort()).toEqual(["bad_bucket", "bad_instance_type"]);
    expect(
      parseSpotAdvisor({ spot_advisor: { "us-east-1": { Linux: { "p5.48xlarge": { s: -62, r: 0 } } } } })
        .rows,
    ).toEqual([
      { regionCode: "us-east-1", instanceType: "p5.48xlarge", os: "Linux", bucket: 0, savingsPercent: null },
    ]);
    expect(rows.find((r) => r.regionCode === "us-east-1" && r.instanceType === "g4dn.xlarge")).toEqual({
      regionCode: "us-east-1",
      instanceType: "g4dn.xlarge",
      os: "Linux",
      bucket: 3,
      savingsPercent: 64,
    });
  });
  it("refuses a file that is not the feed", () => {
    expect(() => parseSpotAdvisor({ prices: [] })).toThrow(/not a Spot Advisor feed/);
  });
});

describe.each(testDbKinds)("Spot Advisor import on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("stores each row with its snapshot date and source, and a second import changes nothing", async () => {
    const first = await importSpotAdvisor(db.prisma, fixture("spot-advisor-mini.json"), { asOf: SNAPSHOT });
    expect(first.report).toMatchObject({ rowsRead: 12, rowsImported: 10, rowsRejected: 2 });
    expect(first.report.created.spotEvidence).toBe(10);
    const again = await importSpotAdvisor(db.prisma, fixture("spot-advisor-mini.json"), { asOf: SNAPSHOT });
    expect(again.report.created.spotEvidence).toBeUndefined();
    expect(again.report.unchanged.spotEvidence).toBe(10);
    expect(await db.prisma.spotInterruptionEvidence.count()).toBe(10);
    const batch = await db.prisma.importBatch.findUniqueOrThrow({ where: { id: first.batchId } });
    expect(batch.kind).toBe("SPOT_ADVISOR");
  });

  it("links to the seed's AWS offers by region + instance type; offers without a row have no evidence", async () => {
    const offers = await db.prisma.offer.findMany({
      where: { provider: { slug: "aws" }, instanceType: "g4dn.xlarge" },
      include: { region: true },
    });
    const gcp = await db.prisma.offer.findFirstOrThrow({ where: { provider: { slug: { not: "aws" } } } });
    const evidence = await loadSpotEvidence(db.prisma, [...offers.map((o) => o.id), gcp.id]);
    const byRegion = Object.fromEntries(
      offers.map((o) => [o.region.code, evidence.get(o.id)?.label ?? null]),
    );
    // Fixture: us-east-1 bucket 3, us-west-2 bucket 4; eu-west-1 is not in the fixture.
    expect(byRegion).toEqual({ "us-east-1": "15-20%", "us-west-2": ">20%", "eu-west-1": null });
    expect(evidence.get(gcp.id)).toBeUndefined();
    const east = evidence.get(offers.find((o) => o.region.code === "us-east-1")!.id)!;
    expect(east).toMatchObject({ bucket: 3, savingsPercent: 64, asOf: "2025-06-28", atLeast: false });
    expect(east.lambdaPerHour).toBeCloseTo(-Math.log(0.8) / 730, 15);
  });

  it("a newer snapshot is added beside the old one, and the newest is the one shown", async () => {
    const { writeFile, mkdtemp } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const dir = await mkdtemp(path.join(tmpdir(), "spot-advisor-"));
    const file = path.join(dir, "newer.json");
    await writeFile(
      file,
      JSON.stringify({ spot_advisor: { "us-east-1": { Linux: { "g4dn.xlarge": { s: 60, r: 0 } } } } }),
    );
    await importSpotAdvisor(db.prisma, file, { asOf: new Date("2025-09-01T00:00:00Z") });
    expect(await db.prisma.spotInterruptionEvidence.count()).toBe(11);
    const offer = await db.prisma.offer.findFirstOrThrow({
      where: { provider: { slug: "aws" }, instanceType: "g4dn.xlarge", region: { code: "us-east-1" } },
    });
    expect((await loadSpotEvidence(db.prisma, [offer.id])).get(offer.id)).toMatchObject({
      bucket: 0,
      asOf: "2025-09-01",
    });
  });

  it("refuses a snapshot date in the future, changing nothing", async () => {
    await expect(
      importSpotAdvisor(db.prisma, fixture("spot-advisor-mini.json"), {
        asOf: new Date(Date.now() + 5 * 86_400_000),
      }),
    ).rejects.toThrow(/future/);
  });
});

const realFeed = path.join(sharedData, "spot-advisor", "aws-spot-advisor-data.json");
const available = existsSync(realFeed);
if (!available) console.warn(`[tests] ${realFeed} is absent: the real Spot Advisor import test is skipped.`);

describe.skipIf(!available)("the real feed (../shared/data, snapshot 2025-06-28)", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    await applySeed(db.prisma, seedData);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it(
    "imports every Linux row of 33 regions and gives the seed's AWS GPU offers a bucket",
    { timeout: 120_000 },
    async () => {
      const { report } = await importSpotAdvisor(db.prisma, realFeed, { asOf: SNAPSHOT });
      expect(report.rowsRejected).toBe(0);
      // ca-central-1 p5.48xlarge states a saving of −62 %: its bucket is kept, the saving dropped.
      expect(report.correctionsByRule).toEqual({ savings_out_of_range: 1 });
      expect(report.rowsImported).toBe(report.rowsRead);
      const regions = await db.prisma.spotInterruptionEvidence.groupBy({ by: ["regionCode"] });
      expect(regions).toHaveLength(33);
      const aws = await db.prisma.offer.findMany({
        where: { provider: { slug: "aws" } },
        include: { region: true },
      });
      const evidence = await loadSpotEvidence(
        db.prisma,
        aws.map((o) => o.id),
      );
      const p5 = aws.find((o) => o.instanceType === "p5.48xlarge" && o.region.code === "us-east-1");
      if (p5) expect(evidence.get(p5.id)?.label).toBe(">20%"); // the feed's us-east-1 p5.48xlarge: r 4
      expect(evidence.size).toBeGreaterThan(aws.length / 2);
    },
  );
});
