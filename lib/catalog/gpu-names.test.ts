import { describe, expect, it } from "vitest";

import { buildGpuNameIndex, hintsFromName, resolveGpuName } from "./gpu-names.ts";
import { seedGpuRefs } from "./test-models.ts";

const index = buildGpuNameIndex(seedGpuRefs);
const resolve = (raw: string, variant?: "SXM" | "PCIE" | "NVL") =>
  resolveGpuName(raw, index, variant ? { variant } : {})?.candidates[0]?.slug;

describe("canonical GPU names", () => {
  it.each([
    ["H100", "h100-sxm-80gb"],
    ["H100-80GB", "h100-sxm-80gb"],
    ["H100-SXM5", "h100-sxm-80gb"],
    ["H100_SXM5", "h100-sxm-80gb"],
    ["NVIDIA H100 80GB HBM3", "h100-sxm-80gb"],
    ["NVIDIA-H100-80GB-HBM3", "h100-sxm-80gb"],
    ["H100_PCIE", "h100-pcie-80gb"],
    ["H100_NVL", "h100-nvl-94gb"],
    ["NVIDIA H100-SXM-80GB", "h100-sxm-80gb"],
    ["NVIDIA H200-SXM-141GB", "h200-sxm-141gb"],
    ["A100-80GB", "a100-sxm-80gb"],
    ["A100_80G_SXM4", "a100-sxm-80gb"],
    ["A100-80G-PCIe", "a100-pcie-80gb"],
    ["A100", "a100-sxm-40gb"],
    ["A10G", "a10g-24gb"],
    ["A10", "a10-24gb"],
    ["RTX4090", "rtx-4090-24gb"],
    ["RTX_4090", "rtx-4090-24gb"],
    ["L40S", "l40s-48gb"],
    ["L40", "l40-48gb"],
    ["L4", "l4-24gb"],
    ["MI300X", "mi300x-192gb"],
    ["A6000_PCIE_LOW_RAM", "rtx-a6000-48gb"],
    ["Tesla T4", "t4-16gb"],
  ])("%s → %s", (raw, slug) => {
    expect(resolve(raw)).toBe(slug);
  });

  it.each([
    ["A40"],
    ["A800"],
    ["B300"],
    ["RTX6000"], // Quadro RTX 6000 (Turing), not the RTX 6000 Ada
    ["RTXPRO6000"],
    ["V100_32G_PCIE"], // a V100 PCIe 32GB is not in the table: not invented
    ["A1000"],
    ["GAUDI2"],
    [""],
  ])("%s is unknown", (raw) => {
    expect(resolve(raw)).toBeUndefined();
  });

  it("takes the variant an instance type states over a bare alias", () => {
    expect(resolve("A100-80GB", "PCIE")).toBe("a100-pcie-80gb");
    expect(resolve("H100", "NVL")).toBe("h100-nvl-94gb");
    expect(resolve("H100-SXM5", "PCIE")).toBe("h100-sxm-80gb"); // the name's own hint wins
  });

  it("lists the rest of the family after the best match (for choosing by memory)", () => {
    const slugs = resolveGpuName("A100", index)?.candidates.map((m) => m.slug);
    expect(slugs?.[0]).toBe("a100-sxm-40gb");
    expect(slugs?.[1]).toBe("a100-sxm-80gb");
    expect(slugs).toContain("a100-pcie-80gb");
  });

  it.each([
    ["H100-80G-PCIe", { variant: "PCIE", memoryGb: 80 }],
    ["H100 NVL", { variant: "NVL" }],
    ["A100-80G-PCIe-NVLink", { variant: "PCIE", memoryGb: 80 }],
    ["H200-SXM-141GB", { variant: "SXM", memoryGb: 141 }],
    ["RTX4090", {}],
  ])("hints of %s", (raw, hints) => {
    expect(hintsFromName(raw)).toEqual(hints);
  });
});
