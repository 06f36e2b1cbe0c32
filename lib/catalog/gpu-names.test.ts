import { describe, expect, it } from "vitest";

import { buildGpuNameIndex, hintsFromName, resolveGpuName } from "./gpu-names.ts";
import { seedGpuRefs } from "./test-models.ts";

const index = buildGpuNameIndex(seedGpuRefs);
const resolve = (raw: string, variant?: "SXM" | "PCIE" | "NVL") =>
  resolveGpuName(raw, index, variant ? { variant } : {})?.candidates[0]?.slug;

describe("canonical GPU names", () => {
  it.each([
    // A bare name states no variant: the family's "variant not stated" model (issue 22).
    ["H100", "h100-80gb"],
    ["H100-80GB", "h100-80gb"],
    ["H100-SXM5", "h100-sxm-80gb"],
    ["H100_SXM5", "h100-sxm-80gb"],
    ["NVIDIA H100 80GB HBM3", "h100-sxm-80gb"],
    ["NVIDIA-H100-80GB-HBM3", "h100-sxm-80gb"],
    ["H100_PCIE", "h100-pcie-80gb"],
    ["H100_NVL", "h100-nvl-94gb"],
    ["NVIDIA H100-SXM-80GB", "h100-sxm-80gb"],
    ["NVIDIA H200-SXM-141GB", "h200-sxm-141gb"],
    ["A100-80GB", "a100-80gb"],
    ["A100_80G_SXM4", "a100-sxm-80gb"],
    ["A100-80G-PCIe", "a100-pcie-80gb"],
    ["A100", "a100-40gb"],
    ["V100", "v100-16gb"],
    ["V100-32GB", "v100-32gb"],
    // Every accelerator the public catalogs rent (issue 22 §1).
    ["A40", "a40-48gb"],
    ["A800", "a800-80gb"],
    ["B300", "b300-288gb"],
    ["RTX6000", "quadro-rtx-6000-24gb"], // Lambda/Seeweb: Quadro RTX 6000 (Turing), not the RTX 6000 Ada
    ["RTX6000-Ada", "rtx-6000-ada-48gb"],
    ["RTXPRO6000", "rtx-pro-6000-96gb"],
    ["RTXPRO6000_PCIE_BAREMETAL", "rtx-pro-6000-96gb"],
    ["RTX PRO 6000 96GB", "rtx-pro-6000-96gb"],
    ["V100_32G_PCIE", "v100-pcie-32gb"],
    ["GAUDI2", "gaudi2-96gb"],
    ["RTX5090", "rtx-5090-32gb"],
    ["A16_PCIE", "a16-16gb"],
    ["RTXA5000", "rtx-a5000-24gb"],
    ["RTX-A4000", "rtx-a4000-16gb"],
    ["M60", "m60-8gb"],
    ["MI355X", "mi355x-288gb"],
    ["RTX3090", "rtx-3090-24gb"],
    ["A30", "a30-24gb"],
    ["RTX3060", "rtx-3060-12gb"],
    ["RTX3070", "rtx-3070-8gb"],
    ["RTX3080", "rtx-3080-10gb"],
    ["RTX4060", "rtx-4060-8gb"],
    ["RTX4070", "rtx-4070-12gb"],
    ["RTX4080", "rtx-4080-16gb"],
    ["RTXA2000", "rtx-a2000-6gb"],
    ["GH200", "gh200-96gb"],
    ["NVIDIA GH200 480GB", "gh200-96gb"],
    ["NVIDIA GH200 144G HBM3e", "gh200-144gb"],
    ["GB200", "gb200-186gb"],
    ["MI325X", "mi325x-256gb"],
    ["Gaudi3", "gaudi3-128gb"],
    ["P100", "p100-16gb"],
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
    ["A1000"],
    ["H100_96G_PCIE"], // no H100 PCIe has 96 GB: not invented
    ["TPUv5"],
    [""],
  ])("%s is unknown", (raw) => {
    expect(resolve(raw)).toBeUndefined();
  });

  it("takes the variant an instance type states over a bare alias", () => {
    expect(resolve("A100-80GB", "PCIE")).toBe("a100-pcie-80gb");
    expect(resolve("H100", "NVL")).toBe("h100-nvl-94gb");
    expect(resolve("H100", "SXM")).toBe("h100-sxm-80gb");
    expect(resolve("A100", "SXM")).toBe("a100-sxm-40gb"); // same memory as the bare alias
    expect(resolve("A100", "PCIE")).toBe("a100-pcie-40gb");
    expect(resolve("H100-SXM5", "PCIE")).toBe("h100-sxm-80gb"); // the name's own hint wins
  });

  it("lists the rest of the family after the best match (for choosing by memory)", () => {
    const slugs = resolveGpuName("A100", index)?.candidates.map((m) => m.slug);
    expect(slugs?.[0]).toBe("a100-40gb");
    expect(slugs).toEqual(expect.arrayContaining(["a100-80gb", "a100-sxm-80gb", "a100-pcie-80gb"]));
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
