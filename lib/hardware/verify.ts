// Compares what nvidia-smi shows with what the offer sold (model and variant, count, memory,
// datacenter card) and with what the user's framework needs (minimum driver for a CUDA
// version), and lists signs of sharing (vGPU, MIG slices, memory below the model's). Every
// finding has a code + params and a message in plain words, in English and Chinese.
import {
  buildHardwareGpuIndex,
  isConsumerName,
  isVirtualName,
  resolveDeliveredGpu,
  resolveExpectedGpu,
  variantKind,
  type HardwareGpuIndex,
  type HardwareGpuRef,
  type VariantKind,
} from "./canonical.ts";
import { compareVersions, CUDA_DRIVER_SOURCE_URL, minimumDriverForCuda } from "./cuda-drivers.ts";
import type { ParsedNvidiaSmiOk } from "./nvidia-smi.ts";
import type {
  HardwareExpectation,
  HardwareGpu,
  HardwareLocale,
  HardwareMismatch,
  HardwareReport,
} from "./schema.ts";

export type MessageParams = Record<string, string | number>;

const VARIANT_LABEL: Record<NonNullable<VariantKind>, string> = { SXM: "SXM", PCIE: "PCIe", NVL: "NVL" };

type Messages = Record<string, { en: (p: MessageParams) => string; zh: (p: MessageParams) => string }>;

