import { describe, expect, it } from "vitest";

import { estimateSizing } from "./estimate.ts";
import { sizingRequestSchema, type SizingRequestInput } from "./sizing-request.ts";
import { TEST_GPUS } from "./test-gpus.ts";

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
});
