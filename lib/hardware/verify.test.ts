// Hardware verification: each mismatch case with its message in English and Chinese, the
// verdicts, and the CUDA → minimum driver table.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { seedGpuRefs } from "../catalog/test-models.ts";
import { compareVersions, minimumDriverForCuda } from "./cuda-drivers.ts";
import { parseNvidiaSmi, type ParsedNvidiaSmiOk } from "./nvidia-smi.ts";
import { hardwareVerifyResponseSchema, type HardwareExpectation, type HardwareLocale } from "./schema.ts";
import { renderHardwareMessage, verifyHardware } from "./verify.ts";

const samplesDir = path.resolve(process.cwd(), "../shared/data/nvidia-smi");
const available = existsSync(samplesDir);

function parsed(text: string): ParsedNvidiaSmiOk {
  const p = parseNvidiaSmi(text);
  if (!p.ok) throw new Error(p.message);
  return p;
}

/** A default table of `n` GPUs named `name` with `memoryMiB` each. */
function table(
  name: string,
  memoryMiB: number,
  n = 1,
  opts: { driver?: string; ecc?: string; pm?: string } = {},
) {
  const rows = Array.from({ length: n }, (_, i) =>
    [
      `|   ${i}  ${name.padEnd(28)} ${(opts.pm ?? "On").padStart(3)}  |   00000000:${(16 + i).toString(16).toUpperCase().padStart(2, "0")}:00.0 Off |${(opts.ecc ?? "0").padStart(21)} |`,
      `| N/A   30C    P0             60W /  700W |       0MiB / ${String(memoryMiB).padStart(6)}MiB |      0%      Default |`,
      "|                                         |                        |             Disabled |",
      "+-----------------------------------------+------------------------+----------------------+",
    ].join("\n"),
  );
  return [
    `| NVIDIA-SMI ${opts.driver ?? "550.54.14"}              Driver Version: ${opts.driver ?? "550.54.14"}      CUDA Version: 12.4     |`,
    "|=========================================+========================+======================|",
    ...rows,
  ].join("\n");
}

function check(text: string, expected?: HardwareExpectation, locale: HardwareLocale = "en") {
  const report = verifyHardware(parsed(text), expected, { models: seedGpuRefs, locale });
  hardwareVerifyResponseSchema.parse(report);
  return report;
}

const messages = (r: ReturnType<typeof check>) => r.mismatches.map((m) => m.message);

