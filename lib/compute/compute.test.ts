import { describe, expect, it } from "vitest";

import { decodeTokensPerSecondUpperBound, hoursFromFlops, trainingFlops } from "./flops.ts";
import { decodeTokensPerSecondOnGpus, speedUp } from "./scaling.ts";

describe("trainingFlops", () => {
  it.each([
    ["7B on 1B tokens, full: 6·7e9·1e9", 7e9, 1e9, "full", 4.2e19],
    ["LoRA is two thirds of full", 7e9, 1e9, "lora", 2.8e19],
    ["QLoRA counts like LoRA", 7e9, 1e9, "qlora", 2.8e19],
  ] as const)("%s", (_name, params, tokens, method, expected) => {
    expect(trainingFlops(params, tokens, method)).toBeCloseTo(expected, -10);
  });
});

describe("hoursFromFlops", () => {
  it("8 × H100 (989.4 TFLOP/s) at 40 % MFU trains 4.2e19 FLOPs in 3.69 h", () => {
    expect(hoursFromFlops({ flops: 4.2e19, gpus: 8, denseTflopsPerGpu: 989.4, mfu: 0.4 })).toBeCloseTo(
      3.6853,
      3,
    );
  });
  it("refuses zero GPUs", () => {
    expect(() => hoursFromFlops({ flops: 1, gpus: 0, denseTflopsPerGpu: 1, mfu: 0.4 })).toThrow(RangeError);
  });
});

describe("decode bound and speed-up", () => {
  it("14 GB of fp16 weights on 3,350 GB/s → at most ~239 tokens/s", () => {
    expect(decodeTokensPerSecondUpperBound(3350, 14e9)).toBeCloseTo(239.29, 1);
  });
  it.each([
    [1, 0.9, 1],
    [8, 0.9, 7.3],
    [8, 1, 8],
  ])("%i GPUs at %f efficiency → %f×", (gpus, eff, expected) => {
    expect(speedUp(gpus, eff)).toBeCloseTo(expected, 10);
  });
  it.each([
    // [GPUs, interconnect, bandwidth multiple over one GPU]
    [1, "NVLINK", 1],
    [8, "NVLINK", 1 + 7 * 0.9],
    [8, "PCIE", 1 + 7 * 0.75],
    [12, "INFINIBAND", 1 + 11 * 0.85],
    [12, "ETHERNET", 1 + 11 * 0.5],
  ] as const)("batch-1 decode on %i GPUs over %s reads %f× one GPU's bandwidth, not n×", (gpus, ic, s) => {
    const d = decodeTokensPerSecondOnGpus(320, gpus, ic, 138e9);
    expect(d.batch).toBe(1);
    expect(d.speedUp).toBeCloseTo(s, 10);
    expect(d.tokensPerSecond).toBeCloseTo((320e9 * s) / 138e9, 9);
  });
});
