// The grid factor of a region, from the most specific sourced value (issue 48): the cloud
// region's own figure (CCF), else its China grid region (MEE + NBS 2022, reported), else the
// country's yearly average (OWID via CodeCarbon); null (unknown, never 0) when none applies.
import {
  CCF_VINTAGE,
  CHINA_GRID_FACTORS,
  CHINA_REGION_GRID,
  CLOUD_REGION_FACTORS,
  COUNTRY_FACTORS,
  MEE_NBS_2022_SOURCE,
  OWID_URL,
} from "./grid-factors.ts";

export interface GridFactor {
  gPerKwh: number;
  level: "cloud-region" | "grid-region" | "country";
  /** What it is (publisher, grid region or country). */
  label: string;
  source: string;
  url: string | null;
  /** The data year; null with yearRange when the source gives only a vintage. */
  year: number | null;
  yearRange: { from: number; to: number } | null;
  /** Read from press coverage, not the official document. */
  reported: boolean;
}

export function gridFactor(provider: string, region: string, country: string | null): GridFactor | null {
  const cloud = CLOUD_REGION_FACTORS.find((f) => f.provider === provider && f.region === region);
  if (cloud) {
    return {
      gPerKwh: cloud.gPerKwh,
      level: "cloud-region",
      label: `${provider} ${region} (${cloud.publisher})`,
      source: "Cloud Carbon Footprint coefficients",
      url: cloud.url,
      year: null,
      yearRange: CCF_VINTAGE,
      reported: false,
    };
  }
  const grid = CHINA_REGION_GRID[`${provider}:${region}`];
  const g = grid ? CHINA_GRID_FACTORS.find((f) => f.grid === grid) : undefined;
  if (g) {
    return {
      gPerKwh: g.gPerKwh,
      level: "grid-region",
      label: `${g.nameZh} / ${g.nameEn}`,
      source: MEE_NBS_2022_SOURCE,
      url: null,
      year: g.year,
      yearRange: null,
      reported: true,
    };
  }
  const c = country ? COUNTRY_FACTORS.find((f) => f.country === country) : undefined;
  if (c) {
    return {
      gPerKwh: c.gPerKwh,
      level: "country",
      label: c.country,
      source: "Our World in Data energy-data via CodeCarbon",
      url: OWID_URL,
      year: c.year,
      yearRange: null,
      reported: false,
    };
  }
  return null;
}