describe("verifyHardware mismatches", () => {
  it("model variant: sold as H100 SXM, delivered H100 PCIe", () => {
    const text = table("NVIDIA H100 PCIe", 81559);
    const en = check(text, { gpu: "H100 SXM 80GB" });
    expect(en.mismatches[0]).toMatchObject({
      field: "variant",
      severity: "problem",
      expected: "H100 SXM 80GB",
      actual: "H100 PCIe 80GB",
      message: "Sold as H100 SXM, delivered H100 PCIe (NVIDIA H100 PCIe).",
    });
    expect(en.verdict).toBe("mismatch");
    expect(en.gpus[0]?.canonical).toBe("H100 PCIe 80GB");
    expect(messages(check(text, { gpu: "h100-sxm" }, "zh-CN"))[0]).toBe(
      "宣传的是 H100 SXM，实际交付的是 H100 PCIe（NVIDIA H100 PCIe）。",
    );
  });

  it("memory: sold as A100 80GB, delivered A100 40GB", () => {
    const text = table("NVIDIA A100-SXM4-40GB", 40960, 8);
    const en = check(text, { gpu: "A100 80GB", count: 8 });
    expect(en.mismatches).toHaveLength(1);
    expect(en.mismatches[0]).toMatchObject({ field: "memory", expected: 80, actual: 40 });
    expect(en.mismatches[0]?.message).toBe(
      "Sold as A100 80GB, delivered A100 SXM 40GB: 40 GB per GPU instead of 80 GB.",
    );
    expect(messages(check(text, { gpu: "A100", memoryGb: 80 }, "zh-CN"))).toEqual([
      "宣传的是 A100 80GB，实际交付的是 A100 SXM 40GB：每张卡显存 40 GB，而不是 80 GB。",
    ]);
  });

  it("count: 8 GPUs advertised, 4 visible", () => {
    const text = table("NVIDIA H100 80GB HBM3", 81559, 4);
    const en = check(text, { gpu: "H100 SXM 80GB", count: 8 });
    expect(en.mismatches.map((m) => [m.field, m.expected, m.actual, m.message])).toEqual([
      ["count", 8, 4, "8 GPUs advertised, 4 visible."],
    ]);
    expect(messages(check(text, { count: 8 }, "zh-CN"))).toEqual(["宣传 8 张卡，实际只能看到 4 张。"]);
    expect(check(text, { count: 2 }).mismatches[0]).toMatchObject({ field: "count", severity: "info" });
  });

  it("consumer RTX 4090 delivered for a datacenter offer", () => {
    const text = table("NVIDIA GeForce RTX 4090", 24564, 1, { ecc: "Off" });
    const en = check(text, { datacenter: true });
    expect(messages(en)).toEqual(["Consumer RTX 4090 24GB delivered for a datacenter offer."]);
    expect(messages(check(text, { datacenter: true }, "zh-CN"))).toEqual([
      "报价写的是数据中心级 GPU，实际交付的是消费级显卡 RTX 4090 24GB。",
    ]);
    // Sold as an RTX 4090: consumer is what was sold, and ECC off is not flagged on it.
    expect(check(text, { gpu: "RTX 4090" }).verdict).toBe("match");
  });

  it("shared: 20 GiB visible of an 80 GB H100 (sharing layer)", () => {
    const text = table("NVIDIA H100 80GB HBM3", 20480);
    const en = check(text, { gpu: "H100 SXM 80GB" });
    expect(en.shared).toBe(true);
    expect(en.gpus[0]?.memoryFit).toBe("below");
    expect(messages(en)).toEqual(["GPU is shared: 20 GiB visible of 80."]);
    expect(messages(check(text, undefined, "zh-CN"))).toEqual([
      "GPU 是共享的：80 GB 显存里只能看到 20 GiB。",
    ]);
    // Without an expectation the sharing is still a problem.
    expect(check(text).verdict).toBe("mismatch");
  });

  it("shared: vGPU names (GRID, -Q/-C profiles)", () => {
    for (const name of ["GRID T4-16Q", "NVIDIA A100-40C", "GRID V100D-8Q"]) {
      const r = check(table(name, 16384));
      expect(r.gpus[0]?.virtual, name).toBe(true);
      expect(r.shared).toBe(true);
      expect(r.mismatches[0]?.field).toBe("shared");
    }
    expect(messages(check(table("GRID T4-16Q", 16384), undefined, "en"))[0]).toBe(
      "GRID T4-16Q is a virtual GPU (vGPU): you get a share of a physical card, not the whole card.",
    );
    expect(check(table("Quadro P2200", 5120)).gpus[0]?.virtual).toBe(false);
    const guest = check(
      "GPU 00000000:02:00.0\n    Product Name : NVIDIA A100-SXM4-80GB\n    GPU Virtualization Mode\n        Virtualization Mode : VGPU\n",
    );
    expect(guest).toMatchObject({ shared: true, verdict: "mismatch" });
    expect(guest.gpus[0]?.virtual).toBe(true);
  });

  it("driver too old for the CUDA version needed", () => {
    const text = table("NVIDIA L4", 23034, 1, { driver: "535.104.05" });
    const en = check(text, { cudaVersion: "12.4" });
    expect(en.mismatches[0]).toMatchObject({ field: "driver", expected: "550.54.14", actual: "535.104.05" });
    expect(en.mismatches[0]?.message).toBe(
      "Driver 535.104.05 is older than 550.54.14, the minimum for CUDA 12.4 (NVIDIA CUDA release notes): ask for a newer driver or use an older CUDA.",
    );
    expect(en.expected?.minDriver).toBe("550.54.14");
    expect(messages(check(text, { cudaVersion: "12.4" }, "zh-CN"))[0]).toBe(
      "驱动版本 535.104.05 低于 CUDA 12.4 要求的最低版本 550.54.14（NVIDIA CUDA 发行说明）：请服务商升级驱动，或换用更低版本的 CUDA。",
    );
    expect(check(text, { cudaVersion: "12.2" }).verdict).toBe("match");
    expect(check(text, { cudaVersion: "10.2" })).toMatchObject({ verdict: "inconclusive" });
  });

  it("ECC off, ECC errors, persistence off", () => {
    const r = check(table("NVIDIA A100-SXM4-80GB", 81920, 2, { ecc: "Off", pm: "Off" }), {
      gpu: "A100 SXM 80GB",
    });
    expect(r.mismatches.map((m) => [m.field, m.severity])).toEqual([
      ["ecc", "warning"],
      ["persistence", "info"],
    ]);
    expect(r.verdict).toBe("match");
    expect(r.mismatches[0]?.message).toBe(
      "ECC is off on GPU 0, 1: memory errors go undetected. Ask the provider to turn it on.",
    );
    const errors = check(table("NVIDIA A100-SXM4-80GB", 81920, 1, { ecc: "12" }));
    expect(errors.mismatches[0]).toMatchObject({ field: "ecc", severity: "problem", actual: 12 });
  });

  it("a GPU we do not know is reported, not guessed", () => {
    const r = check(table("Tesla M10", 8128), { gpu: "M10", count: 1 });
    expect(r.verdict).toBe("inconclusive");
    expect(r.expected).toMatchObject({ gpu: "M10", input: "M10", slug: null });
    expect(messages(r)).toEqual([
      '"M10" is not a GPU model we know, so the model was not compared: nvidia-smi shows Tesla M10.',
    ]);
    // The A40 was unknown here before issue 22: now it is in the built-in table.
    expect(check(table("NVIDIA A40", 46068), { gpu: "A40", count: 1 }).verdict).toBe("match");
  });

  it("interconnect hints come from the name only", () => {
    const pcie = check(table("NVIDIA H100 PCIe", 81559), { interconnect: "NVLINK" });
    expect(pcie.mismatches[0]).toMatchObject({ field: "interconnect", severity: "info" });
    expect(pcie.mismatches[0]?.message).toContain("nvidia-smi topo -m");
  });
});

