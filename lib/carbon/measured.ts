// Measured energy from power samples (issue 48): nvidia-smi `power.draw` (W) or DCGM
// DCGM_FI_DEV_POWER_USAGE (W) as timed samples per GPU, integrated by the trapezoid rule; or
// DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION (mJ since boot) per GPU as last − first. Samples that
// are not finite, negative, or DCGM's sentinels (≥ 9.2e18, "unsupported") are dropped.
export interface PowerSample {
  gpu: string;
  /** ms since epoch */
  t: number;
  watts: number;
}

export interface EnergyCounterSample {
  gpu: string;
  t: number;
  /** DCGM TOTAL_ENERGY_CONSUMPTION, millijoules */
  mj: number;
}

const SENTINEL = 9.2e18;
const ok = (x: number) => Number.isFinite(x) && x >= 0 && x < SENTINEL;

function byGpu<T extends { gpu: string; t: number }>(samples: readonly T[]): T[][] {
  const m = new Map<string, T[]>();
  for (const s of samples) m.set(s.gpu, [...(m.get(s.gpu) ?? []), s]);
  return [...m.values()].map((v) => v.sort((a, b) => a.t - b.t));
}

/** GPU kWh from power samples; null with fewer than two valid samples on every GPU. */
export function kwhFromPowerSamples(samples: readonly PowerSample[]): number | null {
  let joules = 0;
  let any = false;
  for (const s of byGpu(samples.filter((x) => ok(x.watts) && Number.isFinite(x.t)))) {
    for (let i = 1; i < s.length; i++) {
      const a = s[i - 1]!;
      const b = s[i]!;
      joules += ((a.watts + b.watts) / 2) * ((b.t - a.t) / 1000);
      any = true;
    }
  }
  return any ? joules / 3.6e6 : null;
}

/** GPU kWh from DCGM's energy counter. */
export function kwhFromEnergyCounter(samples: readonly EnergyCounterSample[]): number | null {
  let mj = 0;
  let any = false;
  for (const s of byGpu(samples.filter((x) => ok(x.mj)))) {
    if (s.length < 2) continue;
    mj += s[s.length - 1]!.mj - s[0]!.mj;
    any = true;
  }
  return any ? mj / 3.6e9 : null;
}
