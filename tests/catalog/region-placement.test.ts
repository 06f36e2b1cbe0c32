// Issue 22 §3: a region an earlier import left without a place (GLOBAL, no country) gets its
// country and continent when a catalog names it again; a placed region is never changed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { applySeed } from "../../server/db/seed.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";
import { catalogText, gpuInfoCell, gpuModelsOnly } from "./helpers.ts";

// GpuInfo before Price: the column order of this provider's catalog.
const COLUMNS = [
  "InstanceType",
  "AcceleratorName",
  "AcceleratorCount",
  "vCPUs",
  "MemoryGiB",
  "GpuInfo",
  "Price",
  "SpotPrice",
  "Region",
];
const row = (type: string, region: string) =>
  `${type},L4,1,8,32,${gpuInfoCell("L4", 1, 23034)},0.70,,${region}`;
const csv = catalogText([row("L4_1x", "GR"), row("L4_1x", "warsaw-poland-1"), row("L4_1x", "PT")], COLUMNS);

describe("region placement on re-import", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    await applySeed(db.prisma, gpuModelsOnly);
    const provider = await db.prisma.provider.create({
      data: {
        slug: "lium",
        nameEn: "Lium",
        nameZh: "Lium",
        kind: "GPU_CLOUD",
        hqCountry: "ZZ",
        website: "",
        sourceUrl: "x",
      },
    });
    // As an import before issue 22 left them: no country, GLOBAL; and one placed by hand.
    await db.prisma.region.createMany({
      data: [
        { providerId: provider.id, code: "GR", name: "GR", country: null, continent: "GLOBAL" },
        {
          providerId: provider.id,
          code: "warsaw-poland-1",
          name: "warsaw-poland-1",
          country: null,
          continent: "GLOBAL",
        },
        { providerId: provider.id, code: "PT", name: "Lisbon", country: "PT", continent: "EUROPE" },
      ],
    });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("places the unplaced regions and reports it; a second import changes nothing", async () => {
    const file = {
      name: "lium/vms.csv",
      cloud: "lium",
      text: csv,
      observedAt: new Date("2026-11-20T00:00:00Z"),
    };
    const { report } = await importSkypilot(db.prisma, [file]);
    expect(report.updated.regions).toBe(2);
    const regions = await db.prisma.region.findMany({ orderBy: { code: "asc" } });
    expect(regions.map((r) => [r.code, r.name, r.country, r.continent])).toEqual([
      ["GR", "GR", "GR", "EUROPE"],
      ["PT", "Lisbon", "PT", "EUROPE"],
      ["warsaw-poland-1", "warsaw-poland-1", "PL", "EUROPE"],
    ]);
    const again = await importSkypilot(db.prisma, [file]);
    expect(again.report.updated.regions).toBeUndefined();
  });
});