// Shapes seen in public docs and READMEs (not in ../shared/data): old narrow tables with
// truncated names, a container limited to 4301 MiB by a GPU-sharing layer, a vGPU guest's -q.
describe("verifyHardware on other real-world shapes", () => {
  const oldTable = (rows: [string, number][]) =>
    [
      "| NVIDIA-SMI 410.79       Driver Version: 410.79       CUDA Version: 10.0     |",
      "|============================== + ==================== + =====================|",
      ...rows.flatMap(([name, mib], i) => [
        `|   ${i}  ${name.padEnd(18)} On   | 00000000:1${i}:00.0 Off |                    0 |`,
        `| N/A   34C    P0    43W / 300W |      0MiB / ${String(mib).padStart(5)}MiB |      0%      Default |`,
        "+-------------------------------+----------------------+----------------------+",
      ]),
    ].join("\n");

  it("resolves truncated names by memory and checks every kind of GPU in a mixed box", () => {
    const r = check(
      oldTable([
        ["Tesla V100-SXM2...", 32480],
        ["Tesla V100-SXM2...", 16160],
      ]),
      { gpu: "V100 32GB", count: 2 },
    );
    expect(r.gpus.map((g) => g.canonical)).toEqual(["V100 SXM2 32GB", "V100 SXM2 16GB"]);
    expect(messages(r)).toEqual([
      "Sold as V100 32GB, delivered V100 SXM2 16GB: 16 GB per GPU instead of 32 GB.",
    ]);
  });

  it("flags a GPU-sharing layer that shows 4301 MiB of a 16 GB V100", () => {
    const r = check(oldTable([["Tesla V100-SXM2...", 4301]]));
    expect(r).toMatchObject({ shared: true, verdict: "mismatch" });
    expect(messages(r)).toEqual(["GPU is shared: 4.2 GiB visible of 16."]);
  });

  it("flags a vGPU guest (GRID V100D-8C, Virtualization Mode VGPU) in -q output", () => {
    const q = [
      "==============NVSMI LOG==============",
      "Driver Version                            : 535.216.01",
      "CUDA Version                              : 12.2",
      "Attached vGPUs                             : 1",
      "GPU 00000000:02:00.0",
      "    Product Name                          : GRID V100D-8C",
      "    Persistence Mode                      : Enabled",
      "    GPU Virtualization Mode",
      "        Virtualization Mode               : VGPU",
      "    vGPU Software Licensed Product",
      "        Product Name                      : NVIDIA Virtual Compute Server",
      "    FB Memory Usage",
      "        Total                             : 8192 MiB",
      "    ECC Errors",
      "        Volatile",
      "            Double Bit            ",
      "                Device Memory             : 0",
      "                Total                     : 0",
    ].join("\n");
    const r = check(q, { gpu: "V100" });
    expect(r.gpus[0]).toMatchObject({ name: "GRID V100D-8C", virtual: true, memoryMiB: 8192, eccErrors: 0 });
    expect(r.mismatches.map((m) => [m.field, m.message])).toEqual([
      [
        "shared",
        "GRID V100D-8C is a virtual GPU (vGPU): you get a share of a physical card, not the whole card.",
      ],
    ]);
    expect(r.verdict).toBe("mismatch");
  });
});

