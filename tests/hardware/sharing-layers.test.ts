// Issue 22 §6: nvidia-smi knows every GPU the catalog knows (canonical names from the built-in
// GPU table, not from what the database holds), and sharing layers (HAMi-core, vGPU guests, MIG,
// memory that does not match the model) change the verdict, in English and Chinese.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedGpuRefs } from "../../lib/catalog/test-models.ts";
import {
  detectSharingLayers,
  parseNvidiaSmi,
  type ParsedNvidiaSmiOk,
} from "../../lib/hardware/nvidia-smi.ts";
import { hardwareVerifyResponseSchema } from "../../lib/hardware/schema.ts";
import { verifyHardware } from "../../lib/hardware/verify.ts";
import { verifyNvidiaSmi } from "../../server/hardware/verify.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const samplesDir = path.resolve(process.cwd(), "../shared/data/nvidia-smi");
const samples = existsSync(samplesDir);
if (!samples) console.info(`[tests] ${samplesDir} is absent: the real nvidia-smi samples are skipped.`);

function parsed(text: string): ParsedNvidiaSmiOk {
  const p = parseNvidiaSmi(text);
  if (!p.ok) throw new Error(p.message);
  return p;
}

const table = (
  name: string,
  mib: number,
) => `+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 560.35.03              Driver Version: 560.35.03      CUDA Version: 12.6     |
|=========================================+========================+======================|
|   0  ${name.padEnd(30)}On  |   00000000:41:00.0 Off |                    0 |
| 30%   30C    P8             30W /  350W |       2MiB /  ${String(mib).padStart(5)}MiB |      0%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+`;

describe("sharing layers in pasted nvidia-smi output", () => {
  it.each([
    ["[HAMI-core Msg(28:140561996502848:libvgpu.c:836)]: Initializing.....", "hami"],
    [
      "2025-07-02T14:32:50Z [HAMI-core Warn(1:140105358836736:multiprocess_memory_limit.c:591)]: Kick dead proc 150",
      "hami",
    ],
    ["    vGPU Software Licensed Product", "vgpu"],
    ["        License Status                    : Unlicensed (Restricted)", "vgpu"],
    ["NVIDIA-SMI 535.129.03   Driver Version: 535.129.03-grid   CUDA Version: 12.2", "vgpu"],
  ])("%s → %s", (line, kind) => {
    expect(detectSharingLayers(`junk\n${line}\nmore`).map((l) => l.kind)).toEqual([kind]);
  });

  it("a plain table shows no layer", () => {
    expect(detectSharingLayers(table("NVIDIA H100 80GB HBM3", 81559))).toEqual([]);
  });

  it("HAMi-core: the layer, the memory limit below the card's, and a mismatch verdict in both languages", () => {
    const p = parsed(fixture("hami-a100-10g.txt"));
    expect(p.sharingLayers.map((l) => l.kind)).toEqual(["hami"]);
    const en = verifyHardware(p, { gpu: "A100 SXM 80GB", count: 1 }, { models: seedGpuRefs });
    hardwareVerifyResponseSchema.parse(en);
    expect(en.shared).toBe(true);
    expect(en.verdict).toBe("mismatch");
    expect(en.gpus[0]?.canonical).toBe("A100 SXM 80GB");
    const codes = en.mismatches.map((m) => m.code);
    expect(codes).toEqual(expect.arrayContaining(["hami", "sharedMemory"]));
    expect(en.mismatches.find((m) => m.code === "hami")?.message).toMatch(
      /HAMi-core .* shared with other containers/,
    );
    const zh = verifyHardware(p, { gpu: "A100 SXM 80GB" }, { models: seedGpuRefs, locale: "zh-CN" });
    expect(zh.mismatches.find((m) => m.code === "hami")?.message).toMatch(/HAMi-core.*共享/);
  });

  it("without any expectation, a HAMi-core output is still a mismatch, not 'inconclusive'", () => {
    const r = verifyHardware(parsed(fixture("hami-a100-10g.txt")), undefined, { models: seedGpuRefs });
    expect(r.verdict).toBe("mismatch");
  });

  it("vGPU guest (-q): Virtualization Mode VGPU and the licensed-product section; every GPU is virtual", () => {
    const p = parsed(fixture("vgpu-a10-q.txt"));
    expect(p.gpus[0]?.virtualizationMode).toBe("VGPU");
    expect(p.sharingLayers.map((l) => l.kind)).toEqual(["vgpu"]);
    const r = verifyHardware(p, { gpu: "A10", count: 1 }, { models: seedGpuRefs });
    expect(r.gpus[0]).toMatchObject({ canonical: "A10 24GB", virtual: true });
    expect(r.mismatches.map((m) => m.code)).toContain("vgpuGuest");
    expect(r.verdict).toBe("mismatch");
    const zh = verifyHardware(p, { gpu: "A10" }, { models: seedGpuRefs, locale: "zh-CN" });
    expect(zh.mismatches.find((m) => m.code === "vgpuGuest")?.message).toMatch(/vGPU（GRID）/);
  });

  it("memory above the model's is named, and changes the verdict", () => {
    const r = verifyHardware(parsed(table("NVIDIA L4", 49152)), { gpu: "L4" }, { models: seedGpuRefs });
    expect(r.gpus[0]).toMatchObject({ canonical: "L4 24GB", memoryFit: "above" });
    expect(r.mismatches.map((m) => m.code)).toContain("memoryAbove");
    expect(r.shared).toBe(true);
    expect(r.verdict).toBe("mismatch");
  });

  it("a whole card with no layer stays a match", () => {
    const r = verifyHardware(
      parsed(table("NVIDIA H100 80GB HBM3", 81559)),
      { gpu: "H100 SXM 80GB" },
      {
        models: seedGpuRefs,
      },
    );
    expect([r.verdict, r.shared, r.sharingLayers]).toEqual(["match", false, []]);
  });
});

describe("canonical names come from the built-in GPU table, not the database", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("pglite"); // no seed: not one GPU model in the database
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it.each([
    ["NVIDIA GeForce RTX 3090", 24576, "RTX 3090 24GB"],
    ["NVIDIA GH200 120GB", 97871, "GH200 96GB"],
    ["NVIDIA GH200 480GB", 97871, "GH200 96GB"],
    ["NVIDIA GH200 144G HBM3e", 146831, "GH200 144GB"],
    ["NVIDIA A40", 46068, "A40 48GB"],
    ["NVIDIA RTX A5000", 24564, "RTX A5000 24GB"],
    ["Quadro RTX 6000", 24576, "Quadro RTX 6000 24GB"],
    ["NVIDIA GeForce RTX 5090", 32607, "RTX 5090 32GB"],
  ])("%s (%i MiB) → %s", async (name, mib, canonical) => {
    expect(await db.prisma.gpuModel.count()).toBe(0);
    const r = await verifyNvidiaSmi({ output: table(name, mib) }, db.prisma);
    if (!r.ok) throw new Error(r.message);
    expect(r.report.gpus[0]?.canonical).toBe(canonical);
  });

  it.skipIf(!samples)("the real RTX 3090 sample gets its canonical model", async () => {
    const output = readFileSync(path.join(samplesDir, "rtx-3090-multi-1.txt"), "utf8");
    const r = await verifyNvidiaSmi({ output, expected: { gpu: "RTX 3090", count: 2 } }, db.prisma);
    if (!r.ok) throw new Error(r.message);
    expect(r.report.gpus.map((g) => g.canonical)).toEqual(["RTX 3090 24GB", "RTX 3090 24GB"]);
    expect(r.report.verdict).toBe("match");
  });
});
