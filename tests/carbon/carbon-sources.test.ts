// The curated carbon seed (lib/carbon/grid-factors.ts, gpu-power.ts) against the files in
// ../shared/data/carbon when present (skips with a message when absent).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { CCF_GPU_POWER } from "../../lib/carbon/gpu-power.ts";
import { CHINA_GRID_FACTORS, CLOUD_REGION_FACTORS, COUNTRY_FACTORS } from "../../lib/carbon/grid-factors.ts";

const dir = path.resolve(__dirname, "../../../shared/data/carbon");
const available = existsSync(dir);
if (!available) console.warn(`[tests] ${dir} is absent: the carbon seed-vs-source tests are skipped.`);

const csv = (f: string) =>
  readFileSync(path.join(dir, f), "utf8")
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(",") as [string, string, string, string, string, ...string[]]);

describe.skipIf(!available)("carbon seed equals ../shared/data/carbon", () => {
  it("cloud-region factors", () => {
    for (const p of ["aws", "azure", "gcp"]) {
      const rows = csv(`ccf_grid-emissions-factors-${p}.csv`);
      const col = p === "gcp" ? 2 : 3;
      for (const r of rows) {
        const code = p === "azure" ? r[0].toLowerCase().replace(/ /g, "") : r[0];
        const seed = CLOUD_REGION_FACTORS.find((f) => f.provider === p && f.region === code);
        expect(seed?.gPerKwh, `${p} ${code}`).toBeCloseTo(Number(r[col]) * 1e6, 6);
      }
    }
  });
  it("China grid regions and countries", () => {
    for (const r of csv("china_grid_emission_factors.csv").filter((x) => x[0] === "MEE_NBS_2022")) {
      const seed = CHINA_GRID_FACTORS.find((f) => f.nameZh === r[2]);
      if (seed) expect(seed.gPerKwh).toBeCloseTo(Number(r[4]) * 1000, 6);
    }
    expect(CHINA_GRID_FACTORS).toHaveLength(7);
    const mix = JSON.parse(
      readFileSync(path.join(dir, "codecarbon_global_energy_mix.json"), "utf8"),
    ) as Record<string, { carbon_intensity: number; year: number }>;
    for (const c of COUNTRY_FACTORS) {
      expect(c.gPerKwh, c.iso3).toBe(mix[c.iso3]?.carbon_intensity);
      expect(c.year, c.iso3).toBe(mix[c.iso3]?.year);
    }
  });
  it("GPU power ranges", () => {
    const rows = csv("ccf_gpu_min_max_watts.csv");
    for (const row of Object.values(CCF_GPU_POWER)) {
      const r = rows.find((x) => x[0] === row.ccfName);
      expect([Number(r?.[1]), Number(r?.[2])], row.ccfName).toEqual([row.idleW, row.maxW]);
    }
  });
});
