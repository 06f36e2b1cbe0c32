// GPU power at 0 % and 100 % utilisation (issue 48). Measured ranges come from Cloud Carbon
// Footprint's AWS constants (packages/aws/src/domain/AwsFootprintEstimationConstants.ts@b7a049c7,
// 2024-03-25, Apache-2.0; shared/data/SOURCES.md), matched to the GPU table's slugs. CCF has no
// H100/H200/L4/L40S rows: for those the GPU table's TDP is P_max and P_idle is DERIVED as
// TDP × IDLE_FRACTION_OF_TDP, and the result says so.
export const CCF_POWER_URL =
  "https://github.com/cloud-carbon-footprint/cloud-carbon-footprint/blob/b7a049c7/packages/aws/src/domain/AwsFootprintEstimationConstants.ts";

/**
 * The derivation rule: CCF's own ten min/max pairs have min/max between 0.113 and 0.118
 * (A100 46/407 = 0.113, T4 8/71 = 0.113, V100 35/306 = 0.114, A10G 18/153 = 0.118); we take
 * 0.115, their middle, rounded.
 */
export const IDLE_FRACTION_OF_TDP = 0.115;

interface CcfRow {
  ccfName: string;
  idleW: number;
  maxW: number;
}

const A100: CcfRow = { ccfName: "NVIDIA Tesla A100", idleW: 46, maxW: 407 };
const V100: CcfRow = { ccfName: "NVIDIA Tesla V100", idleW: 35, maxW: 306 };

export const CCF_GPU_POWER: Readonly<Record<string, CcfRow>> = {
  // AWS p4d (A100 SXM4 40 GB) is CCF's A100.
  "a100-sxm-40gb": A100,
  "a100-40gb": A100,
  "a10g-24gb": { ccfName: "NVIDIA A10G", idleW: 18, maxW: 153 },
  "t4-16gb": { ccfName: "NVIDIA T4", idleW: 8, maxW: 71 },
  "m60-8gb": { ccfName: "NVIDIA Tesla M60", idleW: 35, maxW: 306 },
  "k80-12gb": { ccfName: "NVIDIA Tesla K80", idleW: 35, maxW: 306 },
  // AWS p3 (V100 SXM2) is CCF's V100.
  "v100-sxm2-16gb": V100,
  "v100-sxm2-32gb": V100,
  "v100-16gb": V100,
  "v100-32gb": V100,
  "p100-16gb": { ccfName: "NVIDIA Tesla P100", idleW: 36, maxW: 306 },
};

export type GpuPower =
  | { state: "measured-range"; idleW: number; maxW: number; source: string; url: string }
  | { state: "tdp-derived"; idleW: number; maxW: number; tdpW: number }
  | { state: "unknown" };

/** The power figures of one GPU model: CCF's range, else derived from its TDP, else unknown. */
export function gpuPower(slug: string, tdpW: number | null | undefined): GpuPower {
  const row = CCF_GPU_POWER[slug];
  if (row) {
    return {
      state: "measured-range",
      idleW: row.idleW,
      maxW: row.maxW,
      source: `CCF ${row.ccfName}`,
      url: CCF_POWER_URL,
    };
  }
  if (tdpW != null && Number.isFinite(tdpW) && tdpW > 0) {
    return { state: "tdp-derived", idleW: tdpW * IDLE_FRACTION_OF_TDP, maxW: tdpW, tdpW };
  }
  return { state: "unknown" };
}
