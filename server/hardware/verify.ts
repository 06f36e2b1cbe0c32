// Hardware verification on the server: our GPU models (the database's, cached per process for
// 60 s, plus every model of the built-in GPU table the database lacks, so a pasted RTX 3090 or
// GH200 120GB gets its canonical name whatever the catalog holds) + the pure parser and
// comparison in lib/hardware.
import "server-only";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import {
  buildHardwareGpuIndex,
  type HardwareGpuIndex,
  type HardwareGpuRef,
} from "../../lib/hardware/canonical.ts";
import { gpuModels as builtInGpuModels } from "../../prisma/seed/data/gpu-models.ts";
import { parseNvidiaSmi, type NvidiaSmiFailureReason } from "../../lib/hardware/nvidia-smi.ts";
import type { HardwareExpectation, HardwareLocale, HardwareReport } from "../../lib/hardware/schema.ts";
import { verifyHardware } from "../../lib/hardware/verify.ts";
import { ApiError } from "../api/route-handler.ts";
import { getDb } from "../db/client.ts";

const CACHE_MS = 60_000;
let cache: { db: PrismaClient; at: number; index: HardwareGpuIndex } | undefined;

/** Our GPU models as resolution targets; reloaded after 60 s or for another database. */
export async function loadHardwareGpuIndex(db: PrismaClient = getDb()): Promise<HardwareGpuIndex> {
  const now = Date.now();
  if (cache && cache.db === db && now - cache.at < CACHE_MS) return cache.index;
  const rows = await db.gpuModel.findMany({
    orderBy: { name: "asc" },
    select: {
      id: true,
      slug: true,
      name: true,
      family: true,
      variant: true,
      memoryGb: true,
      formFactor: true,
      aliases: true,
      datacenter: true,
    },
  });
  const refs: HardwareGpuRef[] = rows.map((r) => ({ ...r, formFactor: String(r.formFactor) }));
  const inDb = new Set(refs.map((r) => r.slug));
  for (const g of builtInGpuModels) {
    if (inDb.has(g.slug)) continue;
    refs.push({
      id: `builtin:${g.slug}`,
      slug: g.slug,
      name: g.name,
      family: g.family,
      variant: g.variant ?? null,
      memoryGb: g.memoryGb,
      formFactor: g.formFactor,
      aliases: g.aliases,
      datacenter: g.datacenter,
    });
  }
  const index = buildHardwareGpuIndex(refs);
  cache = { db, at: now, index };
  return index;
}

export interface HardwareVerifyInput {
  output: string;
  expected?: HardwareExpectation;
  locale?: HardwareLocale;
}

export type HardwareVerifyResult =
  { ok: true; report: HardwareReport } | { ok: false; reason: NvidiaSmiFailureReason; message: string };

const FAILURE_ZH: Record<NvidiaSmiFailureReason, string> = {
  empty:
    "输出为空。请粘贴 nvidia-smi（默认表格）、nvidia-smi -q、nvidia-smi -L 或 nvidia-smi --query-gpu=… --format=csv 的输出。",
  unrecognised:
    "这段文字里没有找到 GPU。请粘贴 nvidia-smi（默认表格）、nvidia-smi -q、nvidia-smi -L 或 nvidia-smi --query-gpu=… --format=csv 的输出。",
  "csv-no-header":
    "这像是没有表头（noheader）的 nvidia-smi --query-gpu 输出，无法区分各列：请去掉 noheader 重新运行，带上表头行。",
  html: "这看起来是一个网页，而不是 nvidia-smi 的输出。请粘贴 nvidia-smi 在终端里打印的文字。",
  "no-devices":
    "nvidia-smi 在这台机器上没有找到 GPU：实例没有挂载 GPU，或驱动看不到它。请检查实例类型后重新运行 nvidia-smi。",
  "driver-failure":
    "nvidia-smi 无法与 NVIDIA 驱动通信：驱动未安装或未加载。请安装/加载驱动（或换一个带驱动的镜像）后再粘贴输出。",
};

/** Parses pasted nvidia-smi output and compares it with the expectation. Never throws for input. */
export async function verifyNvidiaSmi(
  input: HardwareVerifyInput,
  db: PrismaClient = getDb(),
): Promise<HardwareVerifyResult> {
  const locale = input.locale ?? "en";
  const parsed = parseNvidiaSmi(input.output);
  if (!parsed.ok) {
    return {
      ok: false,
      reason: parsed.reason,
      message: locale === "zh-CN" ? FAILURE_ZH[parsed.reason] : parsed.message,
    };
  }
  const index = await loadHardwareGpuIndex(db);
  return { ok: true, report: verifyHardware(parsed, input.expected, { models: index, locale }) };
}

/** For the API route: unreadable output is a 400 with a message that says what to paste. */
export async function verifyNvidiaSmiOrThrow(
  input: HardwareVerifyInput,
  db?: PrismaClient,
): Promise<HardwareReport> {
  const result = await verifyNvidiaSmi(input, db);
  if (!result.ok) {
    throw new ApiError(400, "invalid_input", result.message, { output: [result.message] });
  }
  return result.report;
}
