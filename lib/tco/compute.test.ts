import { describe, expect, it } from "vitest";

import { billedHours, billingFor, overheadOf, overheadTotal, transferHours, workHours } from "./compute.ts";

describe("billedHours", () => {
  it.each([
    ["per second with a 60 s minimum bills 10 s as a minute", 10 / 3600, 1, 60, 60 / 3600],
    ["per second bills 0.1 h exactly (float noise ignored)", 0.1, 1, 60, 0.1],
    ["per minute rounds 61 s up to two minutes", 61 / 3600, 60, 60, 120 / 3600],
    ["per hour rounds 100.2 h up to 101 h", 100.2, 3600, 3600, 101],
    ["per hour bills exactly 100 h as 100 h", 100, 3600, 3600, 100],
    ["per hour bills 5 minutes as one hour (minimum)", 5 / 60, 3600, 3600, 1],
    ["a month-granular price bills 1 h as 730 h", 1, 730 * 3600, 0, 730],
    ["nothing run, nothing billed", 0, 3600, 3600, 0],
  ])("%s", (_name, hours, granularitySeconds, minimumSeconds, expected) => {
    expect(billedHours(hours, { granularitySeconds, minimumSeconds })).toBeCloseTo(expected, 10);
  });

  it("uses the pricing model's own billing rules where given", () => {
    const offer = {
      billing: { granularitySeconds: 1, minimumSeconds: 60 },
      billingByModel: { spot: { granularitySeconds: 3600, minimumSeconds: 3600 } },
    };
    expect(billingFor(offer, "spot").granularitySeconds).toBe(3600);
    expect(billingFor(offer, "on_demand").granularitySeconds).toBe(1);
  });
});

describe("workHours", () => {
  const offer = { gpuCount: 8, interconnect: "NVLINK" as const, denseTflopsPerGpu: 989.4 };

  it.each([
    ["instance hours are taken as given", { instanceHours: 100 }, 100],
    // 800 GPU-h ÷ (1 + 7 × 0.9 = 7.3) = 109.589041 h
    [
      "GPU-hours divided by the 8-GPU speed-up at 0.9 efficiency",
      { gpuHours: 800, scalingEfficiency: 0.9 },
      800 / 7.3,
    ],
    // NVLink default efficiency 0.9 → same 7.3
    ["GPU-hours use the interconnect's default efficiency", { gpuHours: 800 }, 800 / 7.3],
    // 10,000 × 1.2 s = 12,000 s = 3.3333 h
    ["measured steps × seconds per step", { steps: 10_000, secondsPerStep: 1.2 }, (10_000 * 1.2) / 3600],
    // 6 × 7e9 × 1e9 = 4.2e19 FLOPs ÷ (8 × 989.4e12 × 0.4 = 3.16608e15 FLOP/s) = 13,265.6 s = 3.68489 h
    ["training FLOPs at the default MFU 0.4", { parameters: 7e9, tokens: 1e9 }, 4.2e19 / 3.16608e15 / 3600],
    // LoRA ≈ ⅔ of full
    [
      "LoRA costs two thirds of the FLOPs",
      { parameters: 7e9, tokens: 1e9, method: "lora" as const },
      (4.2e19 * 2) / 3 / 3.16608e15 / 3600,
    ],
  ])("%s", (_name, workload, hours) => {
    const result = workHours(workload, offer);
    expect(result.ok && result.hours).toBeCloseTo(hours, 9);
  });

  it("PCIe-only nodes scale worse: 8 GPUs at 0.75 give 6.25×", () => {
    const result = workHours({ gpuHours: 625 }, { gpuCount: 8, interconnect: "PCIE" });
    expect(result.ok && result.hours).toBeCloseTo(100, 9);
  });

  it("boot and setup minutes are billed overhead", () => {
    const result = workHours({ instanceHours: 10, bootMinutes: 6, setupMinutes: 24 }, offer);
    expect(result.ok && result.overheadHours).toBeCloseTo(0.5, 12);
  });

  it("FLOPs without the GPU's FLOP/s cannot be turned into hours", () => {
    expect(workHours({ parameters: 7e9, tokens: 1e9 }, { gpuCount: 1 })).toEqual({
      ok: false,
      reason: "no_flops",
    });
  });
});

describe("trial measurements on an offer", () => {
  const offer = { gpuCount: 1, interconnect: undefined, denseTflopsPerGpu: 989 } as const;
  const data = { uploadGb: 450, egressGb: 90, uploadMbps: 1000, downloadMbps: 500 };

  it("uses the offer's measured step time instead of the job's", () => {
    const w = workHours(
      { steps: 3600, secondsPerStep: 2, bootMinutes: 6 },
      { ...offer, measured: { secondsPerStep: 1.5 } },
    );
    expect(w.ok && w.hours).toBe(1.5);
    expect(w.ok && w.basis).toEqual({ kind: "steps", steps: 3600, secondsPerStep: 1.5 });
    expect(w.ok && w.overhead.measured).toEqual(["secondsPerStep"]);
    expect(w.ok && w.overheadHours).toBeCloseTo(0.1, 12);
  });

  it("bills transfer time: 450 GB at 1,000 Mb/s is one hour; measured speeds win", () => {
    const assumed = overheadOf({ instanceHours: 10 }, {}, data);
    expect(assumed.uploadHours).toBe(1); // 450 × 8000 Mb ÷ 1000 Mb/s = 3600 s
    expect(assumed.downloadHours).toBeCloseTo(0.4, 12); // 90 × 8000 ÷ 500 = 1440 s
    const measured = overheadOf(
      { instanceHours: 10, bootMinutes: 30 },
      { measured: { uploadMbps: 250, bootMinutes: 3 } },
      data,
    );
    expect(measured.uploadHours).toBe(4);
    expect(measured.bootHours).toBe(0.05);
    expect(measured.measured).toEqual(["boot", "upload"]);
    expect(overheadTotal(measured)).toBeCloseTo(0.05 + 4 + 0.4, 12);
  });

  it("takes no transfer time without a speed or without data", () => {
    expect(overheadOf({ instanceHours: 1 }, {}, { uploadGb: 100, egressGb: 0 }).uploadHours).toBe(0);
    expect(transferHours(0, 100)).toBe(0);
    expect(transferHours(1, undefined)).toBe(0);
  });
});
