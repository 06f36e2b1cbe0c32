// Every real sample in ../shared/data/nvidia-smi with its values written by hand (read off the
// files), plus synthetic inputs: csv variants, [N/A] cells, CRLF, prompts, garbage.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { seedGpuRefs } from "../catalog/test-models.ts";
import { buildHardwareGpuIndex, resolveDeliveredGpu } from "./canonical.ts";
import { parseNvidiaSmi, type ParsedNvidiaSmiOk } from "./nvidia-smi.ts";

const samplesDir = path.resolve(process.cwd(), "../shared/data/nvidia-smi");
const available = existsSync(samplesDir);
if (!available) console.info(`[tests] ${samplesDir} is absent: the nvidia-smi sample checks are skipped.`);

interface Expected {
  format: "table" | "query" | "csv" | "list";
  count: number;
  name: string | null;
  memoryMiB: number | null;
  driver: string | null;
  cuda: string | null;
  mig: boolean;
  migDevices: number;
  canonical: string | null;
  consumer: boolean;
  busId?: string | null;
  powerCapW?: number | null;
  persistence?: boolean | null;
  ecc?: boolean | null;
}

// Values read by hand from each file.
const SAMPLES: Record<string, Expected> = {
  "a100-sxm4-40gb-multi-1.txt": {
    format: "table",
    count: 2,
    name: "NVIDIA A100-SXM4-40GB",
    memoryMiB: 40960,
    driver: "580.126.09",
    cuda: "13.0",
    mig: false,
    migDevices: 0,
    canonical: "a100-sxm-40gb",
    consumer: false,
    busId: "00000000:10:1C.0",
    powerCapW: 400,
    persistence: true,
    ecc: true,
  },
  "a100-sxm4-80gb-multi-1.txt": {
    format: "table",
    count: 4,
    name: "NVIDIA A100-SXM4-80GB",
    memoryMiB: 81920,
    driver: "555.42.02",
    cuda: "12.5",
    mig: false,
    migDevices: 0,
    canonical: "a100-sxm-80gb",
    consumer: false,
    powerCapW: 500,
  },
  "a10g-1.txt": {
    format: "table",
    count: 1,
    name: "NVIDIA A10G",
    memoryMiB: 22731,
    driver: "470.256.02",
    cuda: "11.4",
    mig: false,
    migDevices: 0,
    canonical: "a10g-24gb",
    consumer: false,
    busId: "00000000:00:1E.0",
    powerCapW: 300,
  },
  "b200-multi-1.txt": {
    format: "table",
    count: 2,
    name: "NVIDIA B200",
    memoryMiB: 183359,
    driver: "610.43.02",
    cuda: "13.3",
    mig: false,
    migDevices: 0,
    canonical: "b200-180gb",
    consumer: false,
    powerCapW: 1000,
  },
  "h100-mig-devices-1.txt": {
    format: "table",
    count: 1,
    name: "NVIDIA H100 80GB HBM3",
    memoryMiB: 81559,
    driver: "590.48.01",
    cuda: "13.1",
    mig: true,
    migDevices: 4,
    canonical: "h100-sxm-80gb",
    consumer: false,
    powerCapW: 700,
    ecc: true,
  },
  "h100-mig-list-1.txt": {
    format: "list",
    count: 1,
    name: "NVIDIA H100 80GB HBM3",
    memoryMiB: null,
    driver: null,
    cuda: null,
    mig: false,
    migDevices: 4,
    canonical: "h100-sxm-80gb",
    consumer: false,
    busId: null,
  },
  "h100-nvl-multi-1.txt": {
    format: "table",
    count: 2,
    name: "NVIDIA H100 NVL",
    memoryMiB: 95830,
    driver: "550.54.14",
    cuda: "12.4",
    mig: false,
    migDevices: 0,
    canonical: "h100-nvl-94gb",
    consumer: false,
    busId: "00000000:AD:00.0",
    powerCapW: 310,
  },
  "h100-query-gpu-csv-1.txt": {
    format: "csv",
    count: 1,
    name: "NVIDIA H100 80GB HBM3",
    memoryMiB: 81559,
    driver: "590.48.01",
    cuda: null,
    mig: false,
    migDevices: 0,
    canonical: "h100-sxm-80gb",
    consumer: false,
    busId: "00000000:00:09.0",
    powerCapW: 700,
    persistence: true,
    ecc: true,
  },
  "h100-sxm-80gb-multi-1.txt": {
    format: "table",
    count: 8,
    name: "NVIDIA H100 80GB HBM3",
    memoryMiB: 81559,
    driver: "565.57.01",
    cuda: "12.7",
    mig: false,
    migDevices: 0,
    canonical: "h100-sxm-80gb",
    consumer: false,
    powerCapW: 700,
  },
  "h200-multi-1.txt": {
    format: "table",
    count: 8,
    name: "NVIDIA H200",
    memoryMiB: 143771,
    driver: "570.158.01",
    cuda: "12.8",
    mig: false,
    migDevices: 0,
    canonical: "h200-sxm-141gb",
    consumer: false,
    persistence: false,
  },
  "l4-1.txt": {
    format: "table",
    count: 1,
    name: "NVIDIA L4",
    memoryMiB: 23034,
    driver: "550.90.07",
    cuda: "12.4",
    mig: false,
    migDevices: 0,
    canonical: "l4-24gb",
    consumer: false,
    powerCapW: 72,
  },
  "l40s-1.txt": {
    format: "table",
    count: 1,
    name: "NVIDIA L40S",
    memoryMiB: 46068,
    driver: "550.127.05",
    cuda: "12.4",
    mig: false,
    migDevices: 0,
    canonical: "l40s-48gb",
    consumer: false,
    powerCapW: 350,
  },
  // Only the "MIG devices" section: slices on GPUs 1 and 2, no whole-GPU rows, no header.
  "mig-devices-multi-1.txt": {
    format: "table",
    count: 0,
    name: null,
    memoryMiB: null,
    driver: null,
    cuda: null,
    mig: true,
    migDevices: 4,
    canonical: null,
    consumer: false,
  },
  // nvidia-smi -a, cut off before the memory section.
  "quadro-p2200-q-1.txt": {
    format: "query",
    count: 1,
    name: "Quadro P2200",
    memoryMiB: null,
    driver: "450.80.02",
    cuda: "11.0",
    mig: false,
    migDevices: 0,
    canonical: null,
    consumer: false,
    busId: "00000000:83:00.0",
    persistence: true,
  },
  "rtx-3090-multi-1.txt": {
    format: "table",
    count: 2,
    name: "NVIDIA GeForce RTX 3090",
    memoryMiB: 24576,
    driver: "560.35.03",
    cuda: "12.6",
    mig: false,
    migDevices: 0,
    canonical: "rtx-3090-24gb", // in the built-in GPU table since issue 22 (was unknown)
    consumer: true,
    ecc: null,
  },
  "rtx-4090-multi-1.txt": {
    format: "table",
    count: 8,
    name: "NVIDIA GeForce RTX 4090",
    memoryMiB: 24564,
    driver: "550.127.05",
    cuda: "12.4",
    mig: false,
    migDevices: 0,
    canonical: "rtx-4090-24gb",
    consumer: true,
    ecc: false,
    powerCapW: 450,
  },
  "tesla-p4-1.txt": {
    format: "table",
    count: 1,
    name: "Tesla P4",
    memoryMiB: 8192,
    driver: "550.135",
    cuda: "12.4",
    mig: false,
    migDevices: 0,
    canonical: "p4-8gb", // in the built-in GPU table since issue 22 (was unknown)
    consumer: false,
    persistence: false,
    ecc: false,
    powerCapW: 75,
  },
  "tesla-t4-1.txt": {
    format: "table",
    count: 1,
    name: "Tesla T4",
    memoryMiB: 15109,
    driver: "460.32.03",
    cuda: "11.2",
    mig: false,
    migDevices: 0,
    canonical: "t4-16gb",
    consumer: false,
    busId: "00000000:00:04.0",
    powerCapW: 70,
    persistence: false,
  },
  "titan-xp-1.txt": {
    format: "table",
    count: 1,
    name: "TITAN Xp",
    memoryMiB: 12196,
    driver: "450.57",
    cuda: "11.0",
    mig: false,
    migDevices: 0,
    canonical: null,
    consumer: true,
    powerCapW: 250,
  },
};

