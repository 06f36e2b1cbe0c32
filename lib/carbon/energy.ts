// Energy and carbon of a whole job (issue 48), pure. CCF's method:
//   IT kWh  = GPUs × hours × (P_idle + u × (P_max − P_idle)) / 1000 × (1 + host overhead)
//   facility kWh = IT kWh × PUE
//   kg CO2e = facility kWh × grid g/kWh / 1000
// Unknown stays unknown (null), never 0.
import type { GpuPower } from "./gpu-power.ts";
import type { GridFactor } from "./grid.ts";

/** Stated defaults the user can change. */
export const DEFAULT_PUE = 1.2;
/** CPUs, memory, fans and network beside the GPUs, as a share of the GPUs' draw. */
export const DEFAULT_HOST_OVERHEAD = 0.2;
export const DEFAULT_UTILISATION = 0.8;

export interface EnergyInput {
  gpuCount: number;
  hours: number;
  /** 0…1 */
  utilisation: number;
  power: GpuPower;
  hostOverhead?: number;
  /** A provider/region fact when published, else the user's or DEFAULT_PUE. */
  pue?: { value: number; source: string | null };
}

export interface EnergyEstimate {
  state: "estimated" | "tdp-derived" | "measured" | "unknown";
  gpuWatts: number | null;
  itKwh: number | null;
  facilityKwh: number | null;
  pue: number;
  pueSource: string | null;
  hostOverhead: number;
}

export function estimateEnergy(input: EnergyInput): EnergyEstimate {
  const hostOverhead = input.hostOverhead ?? DEFAULT_HOST_OVERHEAD;
  const pue = input.pue?.value ?? DEFAULT_PUE;
  const pueSource = input.pue?.source ?? null;
  if (input.power.state === "unknown") {
    return { state: "unknown", gpuWatts: null, itKwh: null, facilityKwh: null, pue, pueSource, hostOverhead };
  }
  const u = Math.min(1, Math.max(0, input.utilisation));
  const { idleW, maxW } = input.power;
  const gpuWatts = idleW + u * (maxW - idleW);
  const itKwh = (input.gpuCount * input.hours * gpuWatts * (1 + hostOverhead)) / 1000;
  return {
    state: input.power.state === "tdp-derived" ? "tdp-derived" : "estimated",
    gpuWatts,
    itKwh,
    facilityKwh: itKwh * pue,
    pue,
    pueSource,
    hostOverhead,
  };
}

/** kg CO2e of the facility energy, null when either is unknown. */
export function operationalKg(facilityKwh: number | null, grid: GridFactor | null): number | null {
  if (facilityKwh == null || grid == null) return null;
  return (facilityKwh * grid.gPerKwh) / 1000;
}

/** g CO2e per GPU-hour (the matrix column): one GPU, one hour, same assumptions. */
export function gramsPerGpuHour(
  power: GpuPower,
  grid: GridFactor | null,
  opts: { utilisation?: number; hostOverhead?: number; pue?: { value: number; source: string | null } } = {},
): number | null {
  const e = estimateEnergy({
    gpuCount: 1,
    hours: 1,
    utilisation: opts.utilisation ?? DEFAULT_UTILISATION,
    power,
    hostOverhead: opts.hostOverhead,
    pue: opts.pue,
  });
  const kg = operationalKg(e.facilityKwh, grid);
  return kg == null ? null : kg * 1000;
}

/**
 * Embodied emissions, shown apart (CCF's method: a card's manufacturing kg CO2e amortised
 * over its life, charged for the hours used). The per-card figure is the user's: no sourced
 * per-GPU value is in our data, so with none it is unknown.
 */
export function embodiedKg(input: {
  gpuCount: number;
  hours: number;
  kgPerCard: number | null;
  lifeYears: number;
}): number | null {
  if (input.kgPerCard == null || !(input.lifeYears > 0)) return null;
  return (input.gpuCount * input.hours * input.kgPerCard) / (input.lifeYears * 365 * 24);
}

/** The carbon price's amount (assumed: your carbon price), in its currency; null when off. */
export function carbonCost(kg: number | null, pricePerTonne: number | null): number | null {
  if (pricePerTonne == null || kg == null) return null;
  return (kg / 1000) * pricePerTonne;
}

/** Measured GPU kWh (lib/carbon/measured.ts) replaces the estimate; host and PUE still apply. */
export function measuredEnergy(gpuKwh: number | null, estimate: EnergyEstimate): EnergyEstimate {
  if (gpuKwh == null) return estimate;
  const itKwh = gpuKwh * (1 + estimate.hostOverhead);
  return { ...estimate, state: "measured", gpuWatts: null, itKwh, facilityKwh: itKwh * estimate.pue };
}
