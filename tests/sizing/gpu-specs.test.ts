// The sizing fit loader and provider scores against a real database (mini seed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { estimateSizing } from "../../lib/sizing/estimate.ts";
import { sizingRequestSchema } from "../../lib/sizing/sizing-request.ts";
import { applySeed } from "../../server/db/seed.ts";
import { getProviderScores } from "../../server/scoring/get-provider-scores.ts";
import { getGpuSpecs } from "../../server/sizing/get-gpu-specs.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

describe.each(testDbKinds)("sizing and scoring loaders on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("loads every GPU model with its memory and interconnect, smallest memory first", async () => {
    const specs = await getGpuSpecs(db.prisma);
    expect(specs.map((s) => [s.slug, s.memoryGb, s.formFactor])).toEqual([
      ["l4-24gb", 24, "PCIE"],
      ["h100-sxm-80gb", 80, "SXM"],
    ]);
    expect(specs[1]!.bf16DenseTflops).toBe(989.4);
    expect(specs[0]!.nvlinkGbps).toBeNull();
  });

  it("fits the seeds' 7B QLoRA on the database's 24 GB L4 and full fine-tuning on neither GPU", async () => {
    const specs = await getGpuSpecs(db.prisma);
    const request = (method: string) =>
      sizingRequestSchema.parse({ mode: "training", model: { preset: "llama-2-7b" }, training: { method } });
    const qlora = estimateSizing(request("qlora"), specs);
    expect(qlora.fits.map((f) => [f.slug, f.gpusNeeded])).toEqual([
      ["l4-24gb", 1],
      ["h100-sxm-80gb", 1],
    ]);
    const full = estimateSizing(request("full"), specs);
    expect(full.fits.every((f) => f.gpusNeeded === null)).toBe(true);
  });

  it("scores providers from their facts, and leaves dimensions without evidence unknown", async () => {
    const scores = await getProviderScores(undefined, db.prisma);
    expect(scores.map((s) => s.slug).sort()).toEqual(["alpha", "beta"]);
    for (const s of scores) {
      const security = s.dimensions.find((d) => d.dimension === "security")!;
      expect(security.status).toBe("unknown");
      expect(security.score).toBeNull();
      expect(s.unknown).toContain("security");
    }
  });
});