const index = buildHardwareGpuIndex(seedGpuRefs);

function ok(text: string): ParsedNvidiaSmiOk {
  const parsed = parseNvidiaSmi(text);
  if (!parsed.ok) throw new Error(`expected a parse, got ${parsed.reason}: ${parsed.message}`);
  return parsed;
}

describe.skipIf(!available)("parseNvidiaSmi on every real sample", () => {
  it("has an expectation for every file in the folder", () => {
    expect(readdirSync(samplesDir).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it.each(Object.entries(SAMPLES))("%s", (file, want) => {
    const parsed = ok(readFileSync(path.join(samplesDir, file), "utf8"));
    expect(parsed.format).toBe(want.format);
    expect(parsed.gpus.length).toBe(want.count);
    expect(parsed.driverVersion).toBe(want.driver);
    expect(parsed.cudaVersion).toBe(want.cuda);
    expect(parsed.migDevices.length).toBe(want.migDevices);
    expect(parsed.gpus.some((g) => g.migMode === true) || parsed.migDevices.length > 0).toBe(
      want.mig || want.migDevices > 0,
    );
    const gpu = parsed.gpus[0];
    expect(gpu?.name ?? null).toBe(want.name);
    expect(gpu?.memoryMiB ?? null).toBe(want.memoryMiB);
    if (want.busId !== undefined) expect(gpu?.busId ?? null).toBe(want.busId);
    if (want.powerCapW !== undefined) expect(gpu?.powerCapW ?? null).toBe(want.powerCapW);
    if (want.persistence !== undefined) expect(gpu?.persistenceMode ?? null).toBe(want.persistence);
    if (want.ecc !== undefined) expect(gpu?.eccEnabled ?? null).toBe(want.ecc);
    if (gpu) {
      const delivered = resolveDeliveredGpu(gpu.name, gpu.memoryMiB, index);
      expect(delivered.model?.slug ?? null).toBe(want.canonical);
      expect(delivered.consumer).toBe(want.consumer);
      expect(delivered.virtual).toBe(false);
    }
    // GPU indices are 0..n-1 in order wherever whole GPUs are shown.
    expect(parsed.gpus.map((g) => g.index)).toEqual(parsed.gpus.map((_, i) => i));
  });

  it("reads the MIG slices of the table and of -L", () => {
    const table = ok(readFileSync(path.join(samplesDir, "h100-mig-devices-1.txt"), "utf8"));
    expect(
      table.migDevices.map((m) => [m.gpuIndex, m.gpuInstanceId, m.computeInstanceId, m.memoryMiB]),
    ).toEqual([
      [0, 2, 0, 40448],
      [0, 3, 0, 20096],
      [0, 9, 0, 9984],
      [0, 10, 0, 9984],
    ]);
    expect(table.gpus[0]?.eccErrors).toBeNull(); // "On" in MIG mode: ECC on, counts not shown
    const list = ok(readFileSync(path.join(samplesDir, "h100-mig-list-1.txt"), "utf8"));
    expect(list.migDevices.map((m) => m.profile)).toEqual(["3g.40gb", "2g.20gb", "1g.10gb", "1g.10gb"]);
    const multi = ok(readFileSync(path.join(samplesDir, "mig-devices-multi-1.txt"), "utf8"));
    expect(multi.migDevices.map((m) => m.gpuIndex)).toEqual([1, 1, 1, 2]);
    expect(multi.migDevices[3]?.memoryMiB).toBe(19968); // last row is cut off mid-line
  });

  it("takes the UUID from an -L line pasted above the table (tesla-t4)", () => {
    const parsed = ok(readFileSync(path.join(samplesDir, "tesla-t4-1.txt"), "utf8"));
    expect(parsed.gpus[0]?.uuid).toBe("GPU-9ba4ce04-e020-44f9-8fc3-337ba5bb5496");
  });

  it("reads the same sample with CRLF line ends and a prompt line", () => {
    const text = readFileSync(path.join(samplesDir, "h100-sxm-80gb-multi-1.txt"), "utf8");
    const parsed = ok(`user@box:~$ nvidia-smi\r\n${text.replace(/\n/g, "\r\n")}\r\nuser@box:~$ `);
    expect(parsed.gpus.length).toBe(8);
    expect(parsed.gpus[7]?.memoryMiB).toBe(81559);
    expect(parsed.driverVersion).toBe("565.57.01");
  });
});

const CSV_HEADER =
  "index, name, memory.total [MiB], pci.bus_id, driver_version, persistence_mode, mig.mode.current";

describe("parseNvidiaSmi on synthetic csv", () => {
  it("reads --format=csv with units", () => {
    const parsed = ok(
      `${CSV_HEADER}\n0, NVIDIA H100 80GB HBM3, 81559 MiB, 00000000:18:00.0, 565.57.01, Enabled, Disabled\n1, NVIDIA H100 80GB HBM3, 81559 MiB, 00000000:2A:00.0, 565.57.01, Disabled, Enabled\n`,
    );
    expect(parsed.format).toBe("csv");
    expect(parsed.gpus.map((g) => [g.index, g.memoryMiB, g.persistenceMode, g.migMode])).toEqual([
      [0, 81559, true, false],
      [1, 81559, false, true],
    ]);
    expect(parsed.driverVersion).toBe("565.57.01");
    expect(parsed.cudaVersion).toBeNull();
  });

  it("reads nounits and shuffled columns the same way", () => {
    const parsed = ok(
      "memory.total [MiB],driver_version,name,index\n40960,535.104.05,NVIDIA A100-SXM4-40GB,3\n40960,535.104.05,NVIDIA A100-SXM4-40GB,2",
    );
    expect(parsed.gpus.map((g) => [g.index, g.name, g.memoryMiB])).toEqual([
      [3, "NVIDIA A100-SXM4-40GB", 40960],
      [2, "NVIDIA A100-SXM4-40GB", 40960],
    ]);
    expect(parsed.driverVersion).toBe("535.104.05");
  });

  it("turns [N/A], N/A and [Not Supported] cells into null", () => {
    const parsed = ok(
      "name, memory.total [MiB], ecc.mode.current, power.limit [W], uuid\nNVIDIA GeForce RTX 4090, 24564 MiB, [N/A], [Not Supported], N/A\n",
    );
    const gpu = parsed.gpus[0];
    expect(gpu?.eccEnabled).toBeNull();
    expect(gpu?.powerCapW).toBeNull();
    expect(gpu?.uuid).toBeNull();
    expect(gpu?.index).toBe(0);
  });

  it("asks for the header row when noheader was used", () => {
    const parsed = parseNvidiaSmi("0, NVIDIA H100 80GB HBM3, 81559 MiB\n1, NVIDIA H100 80GB HBM3, 81559 MiB");
    expect(parsed).toMatchObject({ ok: false, reason: "csv-no-header" });
    expect(!parsed.ok && parsed.message).toMatch(/add the header row/);
  });
});

describe("parseNvidiaSmi on -q and -L", () => {
  it("reads a complete -q section, including ECC counts and the enforced power limit", () => {
    const q = [
      "==============NVSMI LOG==============",
      "Driver Version                            : 550.54.15",
      "CUDA Version                              : 12.4",
      "Attached GPUs                             : 1",
      "GPU 00000000:18:00.0",
      "    Product Name                          : NVIDIA H100 80GB HBM3",
      "    Persistence Mode                      : Disabled",
      "    MIG Mode",
      "        Current                           : Disabled",
      "        Pending                           : Disabled",
      "    GPU UUID                              : GPU-1234",
      "    FB Memory Usage",
      "        Total                             : 81559 MiB",
      "        Used                              : 0 MiB",
      "    ECC Mode",
      "        Current                           : Enabled",
      "    ECC Errors",
      "        Volatile",
      "            SRAM Correctable              : 0",
      "            SRAM Uncorrectable            : 1",
      "            DRAM Correctable              : 5",
      "            DRAM Uncorrectable            : 2",
      "    GPU Power Readings",
      "        Power Draw                        : 70.00 W",
      "        Current Power Limit               : 700.00 W",
      "        Default Power Limit               : 700.00 W",
      "        Max Power Limit                   : 700.00 W",
    ].join("\n");
    const parsed = ok(q);
    expect(parsed.format).toBe("query");
    expect(parsed.gpus).toEqual([
      {
        index: 0,
        name: "NVIDIA H100 80GB HBM3",
        memoryMiB: 81559,
        busId: "00000000:18:00.0",
        uuid: "GPU-1234",
        persistenceMode: false,
        eccEnabled: true,
        eccErrors: 3,
        powerCapW: 700,
        migMode: false,
        virtualizationMode: null,
      },
    ]);
  });

  it("reads -L without MIG", () => {
    const parsed = ok("GPU 0: NVIDIA A10G (UUID: GPU-a)\nGPU 1: NVIDIA A10G (UUID: GPU-b)\n");
    expect(parsed.format).toBe("list");
    expect(parsed.gpus.map((g) => [g.index, g.name, g.uuid])).toEqual([
      [0, "NVIDIA A10G", "GPU-a"],
      [1, "NVIDIA A10G", "GPU-b"],
    ]);
  });
});

describe("parseNvidiaSmi on other real-world shapes", () => {
  it("reads a Windows table (WDDM in the persistence column)", () => {
    const parsed = ok(
      [
        "| NVIDIA-SMI 546.33                 Driver Version: 546.33       CUDA Version: 12.3     |",
        "| GPU  Name                     TCC/WDDM  | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
        "|   0  NVIDIA GeForce RTX 3080      WDDM  |   00000000:01:00.0  On |                  N/A |",
        "|  0%   45C    P8              21W / 320W |    900MiB / 10240MiB |      3%      Default |",
      ].join("\n"),
    );
    expect(parsed.gpus.map((g) => [g.name, g.memoryMiB, g.persistenceMode, g.powerCapW])).toEqual([
      ["NVIDIA GeForce RTX 3080", 10240, null, 320],
    ]);
    expect(parsed.driverVersion).toBe("546.33");
  });

  it("reads a table quoted in markdown (> | …)", () => {
    const parsed = ok(
      "> |   0  NVIDIA L4                      On  |   00000000:01:00.0 Off |                    0 |\n> | N/A   40C    P8             16W /   72W |       0MiB /  23034MiB |      0%      Default |",
    );
    expect(parsed.gpus[0]?.memoryMiB).toBe(23034);
  });

  it("reads nvidia-smi output embedded in a JSON document (a probe result)", () => {
    const json = JSON.stringify({
      schema: 1,
      nvidiaSmi: {
        list: "GPU 0: NVIDIA L4 (UUID: GPU-l4)",
        table:
          "| NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |\n|   0  NVIDIA L4                      On  |   00000000:01:00.0 Off |                    0 |\n| N/A   40C    P8             16W /   72W |       0MiB /  23034MiB |      0%      Default |",
      },
    });
    const parsed = ok(json);
    expect(parsed.format).toBe("table");
    expect(parsed.gpus[0]).toMatchObject({ name: "NVIDIA L4", memoryMiB: 23034, uuid: "GPU-l4" });
    expect(parseNvidiaSmi('{"a": 1}')).toMatchObject({ ok: false, reason: "unrecognised" });
  });

  it("reads -L MIG lines with a compute-instance profile", () => {
    const parsed = ok(
      "GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-x)\n  MIG 1c.3g.20gb    Device  0: (UUID: MIG-a)\n  MIG 1g.5gb Device 1: (UUID: MIG-b)",
    );
    expect(parsed.migDevices.map((m) => m.profile)).toEqual(["1c.3g.20gb", "1g.5gb"]);
  });

  it("reads the virtualization mode of -q (vGPU guest)", () => {
    const parsed = ok(
      [
        "Driver Version : 535.129.03",
        "GPU 00000000:02:00.0",
        "    Product Name                          : NVIDIA A100-SXM4-80GB",
        "    GPU Virtualization Mode",
        "        Virtualization Mode               : VGPU",
        "        Host VGPU Mode                    : N/A",
        "    FB Memory Usage",
        "        Total                             : 20480 MiB",
      ].join("\n"),
    );
    expect(parsed.gpus[0]).toMatchObject({ virtualizationMode: "VGPU", memoryMiB: 20480 });
  });
});

describe("parseNvidiaSmi on input it cannot read", () => {
  it.each([
    ["", "empty"],
    ["   \n\t\r\n", "empty"],
    ["hello", "unrecognised"],
    ["<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>", "html"],
    ["No devices were found", "no-devices"],
    [
      "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.",
      "driver-failure",
    ],
    ["name, memory.total [MiB]\n", "unrecognised"],
  ])("%j → %s", (text, reason) => {
    const parsed = parseNvidiaSmi(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toBe(reason);
    expect(!parsed.ok && parsed.message.length).toBeGreaterThan(20);
  });

  it("never throws, whatever the string", () => {
    for (const text of [
      "|",
      "| 0 x On | bad | |",
      "GPU 0:",
      "GPU 00000000:00:00.0\n  :",
      "\u0000\uFFFF",
      "a,b\n1,2",
    ]) {
      expect(() => parseNvidiaSmi(text)).not.toThrow();
    }
    expect(() => parseNvidiaSmi(undefined as unknown as string)).not.toThrow();
  });

  it("stays linear on 200 kB of adversarial input (no regex backtracking blow-up)", () => {
    const n = 199_000;
    for (const text of [
      `| 1${" ".repeat(n)}x | 00000000:00:00.0 | 0 |`,
      `GPU 00000000:00:00.0\n${" ".repeat(n)}x`,
      `GPU 0: x${" ".repeat(n)}y`,
      `name, memory.total [MiB]\n${",".repeat(n)}`,
      "|".repeat(n),
      `Driver Version:${" ".repeat(n)}`,
    ]) {
      const started = performance.now();
      parseNvidiaSmi(text);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it("flags a table cut off inside a GPU block", () => {
    const parsed = ok(
      "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |\n|   0  NVIDIA L4                      On  |   00000000:01:00.0 Off |                    0 |\n",
    );
    expect(parsed.truncated).toBe(true);
    expect(parsed.gpus[0]?.memoryMiB).toBeNull();
  });
});
