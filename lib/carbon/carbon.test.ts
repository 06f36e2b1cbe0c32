import { describe, expect, it } from "vitest";

import {
  carbonCost,
  embodiedKg,
  estimateEnergy,
  gramsPerGpuHour,
  measuredEnergy,
  operationalKg,
} from "./energy.ts";
import { gpuPower } from "./gpu-power.ts";
import { gridFactor } from "./grid.ts";
import { kwhFromEnergyCounter, kwhFromPowerSamples } from "./measured.ts";

describe("energy and carbon of a job", () => {
  it("A100 (CCF 46/407 W), 8 GPUs × 10 h at 50 %, host 20 %, PUE 1.1, AWS us-east-1", () => {
    // W = 46 + 0.5 × (407 − 46) = 226.5; IT kWh = 8 × 10 × 226.5 × 1.2 / 1000 = 21.744;
    // facility = 21.744 × 1.1 = 23.9184 kWh; us-east-1 CCF 0.000415755 t/kWh = 415.755 g/kWh
    // → 23.9184 × 415.755 / 1000 = 9.94419… kg.
    const e = estimateEnergy({
      gpuCount: 8,
      hours: 10,
      utilisation: 0.5,
      power: gpuPower("a100-sxm-40gb", 400),
      hostOverhead: 0.2,
      pue: { value: 1.1, source: "test" },
    });
    expect(e.state).toBe("estimated");
    expect(e.gpuWatts).toBeCloseTo(226.5, 9);
    expect(e.itKwh).toBeCloseTo(21.744, 9);
    expect(e.facilityKwh).toBeCloseTo(23.9184, 9);
    const g = gridFactor("aws", "us-east-1", "US");
    expect(g?.level).toBe("cloud-region");
    expect(g?.gPerKwh).toBe(415.755);
    expect(operationalKg(e.facilityKwh, g)).toBeCloseTo(9.944194, 5);
  });

  it("H100 SXM has no CCF row: P_idle = 700 × 0.115 = 80.5 W, said to be derived", () => {
    // u = 1: W = 700; 1 GPU × 1 h × 700 × 1.2 / 1000 = 0.84 kWh × PUE 1.2 (default) = 1.008.
    const p = gpuPower("h100-sxm-80gb", 700);
    expect(p).toMatchObject({ state: "tdp-derived", idleW: 80.5, maxW: 700 });
    const e = estimateEnergy({ gpuCount: 1, hours: 1, utilisation: 1, power: p });
    expect(e.state).toBe("tdp-derived");
    expect(e.facilityKwh).toBeCloseTo(1.008, 9);
  });

  it("a GPU with no power figure and a region with no factor are unknown, never 0", () => {
    const e = estimateEnergy({ gpuCount: 4, hours: 5, utilisation: 0.7, power: gpuPower("mystery", null) });
    expect(e.state).toBe("unknown");
    expect(e.facilityKwh).toBeNull();
    expect(gridFactor("runpod", "global", null)).toBeNull();
    expect(operationalKg(10, null)).toBeNull();
    expect(gramsPerGpuHour(gpuPower("t4-16gb", 70), null)).toBeNull();
  });

  it("China regions use the grid region (reported), else the national OWID figure", () => {
    // Alibaba cn-hangzhou → 华东 0.5617 kg/kWh = 561.7 g; Tencent ap-guangzhou → 南方 386.9 g.
    expect(gridFactor("alibaba", "cn-hangzhou", "CN")).toMatchObject({
      level: "grid-region",
      gPerKwh: 561.7,
      reported: true,
      year: 2022,
    });
    expect(gridFactor("tencent", "ap-guangzhou", "CN")?.gPerKwh).toBe(386.9);
    // An unmapped CN region → OWID China 2023 = 582.317 g.
    expect(gridFactor("alibaba", "cn-unknown-1", "CN")).toMatchObject({
      level: "country",
      gPerKwh: 582.317,
      year: 2023,
    });
  });

  it("g CO2e per GPU-hour: T4 at 80 %, host 20 %, PUE 1.2, Lambda in Germany", () => {
    // W = 8 + 0.8 × 63 = 58.4; kWh = 0.0584 × 1.2 × 1.2 = 0.084096; DEU 380.95 g/kWh
    // → 0.084096 × 380.95 = 32.03637… g.
    const g = gridFactor("lambda", "europe-central-1", "DE");
    expect(gramsPerGpuHour(gpuPower("t4-16gb", 70), g)).toBeCloseTo(32.036371, 5);
  });

  it("measured samples replace the estimate and say so", () => {
    // GPU 0: 300 W for 1 h then 300 W (flat) → 0.3 kWh; GPU 1: 100 → 300 W over 1 h → 0.2 kWh.
    const h = 3_600_000;
    const kwh = kwhFromPowerSamples([
      { gpu: "0", t: 0, watts: 300 },
      { gpu: "0", t: h, watts: 300 },
      { gpu: "1", t: 0, watts: 100 },
      { gpu: "1", t: h, watts: 300 },
      { gpu: "1", t: h / 2, watts: 9223372036854775794 },
    ]);
    expect(kwh).toBeCloseTo(0.5, 12);
    // DCGM counter: 1.8e9 mJ = 1.8e6 J = 0.5 kWh.
    expect(
      kwhFromEnergyCounter([
        { gpu: "0", t: 0, mj: 1e9 },
        { gpu: "0", t: h, mj: 2.8e9 },
      ]),
    ).toBeCloseTo(0.5, 12);
    const est = estimateEnergy({
      gpuCount: 2,
      hours: 1,
      utilisation: 1,
      power: gpuPower("h100-sxm-80gb", 700),
    });
    const m = measuredEnergy(kwh, est);
    // 0.5 × 1.2 host × 1.2 PUE = 0.72 kWh.
    expect(m.state).toBe("measured");
    expect(m.facilityKwh).toBeCloseTo(0.72, 12);
    expect(measuredEnergy(null, est)).toBe(est);
  });

  it("embodied is apart and unknown without a per-card figure; a carbon price is off by default", () => {
    // 8 cards × 876 h × 150 kg / (4 × 8760 h) = 30 kg.
    expect(embodiedKg({ gpuCount: 8, hours: 876, kgPerCard: 150, lifeYears: 4 })).toBeCloseTo(30, 9);
    expect(embodiedKg({ gpuCount: 8, hours: 876, kgPerCard: null, lifeYears: 4 })).toBeNull();
    expect(carbonCost(2500, null)).toBeNull();
    // 2,500 kg = 2.5 t × ¥80/t = ¥200.
    expect(carbonCost(2500, 80)).toBeCloseTo(200, 9);
  });

  it("a carbon price can change the ranking", () => {
    // A: ¥1000 compute, 5,000 kg; B: ¥1100 compute, 1,000 kg. At ¥50/t: A 1250, B 1150 → B first.
    const total = (c: number, kg: number, p: number | null) => c + (carbonCost(kg, p) ?? 0);
    expect(total(1000, 5000, null) < total(1100, 1000, null)).toBe(true);
    expect(total(1000, 5000, 50)).toBe(1250);
    expect(total(1100, 1000, 50)).toBe(1150);
  });
});