describe.skipIf(!available)("verifyHardware on real samples", () => {
  const sample = (f: string) => readFileSync(path.join(samplesDir, f), "utf8");

  it("rtx-4090 box checked against 8× H100 SXM 80GB", () => {
    const r = check(sample("rtx-4090-multi-1.txt"), { gpu: "H100 SXM 80GB", count: 8 });
    expect(r.verdict).toBe("mismatch");
    expect(r.count).toBe(8);
    expect(r.mismatches.map((m) => [m.field, m.severity, m.message])).toEqual([
      ["model", "problem", "Sold as H100 SXM 80GB, delivered RTX 4090 24GB (NVIDIA GeForce RTX 4090)."],
      ["consumer", "problem", "Consumer RTX 4090 24GB delivered for a datacenter offer."],
    ]);
  });

  it("8× H100 SXM sample matches its offer", () => {
    const r = check(sample("h100-sxm-80gb-multi-1.txt"), {
      gpu: "H100 SXM 80GB",
      count: 8,
      memoryGb: 80,
      cudaVersion: "12.4",
      datacenter: true,
    });
    expect(r).toMatchObject({ verdict: "match", mismatches: [], shared: false, mig: false, count: 8 });
    expect(r.gpus[0]).toMatchObject({ canonical: "H100 SXM 80GB", memoryMiB: 81559, memoryFit: "ok" });
  });

  it("H100 NVL sold as H100 SXM; MIG slices are a warning unless expected", () => {
    const nvl = check(sample("h100-nvl-multi-1.txt"), { gpu: "H100 SXM" });
    expect(messages(nvl)).toEqual(["Sold as H100 SXM, delivered H100 NVL (NVIDIA H100 NVL)."]);
    const mig = check(sample("h100-mig-devices-1.txt"), { gpu: "H100 SXM 80GB" });
    expect(mig).toMatchObject({ mig: true, shared: true, verdict: "match" });
    expect(mig.mismatches[0]).toMatchObject({ field: "mig", severity: "warning" });
    expect(mig.mismatches[0]?.message).toBe(
      "MIG is enabled: 4 MIG slices (39.5 GiB, 19.6 GiB, 9.8 GiB, 9.8 GiB) are visible instead of whole GPUs.",
    );
    const list = check(sample("h100-mig-list-1.txt"), { gpu: "H100 SXM 80GB", mig: true });
    expect(list.mismatches.find((m) => m.field === "mig")).toMatchObject({ severity: "info" });
  });

  it("no expectation → inconclusive", () => {
    expect(check(sample("l4-1.txt")).verdict).toBe("inconclusive");
  });
});

describe("CUDA → minimum Linux driver", () => {
  it.each([
    ["11.0", "450.36.06"],
    ["11.8", "520.61.05"],
    ["12.0", "525.60.13"],
    ["12.4", "550.54.14"],
    ["12.4.1", "550.54.15"],
    ["12.6", "560.28.03"],
    ["12.8", "570.26"],
    ["13.0", "580.65.06"],
  ])("CUDA %s needs %s", (cuda, driver) => {
    expect(minimumDriverForCuda(cuda)?.minLinuxDriver).toBe(driver);
  });

  it("has no row for unknown versions", () => {
    expect(minimumDriverForCuda("12.7")).toBeUndefined();
    expect(minimumDriverForCuda("10.2")).toBeUndefined();
    expect(minimumDriverForCuda("garbage")).toBeUndefined();
  });

  it("compares versions numerically", () => {
    expect(compareVersions("550.54.14", "560.28.03")).toBe(-1);
    expect(compareVersions("570.158.01", "570.26")).toBe(1);
    expect(compareVersions("12.10", "12.9")).toBe(1);
    expect(compareVersions("455.32", "455.32.0")).toBe(0);
  });

  it("renders unknown codes as the code", () => {
    expect(renderHardwareMessage("nope", {}, "en")).toBe("nope");
  });
});
