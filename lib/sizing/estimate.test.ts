import { describe, expect, it } from "vitest";

import { estimateSizing } from "./estimate.ts";
import { sizingRequestSchema, type SizingRequestInput } from "./sizing-request.ts";
import type { GpuSpec } from "./fit.ts";
import { TEST_GPUS } from "../../tests/fixtures/sizing-gpus.ts";

const size = (input: SizingRequestInput) => estimateSizing(sizingRequestSchema.parse(input), TEST_GPUS);
const fitOf = (result: ReturnType<typeof size>, slug: string) => result.fits.find((f) => f.slug === slug)!;
const sevenB = (method: "full" | "lora" | "qlora") =>
  size({ mode: "training", model: { preset: "llama-2-7b" }, training: { method } });

describe("the seeds' 7B fine-tuning example", () => {
  it("full fine-tuning does not fit one 16 GB or 24 GB card (nor one 80 GB card)", () => {
    const r = sevenB("full");
    expect(r.totalGb).toBeGreaterThan(110);
    for (const slug of ["t4-16gb", "rtx-4090-24gb", "l40s-48gb", "h100-sxm-80gb"]) {
      expect(fitOf(r, slug).gpusNeeded, slug).toBeNull();
      expect(fitOf(r, slug).notes[0]?.code).toBe("needsSharding");
    }
  });

  it("full fine-tuning with ZeRO-3 needs 2 × 80 GB on NVLink", () => {
    const r = size({
      mode: "training",
      model: { preset: "llama-2-7b" },
      training: { method: "full", zeroStage: 3 },
    });
    const h100 = fitOf(r, "h100-sxm-80gb");
    expect(h100.gpusNeeded).toBe(2);
    expect(h100.interconnect).toBe("NVLINK");
  });

  it("QLoRA fits one 16 GB and one 24 GB card", () => {
    const r = sevenB("qlora");
    expect(r.totalGb).toBeLessThan(10);
    expect(fitOf(r, "t4-16gb").gpusNeeded).toBe(1);
    expect(fitOf(r, "rtx-4090-24gb").gpusNeeded).toBe(1);
  });

  it("LoRA (16-bit base) fits one 48 GB or 80 GB card but not 16 GB", () => {
    const r = sevenB("lora");
    expect(fitOf(r, "l40s-48gb").gpusNeeded).toBe(1);
    expect(fitOf(r, "h100-sxm-80gb").gpusNeeded).toBe(1);
    expect(fitOf(r, "t4-16gb").gpusNeeded).not.toBe(1);
  });

  it("the method comparison says the same for 16/24/48/80 GB cards", () => {
    const r = sevenB("full");
    const row = (m: string) => r.methodComparison!.find((c) => c.method === m)!.fitsOneCard;
    expect(row("full")).toEqual({ "16": false, "24": false, "48": false, "80": false });
    expect(row("lora")).toEqual({ "16": false, "24": true, "48": true, "80": true });
    expect(row("qlora")).toEqual({ "16": true, "24": true, "48": true, "80": true });
  });
});

describe("fit notes", () => {
  it("70B inference in bf16 (≈154 GB with overhead) spans several GPUs; PCIe-only cards are flagged", () => {
    const r = size({ mode: "inference", model: { preset: "llama-2-70b" }, inference: { precision: "bf16" } });
    // 2 × 80 GB leaves no room for the 10 % overhead; tensor parallelism uses even counts.
    expect(fitOf(r, "h100-sxm-80gb").gpusNeeded).toBe(4);
    const fp8 = size({
      mode: "inference",
      model: { preset: "llama-2-70b" },
      inference: { precision: "fp8" },
    });
    expect(fitOf(fp8, "h100-sxm-80gb").gpusNeeded).toBe(2);
    const t4 = fitOf(r, "t4-16gb");
    expect(t4.gpusNeeded).toBe(12);
    expect(t4.notes.map((n) => n.code)).toContain("multiNode");
    const l40s = fitOf(r, "l40s-48gb");
    expect(l40s.gpusNeeded).toBe(4);
    expect(l40s.notes.map((n) => n.code)).toEqual(["multiGpu", "pcieOnly"]);
    expect(fitOf(r, "rtx-4090-24gb").notes.map((n) => n.code)).toContain("consumerCard");
  });

  it("fp8 on a card without FP8 is flagged", () => {
    const r = size({ mode: "inference", model: { preset: "llama-3.1-8b" }, inference: { precision: "fp8" } });
    expect(fitOf(r, "t4-16gb").notes.map((n) => n.code)).toContain("noFp8");
    expect(fitOf(r, "h100-sxm-80gb").notes.map((n) => n.code)).not.toContain("noFp8");
  });
});

