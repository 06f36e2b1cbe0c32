import { describe, expect, it } from "vitest";

import {
  checkGpuCount,
  checkGpuMemory,
  checkPrices,
  countFromInstanceType,
  FLAGS,
  RULES,
  variantFromInstanceType,
} from "./quality-rules.ts";

const rules = (r: { corrections: { rule: string }[] }) => r.corrections.map((c) => c.rule);

describe("per-GPU memory rules", () => {
  it.each([
    [
      "MiB as stated (H100 81559 MiB)",
      { perGpuMib: 81559, totalMib: 81559, count: 1, modelGb: 80 },
      79.6,
      [],
    ],
    [
      "usable MiB of A10G (22888) within tolerance",
      { perGpuMib: 22888, totalMib: null, count: 1, modelGb: 24 },
      22.4,
      [],
    ],
    [
      "MiB that are GB (Shadeform 141)",
      { perGpuMib: 141, totalMib: 1128, count: 8, modelGb: 141 },
      141,
      [RULES.memoryMibAreGb],
    ],
    [
      "per-GPU holding the total (Vast 2× H200)",
      { perGpuMib: 287542, totalMib: 287542, count: 2, modelGb: 141 },
      140.4,
      [RULES.memoryTotalAsPerGpu],
    ],
    [
      "total not multiplied (Lambda 8× A100)",
      { perGpuMib: 40960, totalMib: 40960, count: 8, modelGb: 40 },
      40,
      [RULES.memoryTotalNotMultiplied],
    ],
    ["0 memory uses the model", { perGpuMib: 0, totalMib: 0, count: 1, modelGb: 96 }, 96, [RULES.memoryZero]],
    [
      "absent memory uses the model silently",
      { perGpuMib: null, totalMib: null, count: 4, modelGb: 16 },
      16,
      [],
    ],
    ["only a total", { perGpuMib: null, totalMib: 655360, count: 8, modelGb: 80 }, 80, []],
    [
      "inconsistent total is recomputed",
      { perGpuMib: 81920, totalMib: 100000, count: 8, modelGb: 80 },
      80,
      [RULES.memoryTotalInconsistent],
    ],
  ])("%s", (_, input, perGpuGb, expected) => {
    const result = checkGpuMemory(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.perGpuGb).toBe(perGpuGb);
    expect(rules(result)).toEqual(expected);
  });

  it.each([
    ["a 48 GB card called RTX 4090", { perGpuMib: 49140, totalMib: 49140, count: 1, modelGb: 24 }],
    ["an A100 40GB row with 80 GB", { perGpuMib: 81920, totalMib: 81920, count: 1, modelGb: 40 }],
    ["a total that explains nothing", { perGpuMib: null, totalMib: 12345, count: 2, modelGb: 80 }],
  ])("rejects %s", (_, input) => {
    expect(checkGpuMemory(input).ok).toBe(false);
  });
});

describe("GPU count rules", () => {
  it.each([
    ["Standard_ND96isr_H100_v5", 8],
    ["Standard_ND96asr_v4", 8],
    ["gpu_8x_h100_sxm5", 8],
    ["8x-H100-SXM", 8],
    ["1x_L4_28V_124G", 1],
    ["h100-80gb.sxm.8x", 8],
    ["B200_1x", 1],
    ["n3-A100x4", 4],
    ["massedcompute_A6000x8", 8],
    ["a2-highgpu-8g", 8],
    ["1B300.30V", 1],
    ["p5.48xlarge", undefined],
    ["g4dn.12xlarge", undefined],
    ["Standard_NC24ads_A100_v4", undefined],
  ])("%s states %s GPUs", (type, count) => {
    expect(countFromInstanceType(type)).toBe(count);
  });

  it("corrects Azure's 12× H100 to 8 from the instance type", () => {
    const r = checkGpuCount({ column: 12, instanceType: "Standard_ND96isr_H100_v5", evidence: [] });
    expect(r).toMatchObject({ ok: true, count: 8 });
    if (r.ok) expect(rules(r)).toEqual([RULES.countFromInstanceType]);
  });

  it("rejects a count the row backs against the instance type", () => {
    const r = checkGpuCount({ column: 4, instanceType: "gpu_8x_a100", evidence: [4] });
    expect(r).toMatchObject({ ok: false, reason: "count_conflict" });
  });

  it.each([
    ["0", 0],
    ["NaN", NaN],
    ["1.5", 1.5],
  ])("rejects count %s with no other evidence", (_, column) => {
    expect(checkGpuCount({ column, instanceType: "box", evidence: [] }).ok).toBe(false);
  });

  it.each([
    ["Standard_NC24ads_A100_v4", "PCIE"],
    ["Standard_NC40ads_H100_v5", "NVL"],
    ["gpu_1x_h100_pcie", "PCIE"],
    ["n3-H100x8-NVLink", undefined],
    ["p4d.24xlarge", undefined],
  ])("%s variant %s", (type, variant) => {
    expect(variantFromInstanceType(type)).toBe(variant);
  });
});

describe("price rules", () => {
  it.each([
    ["both fine", { onDemand: 2, spot: 1, count: 1 }, 2, 1, [], []],
    [
      "spot = on-demand placeholder dropped",
      { onDemand: 6.98, spot: 6.98, count: 1 },
      6.98,
      null,
      [RULES.spotPlaceholder],
      [],
    ],
    [
      "spot above on-demand flagged",
      { onDemand: 1, spot: 1.2, count: 1 },
      1,
      1.2,
      [],
      [FLAGS.spotAboveOnDemand],
    ],
    ["0.00 spot dropped", { onDemand: 2.65, spot: 0, count: 1 }, 2.65, null, [RULES.priceNotPositive], []],
    ["spot only", { onDemand: null, spot: 2.4, count: 1 }, null, 2.4, [], []],
    [
      "implausible per GPU-hour dropped",
      { onDemand: 900, spot: 3, count: 8 },
      null,
      3,
      [RULES.priceImplausible],
      [],
    ],
  ])("%s", (_, input, od, sp, expected, flags) => {
    const r = checkPrices({ ...input, currency: "USD" });
    expect([r.onDemand, r.spot]).toEqual([od, sp]);
    expect(rules(r)).toEqual(expected);
    expect(r.flags).toEqual(flags);
    expect(r.rejectDetail).toBeUndefined();
  });

  it("rejects a row with no price left", () => {
    expect(checkPrices({ onDemand: 0, spot: null, count: 8, currency: "USD" }).rejectDetail).toBeDefined();
  });

  it("bounds only USD prices (a CNY price per GPU-hour may exceed 60)", () => {
    expect(checkPrices({ onDemand: 70, spot: null, count: 1, currency: "CNY" }).onDemand).toBe(70);
  });
});