const MESSAGES: Messages = {
  model: {
    en: (p) => `Sold as ${p.expected}, delivered ${p.actual}.`,
    zh: (p) => `宣传的是 ${p.expected}，实际交付的是 ${p.actual}。`,
  },
  variant: {
    en: (p) => `Sold as ${p.family} ${p.expected}, delivered ${p.family} ${p.actual} (${p.name}).`,
    zh: (p) => `宣传的是 ${p.family} ${p.expected}，实际交付的是 ${p.family} ${p.actual}（${p.name}）。`,
  },
  memory: {
    en: (p) =>
      `Sold as ${p.expectedLabel}, delivered ${p.actualLabel}: ${p.actual} GB per GPU instead of ${p.expected} GB.`,
    zh: (p) =>
      `宣传的是 ${p.expectedLabel}，实际交付的是 ${p.actualLabel}：每张卡显存 ${p.actual} GB，而不是 ${p.expected} GB。`,
  },
  countLow: {
    en: (p) => `${p.expected} GPUs advertised, ${p.actual} visible.`,
    zh: (p) => `宣传 ${p.expected} 张卡，实际只能看到 ${p.actual} 张。`,
  },
  countHigh: {
    en: (p) =>
      `${p.actual} GPUs visible, ${p.expected} advertised: check that you are billed for ${p.expected}.`,
    zh: (p) => `能看到 ${p.actual} 张卡，宣传的是 ${p.expected} 张：请确认计费按 ${p.expected} 张计算。`,
  },
  consumer: {
    en: (p) => `Consumer ${p.actual} delivered for a datacenter offer.`,
    zh: (p) => `报价写的是数据中心级 GPU，实际交付的是消费级显卡 ${p.actual}。`,
  },
  sharedMemory: {
    en: (p) => `GPU is shared: ${p.actual} GiB visible of ${p.expected}.`,
    zh: (p) => `GPU 是共享的：${p.expected} GB 显存里只能看到 ${p.actual} GiB。`,
  },
  virtual: {
    en: (p) => `${p.actual} is a virtual GPU (vGPU): you get a share of a physical card, not the whole card.`,
    zh: (p) => `${p.actual} 是虚拟 GPU（vGPU）：你拿到的是物理卡的一部分，而不是整张卡。`,
  },
  hami: {
    en: (p) =>
      `HAMi-core is between your job and the GPU ("${p.evidence}"): the card is shared with other containers, and nvidia-smi shows your memory limit, not the card's.`,
    zh: (p) =>
      `任务和 GPU 之间有 HAMi-core（“${p.evidence}”）：这张卡与其他容器共享，nvidia-smi 显示的是分给你的显存上限，而不是整张卡的显存。`,
  },
  vgpuGuest: {
    en: (p) =>
      `This is an NVIDIA vGPU (GRID) guest ("${p.evidence}"): you get a time-sliced share of a physical card, not the whole card.`,
    zh: (p) =>
      `这是 NVIDIA vGPU（GRID）虚拟机（“${p.evidence}”）：你拿到的是物理卡分时共享的一部分，而不是整张卡。`,
  },
  memoryAbove: {
    en: (p) =>
      `GPU ${p.gpus} shows ${p.actual} GiB, more than the ${p.expected} GB a ${p.model} has: a modified card, or a sharing layer that reports memory it does not give.`,
    zh: (p) =>
      `GPU ${p.gpus} 显示 ${p.actual} GiB 显存，超过 ${p.model} 应有的 ${p.expected} GB：可能是改装卡，或是共享层虚报了显存。`,
  },
  migSlices: {
    en: (p) => `MIG is enabled: ${p.actual} MIG slices (${p.profiles}) are visible instead of whole GPUs.`,
    zh: (p) => `已开启 MIG：能看到的是 ${p.actual} 个 MIG 切片（${p.profiles}），而不是整张 GPU。`,
  },
  migMode: {
    en: (p) =>
      `MIG mode is enabled on GPU ${p.gpus}: jobs only see a slice unless the provider turns it off.`,
    zh: (p) => `GPU ${p.gpus} 开启了 MIG 模式：除非服务商关闭，否则任务只能用到一个切片。`,
  },
  driverOld: {
    en: (p) =>
      `Driver ${p.actual} is older than ${p.expected}, the minimum for CUDA ${p.cuda} (NVIDIA CUDA release notes): ask for a newer driver or use an older CUDA.`,
    zh: (p) =>
      `驱动版本 ${p.actual} 低于 CUDA ${p.cuda} 要求的最低版本 ${p.expected}（NVIDIA CUDA 发行说明）：请服务商升级驱动，或换用更低版本的 CUDA。`,
  },
  cudaOld: {
    en: (p) =>
      `The driver supports CUDA up to ${p.actual}; you need CUDA ${p.expected}: ask for a newer driver.`,
    zh: (p) => `驱动最高只支持 CUDA ${p.actual}，而你需要 CUDA ${p.expected}：请服务商升级驱动。`,
  },
  cudaUnknown: {
    en: (p) => `We have no minimum driver for CUDA ${p.expected}: check NVIDIA's CUDA release notes.`,
    zh: (p) => `我们没有 CUDA ${p.expected} 的最低驱动数据：请查阅 NVIDIA CUDA 发行说明。`,
  },
  driverMissing: {
    en: (p) =>
      `This output shows no driver version, so CUDA ${p.expected} cannot be checked: paste the default nvidia-smi table too.`,
    zh: (p) => `这段输出里没有驱动版本，无法检查 CUDA ${p.expected}：请再贴一份默认的 nvidia-smi 表格输出。`,
  },
  eccOff: {
    en: (p) => `ECC is off on GPU ${p.gpus}: memory errors go undetected. Ask the provider to turn it on.`,
    zh: (p) => `GPU ${p.gpus} 的 ECC 已关闭：显存错误不会被发现。请让服务商开启 ECC。`,
  },
  eccErrors: {
    en: (p) => `GPU ${p.gpus} reports ${p.actual} uncorrected ECC errors: ask for another machine.`,
    zh: (p) => `GPU ${p.gpus} 报告了 ${p.actual} 个不可纠正的 ECC 错误：请要求更换机器。`,
  },
  persistenceOff: {
    en: (p) =>
      `Persistence mode is off on GPU ${p.gpus}: the first CUDA call after idle is slower. Harmless for most jobs (nvidia-smi -pm 1 turns it on, as root).`,
    zh: (p) =>
      `GPU ${p.gpus} 的持久模式（Persistence Mode）已关闭：空闲后第一次调用 CUDA 会慢一些。对大多数任务无影响（root 用户可用 nvidia-smi -pm 1 开启）。`,
  },
  interconnectPcie: {
    en: (p) =>
      `The offer says ${p.expected}, but ${p.actual} is a PCIe card. nvidia-smi's output does not show links: run nvidia-smi topo -m to check.`,
    zh: (p) =>
      `报价写的是 ${p.expected}，但 ${p.actual} 是 PCIe 卡。nvidia-smi 的输出不显示互联：请运行 nvidia-smi topo -m 检查。`,
  },
  interconnectHint: {
    en: (p) =>
      `${p.actual} is an ${p.variant} card, which usually has NVLink; nvidia-smi's output does not show links: run nvidia-smi topo -m to check ${p.expected}.`,
    zh: (p) =>
      `${p.actual} 是 ${p.variant} 卡，通常带 NVLink；nvidia-smi 的输出不显示互联：请运行 nvidia-smi topo -m 检查 ${p.expected}。`,
  },
  interconnectUnknown: {
    en: (p) => `nvidia-smi's output does not show links: run nvidia-smi topo -m to check ${p.expected}.`,
    zh: (p) => `nvidia-smi 的输出不显示互联：请运行 nvidia-smi topo -m 检查 ${p.expected}。`,
  },
  modelUnknown: {
    en: (p) =>
      `"${p.expected}" is not a GPU model we know, so the model was not compared: nvidia-smi shows ${p.actual}.`,
    zh: (p) => `“${p.expected}”不在我们的 GPU 型号列表里，因此未比较型号：nvidia-smi 显示的是 ${p.actual}。`,
  },
  truncated: {
    en: () => `The output looks cut off: paste all of it to check every GPU.`,
    zh: () => `输出似乎被截断了：请贴完整输出，以便检查每张卡。`,
  },
  noMemory: {
    en: () =>
      `This output does not show GPU memory (nvidia-smi -L): paste the default nvidia-smi table to check memory.`,
    zh: () => `这段输出不含显存信息（nvidia-smi -L）：请贴默认的 nvidia-smi 表格输出以检查显存。`,
  },
};

