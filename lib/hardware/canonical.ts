// Maps a delivered GPU (name as nvidia-smi prints it + visible memory) to one of our canonical
// GPU models, and tells consumer cards from datacenter ones. nvidia-smi shows slightly less
// than the nominal memory (reserved by the driver/ECC): H100 80GB shows 81559 MiB, A10G 22731
// of 24576, T4 15109 of 16384 — about 0–8 % below. Much less than that means a slice or a
// sharing layer; never a different model by itself.
import {
  buildGpuNameIndex,
  hintsFromName,
  resolveGpuName,
  type GpuModelRef,
  type GpuNameIndex,
} from "../catalog/gpu-names.ts";

/** A GPU model as the hardware check needs it; `datacenter` when the database has it. */
export interface HardwareGpuRef extends GpuModelRef {
  datacenter?: boolean;
}

export interface HardwareGpuIndex {
  refs: HardwareGpuRef[];
  names: GpuNameIndex;
}

export function buildHardwareGpuIndex(refs: HardwareGpuRef[]): HardwareGpuIndex {
  return { refs, names: buildGpuNameIndex(refs) };
}

/** Visible memory within this share of the nominal (GiB × 1024 MiB) counts as the full card. */
export const MEMORY_FIT_LOW = 0.9;
export const MEMORY_FIT_HIGH = 1.02;

export type MemoryFit = "ok" | "below" | "above" | "unknown";

export function memoryFit(memoryMiB: number | null, nominalGb: number): MemoryFit {
  if (memoryMiB === null || !(memoryMiB > 0)) return "unknown";
  const ratio = memoryMiB / (nominalGb * 1024);
  if (ratio < MEMORY_FIT_LOW) return "below";
  if (ratio > MEMORY_FIT_HIGH) return "above";
  return "ok";
}

export type VariantKind = "SXM" | "PCIE" | "NVL" | null;

export function variantKind(model: Pick<GpuModelRef, "variant"> | null | undefined): VariantKind {
  const v = (model?.variant ?? "").toUpperCase();
  if (v.startsWith("SXM")) return "SXM";
  if (v === "PCIE") return "PCIE";
  if (v === "NVL") return "NVL";
  return null;
}

/** GeForce, TITAN and RTX 20/30/40/50xx cards are consumer cards; RTX PRO / A-series / Ada are not. */
export function isConsumerName(name: string): boolean {
  const up = name.toUpperCase();
  if (/\b(QUADRO|TESLA|PRO|ADA GENERATION)\b|\bRTX\s?A\d{4}\b/.test(up)) return false;
  return /\bGEFORCE\b|\bTITAN\b|\bRTX\s?[2-5]0[5-9]0(\s?TI|\s?SUPER)?\b|\bGTX\b/.test(up);
}

/** Signs of vGPU in a name: "GRID T4-16Q", "NVIDIA A100-40C", "NVIDIA H100XM-80C", "Virtual". */
export function isVirtualName(name: string): boolean {
  const up = name.toUpperCase();
  return /\bGRID\b|\bVGPU\b|\bVIRTUAL\b|-\d+[QCBA]$|\bV(?:CS|WS)\b/.test(up.trim());
}

/** The index's own ref (with `datacenter`) for a resolved model. */
function refOf(model: GpuModelRef | undefined, index: HardwareGpuIndex): HardwareGpuRef | null {
  if (!model) return null;
  return index.refs.find((r) => r.id === model.id) ?? model;
}

export interface DeliveredGpu {
  model: HardwareGpuRef | null;
  memoryFit: MemoryFit;
  consumer: boolean;
  virtual: boolean;
}

/** Resolves what nvidia-smi shows to a canonical model; null when we do not know the card. */
export function resolveDeliveredGpu(
  name: string,
  memoryMiB: number | null,
  index: HardwareGpuIndex,
): DeliveredGpu {
  const virtual = isVirtualName(name);
  // "NVIDIA A100-40C" (vGPU) names the profile after the dash: resolve the card's name only.
  const cardName = virtual ? name.replace(/-\d+[QCBA]\s*$/i, "").replace(/\bGRID\b/i, "") : name;
  const resolution = resolveGpuName(cardName, index.names);
  const candidates = (resolution?.candidates ?? []).map((m) => refOf(m, index) ?? { ...m });
  const ownMemory = hintsFromName(cardName).memoryGb;
  let model: HardwareGpuRef | null = candidates[0] ?? null;
  if (candidates.length > 1 && ownMemory === undefined && memoryMiB !== null) {
    model = candidates.find((m) => memoryFit(memoryMiB, m.memoryGb) === "ok") ?? model;
  }
  const consumer = model?.datacenter === false || isConsumerName(name);
  return {
    model,
    memoryFit: model ? memoryFit(memoryMiB, model.memoryGb) : "unknown",
    consumer,
    virtual,
  };
}

/** What the user was sold: "H100 SXM 80GB", "A100 80GB", "h100-sxm" → a model plus what the words said. */
export interface ExpectedGpu {
  model: HardwareGpuRef | null;
  /** The variant the words name (SXM/PCIe/NVL), if any. */
  variant: VariantKind;
  /** The memory the words name, if any (GB). */
  memoryGb: number | null;
}

export function resolveExpectedGpu(raw: string, index: HardwareGpuIndex): ExpectedGpu {
  const hints = hintsFromName(raw);
  const resolution = resolveGpuName(raw, index.names);
  const model = refOf(resolution?.candidates[0], index);
  const exactCanonical =
    model !== null &&
    [model.name, model.slug].some(
      (n) => n.toUpperCase().replace(/[^A-Z0-9]/g, "") === raw.toUpperCase().replace(/[^A-Z0-9]/g, ""),
    );
  return {
    model,
    variant: hints.variant ?? (exactCanonical ? variantKind(model) : null),
    memoryGb: hints.memoryGb ?? (exactCanonical && model ? model.memoryGb : null),
  };
}
