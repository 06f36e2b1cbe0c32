// The Epoch AI importer (issue 22 §1): gaps filled with the figure's source named, curated
// values win and conflicts are reported, rows that match no model are skipped with a reason,
// a 'variant not stated' model is never filled from one variant's row. A small fixture, then
// the real file from ../shared/data (skipped when it is absent).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { applySeed } from "../../server/db/seed.ts";
import { importEpoch } from "../../server/catalog/import-epoch.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";
import { counts, fixture, gpuModelsOnly, sharedData } from "./helpers.ts";

const epochFile = path.join(sharedData, "epoch-ml-hardware.csv");
const available = existsSync(epochFile);
if (!available) console.info(`[tests] ${epochFile} is absent: the real Epoch AI import test is skipped.`);

describe("importing Epoch AI's ML hardware CSV", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    await applySeed(db.prisma, gpuModelsOnly);
  });
  afterAll(async () => {
    await db?.destroy();
  });
  const gpu = (slug: string) => db.prisma.gpuModel.findUniqueOrThrow({ where: { slug } });

  it("fills gaps, keeps curated values, reports conflicts and skips what it cannot place", async () => {
    const before4090 = await gpu("rtx-4090-24gb");
    expect((await gpu("rtx-a2000-12gb")).bf16DenseTflops).toBeNull();
    const { report } = await importEpoch(db.prisma, fixture("epoch-small.csv"));
    expect(report).toMatchObject({ status: "SUCCEEDED", rowsRead: 9, rowsImported: 6, rowsRejected: 1 });
    expect(report.rejectionsByReason).toEqual({ no_hardware_name: 1 });
    expect(report.skippedByReason).toEqual({ no_matching_gpu_model: 1, variant_not_stated_model: 1 });
    expect(report.unknownGpuNames).toEqual({ "Google TPU v5p": 1 });
    expect(report.correctionsByRule).toMatchObject({
      spec_conflict_kept_curated: 1,
      spec_not_number_ignored: 1,
    });
    expect(report.corrections.map((c) => c.detail)).toContain(
      "RTX 4090 24GB bf16DenseTflops: stored 165.2, Epoch 330 (kept stored)",
    );
    // The gap is filled, and the figure's source is named on the model.
    const a2000 = await gpu("rtx-a2000-12gb");
    expect(a2000.bf16DenseTflops).toBe(31.9);
    expect(a2000.sourceNote).toContain("Filled from Epoch AI row 'NVIDIA RTX A2000 12GB'");
    expect(a2000.sourceNote).toContain("bf16DenseTflops 31.9");
    // A gap our note leaves undefined on purpose stays a gap.
    expect((await gpu("rtx-5090-32gb")).bf16DenseTflops).toBeNull();
    // Curated wins; the PCIe bus figure is not taken for NVLink; the unstated A100 stays as it was.
    expect((await gpu("rtx-4090-24gb")).bf16DenseTflops).toBe(before4090.bf16DenseTflops);
    expect((await gpu("v100-pcie-16gb")).nvlinkGbps).toBeNull();
    expect((await gpu("a100-40gb")).tdpW).toBeNull();
  });

  it("re-importing the same file changes nothing", async () => {
    const before = await counts(db.prisma);
    const note = (await gpu("rtx-a2000-12gb")).sourceNote;
    const { report } = await importEpoch(db.prisma, fixture("epoch-small.csv"));
    expect(report.updated).toEqual({});
    expect((await gpu("rtx-a2000-12gb")).sourceNote).toBe(note);
    expect(await counts(db.prisma)).toEqual(before);
  });

  it.skipIf(!available)(
    "the real file: every row read, none rejected, the GPUs we list matched",
    async () => {
      const text = readFileSync(epochFile, "utf8");
      const { report } = await importEpoch(db.prisma, epochFile, { text });
      expect(report.status).toBe("SUCCEEDED");
      expect(report.rowsRead).toBe(169);
      expect(report.rowsRejected).toBe(0);
      expect(report.rowsImported).toBeGreaterThan(40);
      expect(report.rowsImported + report.rowsSkipped).toBe(report.rowsRead);
      // Conflicts are listed with both figures; curated values are unchanged.
      expect(report.correctionsByRule.spec_conflict_kept_curated).toBeGreaterThan(0);
      expect((await gpu("h100-sxm-80gb")).bf16DenseTflops).toBe(989.4);
      expect((await gpu("h100-80gb")).bf16DenseTflops).toBe(756);
    },
  );
});
