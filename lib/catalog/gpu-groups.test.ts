import { describe, expect, it } from "vitest";

import { headlineGroupOf, type GpuModelIdentity } from "./gpu-groups.ts";

const model = (slug: string, name: string, family: string, memoryGb: number): GpuModelIdentity => ({
  slug,
  name,
  family,
  memoryGb,
});

describe("headlineGroupOf", () => {
  it.each([
    ["H100 SXM counts as H100", model("h100-sxm-80gb", "H100 SXM 80GB", "H100", 80), "h100"],
    ["H100 NVL counts as H100", model("h100-nvl-94gb", "H100 NVL 94GB", "H100", 94), "h100"],
    [
      "A100 80GB SXM is in the A100 80GB group",
      model("a100-sxm-80gb", "A100 SXM 80GB", "A100", 80),
      "a100-80gb",
    ],
    [
      "A100 80GB PCIe is in the A100 80GB group",
      model("a100-pcie-80gb", "A100 PCIe 80GB", "A100", 80),
      "a100-80gb",
    ],
    ["A100 40GB is in no group", model("a100-sxm-40gb", "A100 SXM 40GB", "A100", 40), undefined],
    ["L40S is its own group, not L40", model("l40s-48gb", "L40S 48GB", "L40S", 48), "l40s"],
    ["L40 is in no group", model("l40-48gb", "L40 48GB", "L40", 48), undefined],
    ["L4 is its own group", model("l4-24gb", "L4 24GB", "L4", 24), "l4"],
    ["RTX 4090 by family with a space", model("rtx-4090-24gb", "RTX 4090 24GB", "RTX 4090", 24), "rtx-4090"],
    [
      "GeForce prefix is ignored",
      model("geforce-rtx-4090", "GeForce RTX 4090", "GeForce RTX 4090", 24),
      "rtx-4090",
    ],
    [
      "a memory-modified RTX 4090 48GB is excluded",
      model("rtx-4090-48gb", "RTX 4090 48GB (modified)", "RTX 4090", 48),
      undefined,
    ],
    [
      "H100 with the variant not stated counts as H100",
      model("h100-80gb", "H100 80GB (variant not stated)", "H100", 80),
      "h100",
    ],
    [
      "A100 80GB with the variant not stated is in the A100 80GB group",
      model("a100-80gb", "A100 80GB (variant not stated)", "A100", 80),
      "a100-80gb",
    ],
    [
      "RTX 4090 D (a cut-down card) is excluded",
      model("rtx-4090d-24gb", "RTX 4090 D 24GB", "RTX 4090 D", 24),
      undefined,
    ],
    ["H200 is not H100", model("h200-sxm-141gb", "H200 SXM 141GB", "H200", 141), undefined],
  ])("%s", (_name, gpu, expected) => {
    expect(headlineGroupOf(gpu)).toBe(expected);
  });
});
