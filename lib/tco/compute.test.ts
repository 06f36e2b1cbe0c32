import { describe, expect, it } from "vitest";

import { billedHours, billingFor, workHours } from "./compute.ts";

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
