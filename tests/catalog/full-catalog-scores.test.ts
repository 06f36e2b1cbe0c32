// Scores on the full public catalog (issue 21 §1, §2): the seed plus every catalog in
// ../shared/data, imported through the real importers, then scored by lib/scoring/rule.ts.
// Skips, saying why, where ../shared is absent.
import { existsSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import { EVIDENCE_ITEM_IDS } from "../../lib/scoring/dimensions.ts";
import { readCatalogPath } from "../../server/catalog/catalog-source.ts";
import { importGpuSpecs } from "../../server/catalog/import-gpu-specs.ts";
import { importProviderFacts } from "../../server/catalog/import-provider-facts.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { applySeed } from "../../server/db/seed.ts";
import { getProviderScores } from "../../server/scoring/get-provider-scores.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";
import { sharedData } from "./helpers.ts";

const available = existsSync(sharedData);
if (!available) console.info(`[tests] ${sharedData} is absent: the full-catalog score tests are skipped.`);

describe.skipIf(!available)("scores on the full public catalog", () => {
  let db: TestDatabase;
  let scores: Awaited<ReturnType<typeof getProviderScores>>;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    await applySeed(db.prisma, seedData);
    await importGpuSpecs(db.prisma, path.join(sharedData, "gpu-specs.csv"));
    for (const target of [
      "skypilot-catalog/v8",
      "hyperscalers/aws_skypilot_v5_vms_gpu_rows.csv",
      "hyperscalers/gcp_skypilot_v5_vms_gpu_rows.csv",
      "hyperscalers/azure_az_ml_vms_v5_gpu_rows.csv",
    ])
      await importSkypilot(db.prisma, await readCatalogPath(path.join(sharedData, target)));
    await importProviderFacts(db.prisma, path.join(sharedData, "provider-facts.csv"));
    scores = await getProviderScores(undefined, db.prisma);
  }, 600_000);
  afterAll(async () => {
    await db?.destroy();
  });

  const by = (slug: string) => scores.find((s) => s.slug === slug)!;
  const at = (slug: string) => scores.findIndex((s) => s.slug === slug);

  it("providers whose only evidence is 'offers NVLink' have no rank and sort after AWS", () => {
    const nvlinkOnly = scores.filter((s) => s.knownItems.length === 1 && s.knownItems[0] === "interconnect");
    expect(nvlinkOnly.length).toBeGreaterThanOrEqual(10);
    for (const s of nvlinkOnly) {
      expect(s, s.slug).toMatchObject({ status: "insufficientEvidence", rank: null });
      expect(s.lowerConfidence, s.slug).not.toBe(100);
      expect(at(s.slug), s.slug).toBeGreaterThan(at("aws"));
    }
    // 11 price/SLA/billing items plus the 9 support and security items the seed's profile facts
    // (issue 27: 7; issue 50: EBS encryption at rest, IAM) source for AWS, of all EVIDENCE_ITEM_IDS.
    expect(by("aws")).toMatchObject({
      status: "ranked",
      rank: 1,
      evidence: { known: 20, considered: EVIDENCE_ITEM_IDS.length },
    });
  });

  it("Oracle OCI (0 instances) does not score 100; RunPod is not the last ranked provider", () => {
    expect(by("oci").lowerConfidence).not.toBe(100);
    expect(by("oci").rank).toBeNull();
    const ranked = scores.filter((s) => s.status === "ranked");
    expect(ranked.at(-1)?.slug).not.toBe("runpod");
    expect(by("runpod").status).toBe("ranked");
  });

  it("AWS keeps exactly one instance- and one region-level SLA; the score reads 99.5 %", async () => {
    const sla = await db.prisma.providerFact.findMany({
      where: { provider: { slug: "aws" }, key: "compute_sla_percent" },
      orderBy: { scope: "asc" },
    });
    expect(sla.map((f) => [f.scope, f.numericValue?.toString()])).toEqual([
      ["instance", "99.5"],
      ["region", "99.99"],
    ]);
    expect(by("aws").sla).toMatchObject({ instance: { percent: 99.5 }, region: { percent: 99.99 } });
  });
});