/** Renders a finding's message in a language (the UI re-renders stored reports with this). */
export function renderHardwareMessage(code: string, params: MessageParams, locale: HardwareLocale): string {
  const m = MESSAGES[code];
  if (!m) return code;
  return locale === "zh-CN" ? m.zh(params) : m.en(params);
}

export interface VerifyOptions {
  /** Our GPU models (the database's, or seedGpuRefs in tests) or an index built from them. */
  models: HardwareGpuRef[] | HardwareGpuIndex;
  locale?: HardwareLocale;
}

const gib = (mib: number) => Math.round((mib / 1024) * 10) / 10;
const list = (indices: number[]) => indices.join(", ");

function hasExpectation(e: HardwareExpectation | undefined): e is HardwareExpectation {
  return (
    !!e &&
    (e.gpu !== undefined ||
      e.count !== undefined ||
      e.memoryGb !== undefined ||
      e.cudaVersion !== undefined ||
      e.datacenter !== undefined ||
      e.interconnect !== undefined ||
      e.mig !== undefined)
  );
}

export function verifyHardware(
  parsed: ParsedNvidiaSmiOk,
  expected: HardwareExpectation | undefined,
  options: VerifyOptions,
): HardwareReport {
  const locale = options.locale ?? "en";
  const index = Array.isArray(options.models) ? buildHardwareGpuIndex(options.models) : options.models;
  const mismatches: HardwareMismatch[] = [];
  let unchecked = false;
  const add = (
    field: HardwareMismatch["field"],
    code: string,
    severity: HardwareMismatch["severity"],
    expectedValue: HardwareMismatch["expected"],
    actual: HardwareMismatch["actual"],
    params: MessageParams,
  ) =>
    mismatches.push({
      field,
      code,
      severity,
      expected: expectedValue,
      actual,
      params,
      message: renderHardwareMessage(code, params, locale),
    });

  const layers = parsed.sharingLayers ?? [];
  const vgpuLayer = layers.find((l) => l.kind === "vgpu");
  const hamiLayer = layers.find((l) => l.kind === "hami");
  const delivered = parsed.gpus.map((g) => {
    const d = resolveDeliveredGpu(g.name, g.memoryMiB, index);
    return {
      gpu: g,
      ...d,
      virtual: d.virtual || /^vgpu$/i.test(g.virtualizationMode ?? "") || vgpuLayer !== undefined,
    };
  });
  const gpus: HardwareGpu[] = delivered.map((d) => ({
    ...d.gpu,
    canonical: d.model?.name ?? null,
    slug: d.model?.slug ?? null,
    consumer: d.consumer,
    virtual: d.virtual,
    memoryFit: d.memoryFit,
  }));

  const exp = hasExpectation(expected) ? expected : undefined;
  const expGpu = exp?.gpu ? resolveExpectedGpu(exp.gpu, index) : undefined;
  const expMemoryGb = exp?.memoryGb ?? expGpu?.memoryGb ?? null;
  const cudaRow = exp?.cudaVersion ? minimumDriverForCuda(exp.cudaVersion) : undefined;
  const first = delivered[0];

  // Model, variant and memory, once per kind of GPU in the box (mixed boxes are checked too).
  const groups = new Map<string, (typeof delivered)[number]>();
  for (const d of delivered) {
    const key = `${d.model?.slug ?? d.gpu.name}|${d.memoryFit}`;
    if (!groups.has(key)) groups.set(key, d);
  }
  for (const d of groups.values()) {
    let modelMismatch = false;
    if (exp?.gpu) {
      const expModel = expGpu?.model ?? null;
      const got = d.model;
      const expectedLabel = expModel?.name ?? exp.gpu;
      if (expModel && (!got || got.family !== expModel.family)) {
        modelMismatch = true;
        const actual = got ? `${got.name} (${d.gpu.name})` : d.gpu.name;
        add("model", "model", "problem", expectedLabel, d.gpu.name, { expected: exp.gpu, actual });
      } else if (!expModel) {
        unchecked = true;
        if (!mismatches.some((m) => m.code === "modelUnknown")) {
          add("model", "modelUnknown", "info", exp.gpu, d.gpu.name, {
            expected: exp.gpu,
            actual: d.gpu.name,
          });
        }
      } else if (got && expGpu?.variant) {
        const gotVariant = variantKind(got);
        if (gotVariant && gotVariant !== expGpu.variant) {
          modelMismatch = true;
          add("variant", "variant", "problem", expectedLabel, got.name, {
            family: got.family,
            expected: VARIANT_LABEL[expGpu.variant],
            actual: VARIANT_LABEL[gotVariant],
            name: d.gpu.name,
          });
        }
      }
    }
    // Memory per GPU: a smaller model (A100 40GB for 80GB); less visible than the model has is
    // sharing (below), not a different model.
    if (modelMismatch || expMemoryGb === null) continue;
    if (d.model && d.memoryFit !== "below") {
      const got = d.model.memoryGb;
      if (Math.abs(got - expMemoryGb) / expMemoryGb > 0.1) {
        add("memory", "memory", "problem", expMemoryGb, got, {
          expected: expMemoryGb,
          actual: got,
          expectedLabel: expGpu?.model ? `${expGpu.model.family} ${expMemoryGb}GB` : `${expMemoryGb} GB`,
          actualLabel: d.model.name,
        });
      }
    } else if (!d.model && d.gpu.memoryMiB !== null) {
      if (d.gpu.memoryMiB / (expMemoryGb * 1024) < 0.9) {
        const got = gib(d.gpu.memoryMiB);
        add("memory", "memory", "problem", expMemoryGb, got, {
          expected: expMemoryGb,
          actual: got,
          expectedLabel: `${expMemoryGb} GB`,
          actualLabel: d.gpu.name,
        });
      }
    } else if (d.gpu.memoryMiB === null) {
      unchecked = true;
    }
  }
  if (exp && first && parsed.gpus.every((g) => g.memoryMiB === null) && parsed.format === "list") {
    add("memory", "noMemory", "info", expMemoryGb, null, {});
    if (expMemoryGb !== null) unchecked = true;
  }

  // Sharing: HAMi-core and vGPU layers the output shows, vGPU names, memory below or above
  // the model's, MIG slices.
  if (hamiLayer)
    add("shared", "hami", "problem", false, hamiLayer.evidence, { evidence: hamiLayer.evidence });
  const virtualGpu = delivered.find((d) => d.virtual);
  // A vGPU profile in the name ("GRID V100D-8C") says most; else the layer's own line.
  if (vgpuLayer && !delivered.some((d) => isVirtualName(d.gpu.name))) {
    add("shared", "vgpuGuest", "problem", false, vgpuLayer.evidence, { evidence: vgpuLayer.evidence });
  } else if (virtualGpu) {
    add("shared", "virtual", "problem", false, virtualGpu.gpu.name, { actual: virtualGpu.gpu.name });
  }
  const above = delivered.filter((d) => d.memoryFit === "above" && d.model);
  const firstAbove = above[0];
  if (firstAbove?.model && firstAbove.gpu.memoryMiB !== null) {
    const got = gib(firstAbove.gpu.memoryMiB);
    add("memory", "memoryAbove", "problem", firstAbove.model.memoryGb, got, {
      gpus: list(above.map((d) => d.gpu.index)),
      actual: got,
      expected: firstAbove.model.memoryGb,
      model: firstAbove.model.name,
    });
  }
  const below = delivered.find((d) => d.memoryFit === "below" && d.model && !d.virtual);
  if (below?.model && below.gpu.memoryMiB !== null) {
    const got = gib(below.gpu.memoryMiB);
    add("shared", "sharedMemory", "problem", below.model.memoryGb, got, {
      expected: below.model.memoryGb,
      actual: got,
    });
  }
  const migOn = parsed.gpus.filter((g) => g.migMode === true).map((g) => g.index);
  const mig = migOn.length > 0 || parsed.migDevices.length > 0;
  if (parsed.migDevices.length > 0) {
    const profiles = parsed.migDevices.map(
      (m) => m.profile ?? (m.memoryMiB !== null ? `${gib(m.memoryMiB)} GiB` : "?"),
    );
    add("mig", "migSlices", exp?.mig ? "info" : "warning", exp?.mig ?? false, parsed.migDevices.length, {
      actual: parsed.migDevices.length,
      profiles: profiles.join(", "),
    });
  } else if (migOn.length > 0) {
    add("mig", "migMode", exp?.mig ? "info" : "warning", exp?.mig ?? false, true, { gpus: list(migOn) });
  }
  const shared =
    !!virtualGpu || !!below || !!hamiLayer || !!vgpuLayer || above.length > 0 || parsed.migDevices.length > 0;

  // Count of whole GPUs.
  if (exp?.count !== undefined) {
    const visible = parsed.gpus.length;
    if (visible === 0) unchecked = true;
    else if (visible < exp.count) {
      add("count", "countLow", "problem", exp.count, visible, { expected: exp.count, actual: visible });
    } else if (visible > exp.count) {
      add("count", "countHigh", "info", exp.count, visible, { expected: exp.count, actual: visible });
    }
  }

  // Consumer card for a datacenter offer.
  const wantsDatacenter =
    exp?.datacenter ??
    (expGpu?.model ? expGpu.model.datacenter !== false && !isConsumerName(expGpu.model.name) : undefined);
  const consumer = delivered.find((d) => d.consumer);
  if (wantsDatacenter && consumer) {
    add("consumer", "consumer", "problem", true, consumer.gpu.name, {
      actual: consumer.model?.name ?? consumer.gpu.name,
    });
  }

  // Driver for the CUDA version the framework needs.
  if (exp?.cudaVersion) {
    if (!cudaRow) {
      add("driver", "cudaUnknown", "info", exp.cudaVersion, parsed.driverVersion, {
        expected: exp.cudaVersion,
      });
      unchecked = true;
    } else if (parsed.driverVersion) {
      if (compareVersions(parsed.driverVersion, cudaRow.minLinuxDriver) < 0) {
        add("driver", "driverOld", "problem", cudaRow.minLinuxDriver, parsed.driverVersion, {
          expected: cudaRow.minLinuxDriver,
          actual: parsed.driverVersion,
          cuda: exp.cudaVersion,
        });
      }
    } else if (parsed.cudaVersion) {
      if (compareVersions(parsed.cudaVersion, exp.cudaVersion) < 0) {
        add("driver", "cudaOld", "problem", exp.cudaVersion, parsed.cudaVersion, {
          expected: exp.cudaVersion,
          actual: parsed.cudaVersion,
        });
      }
    } else {
      add("driver", "driverMissing", "info", cudaRow.minLinuxDriver, null, { expected: exp.cudaVersion });
      unchecked = true;
    }
  }

  // ECC (datacenter cards only; consumer cards mostly have none) and persistence mode.
  const eccErrors = parsed.gpus.filter((g) => (g.eccErrors ?? 0) > 0);
  if (eccErrors.length > 0) {
    const total = eccErrors.reduce((s, g) => s + (g.eccErrors ?? 0), 0);
    add("ecc", "eccErrors", "problem", 0, total, {
      gpus: list(eccErrors.map((g) => g.index)),
      actual: total,
    });
  }
  const eccOff = delivered.filter((d) => d.gpu.eccEnabled === false && !d.consumer).map((d) => d.gpu.index);
  if (eccOff.length > 0) add("ecc", "eccOff", "warning", true, false, { gpus: list(eccOff) });
  const persistenceOff = parsed.gpus.filter((g) => g.persistenceMode === false).map((g) => g.index);
  if (persistenceOff.length > 0) {
    add("persistence", "persistenceOff", "info", true, false, { gpus: list(persistenceOff) });
  }

  // Interconnect: nvidia-smi has no topology; only the name hints (SXM/NVL vs PCIe).
  if (exp?.interconnect && first) {
    const v = variantKind(first.model);
    const name = first.model?.name ?? first.gpu.name;
    if (exp.interconnect === "NVLINK" && v === "PCIE") {
      add("interconnect", "interconnectPcie", "info", exp.interconnect, "PCIE", {
        expected: exp.interconnect,
        actual: name,
      });
    } else if (v === "SXM" || v === "NVL") {
      add("interconnect", "interconnectHint", "info", exp.interconnect, null, {
        expected: exp.interconnect,
        actual: name,
        variant: VARIANT_LABEL[v],
      });
    } else {
      add("interconnect", "interconnectUnknown", "info", exp.interconnect, null, {
        expected: exp.interconnect,
      });
    }
  }

  if (parsed.truncated) add("output", "truncated", "info", null, null, {});

  const problems = mismatches.some((m) => m.severity === "problem");
  const verdict: HardwareReport["verdict"] = problems
    ? "mismatch"
    : !exp || parsed.gpus.length === 0 || unchecked
      ? "inconclusive"
      : "match";

  return {
    format: parsed.format,
    driverVersion: parsed.driverVersion,
    cudaVersion: parsed.cudaVersion,
    count: parsed.gpus.length,
    mig,
    shared,
    sharingLayers: layers,
    truncated: parsed.truncated,
    gpus,
    migDevices: parsed.migDevices,
    expected: exp
      ? {
          gpu: expGpu?.model?.name ?? exp.gpu ?? null,
          input: exp.gpu ?? null,
          slug: expGpu?.model?.slug ?? null,
          count: exp.count ?? null,
          memoryGb: expMemoryGb,
          cudaVersion: exp.cudaVersion ?? null,
          minDriver: cudaRow?.minLinuxDriver ?? null,
        }
      : null,
    mismatches,
    verdict,
    source: CUDA_DRIVER_SOURCE_URL,
  };
}