describe("job time", () => {
  it("7B QLoRA on 1B tokens on one H100 at 40 % MFU: ⅔·6·6.74e9·1e9 / (989.4e12·0.4) = 7.6 h", () => {
    const r = size({
      mode: "training",
      model: { preset: "llama-2-7b" },
      training: { method: "qlora" },
      job: { trainingTokens: 1e9 },
    });
    const h100 = fitOf(r, "h100-sxm-80gb").jobTime!;
    expect(h100.source).toBe("flops");
    expect(h100.hours).toBeCloseTo((4 * 6.738415616e9 * 1e9) / (989.4e12 * 0.4) / 3600, 6);
    expect(h100.hoursLow!).toBeLessThan(h100.hours);
    expect(h100.hoursHigh!).toBeGreaterThan(h100.hours);
  });

  it("a measured step time replaces the FLOPs estimate on the GPU it was measured on", () => {
    const r = size({
      mode: "training",
      model: { preset: "llama-2-7b" },
      training: { method: "qlora" },
      job: { trainingTokens: 1e9, measuredStepSeconds: 2, steps: 3600, measuredOnGpu: "l40s-48gb" },
    });
    expect(fitOf(r, "l40s-48gb").jobTime).toEqual({ source: "measured", hours: 2 });
    expect(fitOf(r, "h100-sxm-80gb").jobTime?.source).toBe("flops");
  });

  it("inference decode bound: H100 3,350 GB/s over 13.5 GB of weights ≈ 249 tokens/s", () => {
    const r = size({ mode: "inference", model: { preset: "llama-2-7b" }, inference: { precision: "fp16" } });
    expect(fitOf(r, "h100-sxm-80gb").decodeTokensPerSecond).toBeCloseTo(3350e9 / (6.738415616e9 * 2), 3);
  });

  // B200 as seeded (prisma/seed/data/gpu-models.ts: 180 GB, 7,700 GB/s, SXM, NVLink 5).
  const b200: GpuSpec = {
    ...TEST_GPUS.find((g) => g.slug === "h100-sxm-80gb")!,
    slug: "b200-180gb",
    name: "B200 180GB",
    memoryGb: 180,
    memoryBandwidthGbps: 7700,
    nvlinkGbps: 1800,
  };
  const seventyB = (batch?: number) =>
    estimateSizing(
      sizingRequestSchema.parse({
        mode: "inference",
        model: { preset: "llama-2-70b" },
        inference: { precision: "bf16", ...(batch ? { batch } : {}) },
      }),
      [...TEST_GPUS, b200],
    );

  it.each([
    // [gpu, GPUs needed, interconnect, tensor-parallel speed-up 1 + (n − 1) × e]
    ["t4-16gb", 12, "INFINIBAND", 1 + 11 * 0.85],
    ["l40s-48gb", 4, "PCIE", 1 + 3 * 0.75],
    ["h100-sxm-80gb", 4, "NVLINK", 1 + 3 * 0.9],
    ["b200-180gb", 1, "NVLINK", 1],
  ] as const)("70B decode on %s: %i GPUs over %s scale by %f, not by the GPU count", (slug, gpus, ic, s) => {
    const f = seventyB().fits.find((x) => x.slug === slug)!;
    expect(f.gpusNeeded).toBe(gpus);
    expect(f.decode).toMatchObject({ batch: 1, gpus, interconnect: ic });
    expect(f.decode!.speedUp).toBeCloseTo(s, 9);
    // Weight bytes read per token, from the single-B200 bound (speed-up 1).
    const weightBytes = 7700e9 / seventyB().fits.find((x) => x.slug === "b200-180gb")!.decodeTokensPerSecond!;
    const bandwidth = [...TEST_GPUS, b200].find((g) => g.slug === slug)!.memoryBandwidthGbps!;
    expect(f.decodeTokensPerSecond).toBeCloseTo((bandwidth * 1e9 * s) / weightBytes, 6);
  });

  it("12 × T4 is not half a B200 for 70B: the interconnect's efficiency applies", () => {
    const r = seventyB();
    const t4 = r.fits.find((x) => x.slug === "t4-16gb")!.decodeTokensPerSecond!;
    const b = r.fits.find((x) => x.slug === "b200-180gb")!.decodeTokensPerSecond!;
    // Perfect scaling gave 12 × 320 / 7,700 = 0.499 of a B200; with e = 0.85 it is 10.35 × 320 / 7,700.
    expect(t4 / b).toBeCloseTo((10.35 * 320) / 7700, 6);
    expect(t4 / b).toBeLessThan(0.45);
  });

  it("the bound is labelled batch 1 whatever batch was sized, and the assumption names the sized batch", () => {
    const r = seventyB(32);
    for (const f of r.fits) if (f.decode) expect(f.decode.batch).toBe(1);
    expect(r.assumptions).toContainEqual({ code: "decodeBound", batch: 32 });
  });
});
