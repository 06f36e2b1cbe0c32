// GPU-cloud and marketplace offers: Lambda, RunPod, CoreWeave, Nebius, Vast.ai.
// Prices are USD per instance-hour.
import type { DecimalString, IsoDate, SeedOffer, SeedPrice } from "../types.ts";

const SKYPILOT = "https://github.com/skypilot-org/skypilot-catalog/blob";

// ───────────────────────────── Lambda ─────────────────────────────
const LAMBDA_URL = `${SKYPILOT}/0f4070387edc953d7004cff197940e1918a1d6aa/catalogs/v8/lambda/vms.csv`;
// The catalog snapshot is undated. silybench-data read lambda.ai/pricing on 2026-09-25 and got
// 4.29 for 1x H100 SXM and 3.99 per GPU for 8x H100 SXM (github.com/tgarg01/silybench-data,
// derived/csv/gpu_prices.csv) - identical to this catalog (4.29 and 31.92 / 8) - so the whole
// file is dated to that day.
const LAMBDA_OBSERVED: IsoDate = "2026-09-25";
// Quirks: the catalog repeats every instance type in all 17 regions, so a row is not evidence of
// capacity there (availability left UNKNOWN); its TotalGpuMemoryInMiB is per-GPU, not multiplied
// by the count (memory comes from the GPU model here). Lambda bills on-demand instances in
// one-minute increments (docs.lambda.ai/public-cloud/billing); no minimum is stated.
function lambda(onDemand: DecimalString): SeedPrice[] {
  return [
    {
      model: "ON_DEMAND",
      hourly: onDemand,
      currency: "USD",
      billingGranularity: "PER_MINUTE",
      observedAt: LAMBDA_OBSERVED,
      sourceUrl: LAMBDA_URL,
    },
  ];
}

const lambdaOffers: SeedOffer[] = [
  {
    provider: "lambda",
    region: "us-east-1",
    instanceType: "gpu_1x_h100_sxm5",
    gpu: "h100-sxm-80gb",
    gpuCount: 1,
    vCpus: 26,
    ramGb: 225,
    interconnect: "ETHERNET",
    sourceUrl: LAMBDA_URL,
    prices: lambda("4.29"),
  },
  {
    provider: "lambda",
    region: "us-west-1",
    instanceType: "gpu_1x_h100_sxm5",
    gpu: "h100-sxm-80gb",
    gpuCount: 1,
    vCpus: 26,
    ramGb: 225,
    interconnect: "ETHERNET",
    sourceUrl: LAMBDA_URL,
    prices: lambda("4.29"),
  },
  {
    provider: "lambda",
    region: "us-east-1",
    instanceType: "gpu_8x_h100_sxm5",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    vCpus: 208,
    ramGb: 1800,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: LAMBDA_URL,
    prices: lambda("31.92"),
  },
  {
    provider: "lambda",
    region: "us-south-1",
    instanceType: "gpu_8x_h100_sxm5",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    vCpus: 208,
    ramGb: 1800,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: LAMBDA_URL,
    prices: lambda("31.92"),
  },
  {
    provider: "lambda",
    region: "europe-central-1",
    instanceType: "gpu_8x_h100_sxm5",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    vCpus: 208,
    ramGb: 1800,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: LAMBDA_URL,
    prices: lambda("31.92"),
  },
  // Corrected: the catalog names this GPU just 'H100'; the instance type says PCIe.
  {
    provider: "lambda",
    region: "us-west-1",
    instanceType: "gpu_1x_h100_pcie",
    gpu: "h100-pcie-80gb",
    gpuCount: 1,
    vCpus: 26,
    ramGb: 200,
    interconnect: "PCIE",
    sourceUrl: LAMBDA_URL,
    prices: lambda("3.29"),
  },
  {
    provider: "lambda",
    region: "us-east-1",
    instanceType: "gpu_8x_a100_80gb_sxm4",
    gpu: "a100-sxm-80gb",
    gpuCount: 8,
    vCpus: 240,
    ramGb: 1800,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: LAMBDA_URL,
    prices: lambda("22.32"),
  },
  {
    provider: "lambda",
    region: "us-west-1",
    instanceType: "gpu_8x_a100_80gb_sxm4",
    gpu: "a100-sxm-80gb",
    gpuCount: 8,
    vCpus: 240,
    ramGb: 1800,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: LAMBDA_URL,
    prices: lambda("22.32"),
  },
  {
    provider: "lambda",
    region: "us-east-1",
    instanceType: "gpu_1x_a100_sxm4",
    gpu: "a100-sxm-40gb",
    gpuCount: 1,
    vCpus: 30,
    ramGb: 200,
    interconnect: "ETHERNET",
    sourceUrl: LAMBDA_URL,
    prices: lambda("1.99"),
  },
  {
    provider: "lambda",
    region: "europe-central-1",
    instanceType: "gpu_1x_a100_sxm4",
    gpu: "a100-sxm-40gb",
    gpuCount: 1,
    vCpus: 30,
    ramGb: 200,
    interconnect: "ETHERNET",
    sourceUrl: LAMBDA_URL,
    prices: lambda("1.99"),
  },
  {
    provider: "lambda",
    region: "us-east-1",
    instanceType: "gpu_8x_a100",
    gpu: "a100-sxm-40gb",
    gpuCount: 8,
    vCpus: 124,
    ramGb: 1800,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: LAMBDA_URL,
    prices: lambda("15.92"),
  },
  {
    provider: "lambda",
    region: "us-east-1",
    instanceType: "gpu_1x_a10",
    gpu: "a10-24gb",
    gpuCount: 1,
    vCpus: 30,
    ramGb: 200,
    interconnect: "PCIE",
    sourceUrl: LAMBDA_URL,
    prices: lambda("1.29"),
  },
  {
    provider: "lambda",
    region: "us-west-1",
    instanceType: "gpu_1x_a10",
    gpu: "a10-24gb",
    gpuCount: 1,
    vCpus: 30,
    ramGb: 200,
    interconnect: "PCIE",
    sourceUrl: LAMBDA_URL,
    prices: lambda("1.29"),
  },
  {
    provider: "lambda",
    region: "us-west-1",
    instanceType: "gpu_1x_a6000",
    gpu: "rtx-a6000-48gb",
    gpuCount: 1,
    vCpus: 14,
    ramGb: 100,
    interconnect: "PCIE",
    sourceUrl: LAMBDA_URL,
    prices: lambda("1.09"),
  },
  {
    provider: "lambda",
    region: "us-west-1",
    instanceType: "gpu_4x_a6000",
    gpu: "rtx-a6000-48gb",
    gpuCount: 4,
    vCpus: 56,
    ramGb: 400,
    interconnect: "PCIE",
    sourceUrl: LAMBDA_URL,
    prices: lambda("4.36"),
  },
  {
    provider: "lambda",
    region: "us-east-1",
    instanceType: "gpu_1x_gh200",
    gpu: "gh200-96gb",
    gpuCount: 1,
    vCpus: 64,
    ramGb: 432,
    interconnect: "ETHERNET",
    sourceUrl: LAMBDA_URL,
    prices: lambda("2.29"),
  },
  {
    provider: "lambda",
    region: "us-south-1",
    instanceType: "gpu_1x_b200_sxm6",
    gpu: "b200-180gb",
    gpuCount: 1,
    vCpus: 26,
    ramGb: 360,
    interconnect: "ETHERNET",
    sourceUrl: LAMBDA_URL,
    prices: lambda("6.99"),
  },
  {
    provider: "lambda",
    region: "us-south-1",
    instanceType: "gpu_8x_b200_sxm6",
    gpu: "b200-180gb",
    gpuCount: 8,
    vCpus: 208,
    ramGb: 2900,
    interconnect: "NVLINK",
    interconnectGbps: 1800,
    sourceUrl: LAMBDA_URL,
    prices: lambda("53.52"),
  },
  {
    provider: "lambda",
    region: "us-east-1",
    instanceType: "gpu_8x_v100",
    gpu: "v100-sxm2-16gb",
    gpuCount: 8,
    vCpus: 92,
    ramGb: 448,
    interconnect: "NVLINK",
    interconnectGbps: 300,
    sourceUrl: LAMBDA_URL,
    prices: lambda("6.32"),
  },
  // Not seeded: gpu_1x_rtx6000 is a Turing Quadro RTX 6000 (24 GB), not an RTX 6000 Ada.
];

// ───────────────────────────── RunPod ─────────────────────────────
// RunPod is not in the shared catalogs. Prices are runpod.io/pricing as transcribed by
// datareceipts (read on 2026-11-09; per GPU-hour, Secure = RunPod-operated data centers,
// Community = third-party hosts). The 600me/gpu-cloud-h100-a100-pricing-benchmark dataset read
// the same values from RunPod's GraphQL API on 2026-10-19 for H100 SXM, H100 PCIe and A100 SXM.
// (silybench-data saw H100 SXM Secure at 3.49 on 2026-09-25: RunPod reprices often.)
const RUNPOD_URL =
  "https://raw.githubusercontent.com/datareceipts/data-receipts/main/109-gpu-pricing/vendors.json";
const RUNPOD_OBSERVED: IsoDate = "2026-11-09";
// Pods are billed by the second for compute and storage (docs.runpod.io/pods/pricing).
// vCPU/RAM per Pod vary with the host and are not in the source, so they are left out.
function runpod(onDemand: DecimalString): SeedPrice[] {
  return [
    {
      model: "ON_DEMAND",
      hourly: onDemand,
      currency: "USD",
      billingGranularity: "PER_SECOND",
      observedAt: RUNPOD_OBSERVED,
      sourceUrl: RUNPOD_URL,
    },
  ];
}

// Instance-type names follow SkyPilot's RunPod naming (<count>x_<GPU>_<SECURE|COMMUNITY>).
const runpodOffers: SeedOffer[] = [
  {
    provider: "runpod",
    region: "global",
    instanceType: "1x_H100-SXM_SECURE",
    gpu: "h100-sxm-80gb",
    gpuCount: 1,
    interconnect: "ETHERNET",
    sourceUrl: RUNPOD_URL,
    prices: runpod("3.99"),
  },
  {
    provider: "runpod",
    region: "global",
    instanceType: "1x_H100-SXM_COMMUNITY",
    gpu: "h100-sxm-80gb",
    gpuCount: 1,
    interconnect: "ETHERNET",
    sourceUrl: RUNPOD_URL,
    prices: runpod("2.69"),
  },
  {
    provider: "runpod",
    region: "global",
    instanceType: "1x_H100-PCIe_SECURE",
    gpu: "h100-pcie-80gb",
    gpuCount: 1,
    interconnect: "PCIE",
    sourceUrl: RUNPOD_URL,
    prices: runpod("2.89"),
  },
  {
    provider: "runpod",
    region: "global",
    instanceType: "1x_H100-PCIe_COMMUNITY",
    gpu: "h100-pcie-80gb",
    gpuCount: 1,
    interconnect: "PCIE",
    sourceUrl: RUNPOD_URL,
    prices: runpod("1.99"),
  },
  {
    provider: "runpod",
    region: "global",
    instanceType: "1x_H100-NVL_SECURE",
    gpu: "h100-nvl-94gb",
    gpuCount: 1,
    interconnect: "PCIE",
    sourceUrl: RUNPOD_URL,
    prices: runpod("3.19"),
  },
  {
    provider: "runpod",
    region: "global",
    instanceType: "1x_H100-NVL_COMMUNITY",
    gpu: "h100-nvl-94gb",
    gpuCount: 1,
    interconnect: "PCIE",
    sourceUrl: RUNPOD_URL,
    prices: runpod("2.59"),
  },
  {
    provider: "runpod",
    region: "global",
    instanceType: "1x_A100-80GB-SXM_SECURE",
    gpu: "a100-sxm-80gb",
    gpuCount: 1,
    interconnect: "ETHERNET",
    sourceUrl: RUNPOD_URL,
    prices: runpod("1.79"),
  },
  {
    provider: "runpod",
    region: "global",
    instanceType: "1x_A100-80GB-SXM_COMMUNITY",
    gpu: "a100-sxm-80gb",
    gpuCount: 1,
    interconnect: "ETHERNET",
    sourceUrl: RUNPOD_URL,
    prices: runpod("1.39"),
  },
  {
    provider: "runpod",
    region: "global",
    instanceType: "1x_A100-80GB_SECURE",
    gpu: "a100-pcie-80gb",
    gpuCount: 1,
    interconnect: "PCIE",
    sourceUrl: RUNPOD_URL,
    prices: runpod("1.79"),
  },
  {
    provider: "runpod",
    region: "global",
    instanceType: "1x_A100-80GB_COMMUNITY",
    gpu: "a100-pcie-80gb",
    gpuCount: 1,
    interconnect: "PCIE",
    sourceUrl: RUNPOD_URL,
    prices: runpod("1.19"),
  },
];

// ───────────────────────────── CoreWeave ─────────────────────────────
// CoreWeave is not in the shared catalogs. Prices are coreweave.com/pricing as transcribed
// verbatim by api-evangelist on 2026-09-20 (per instance-hour; "Spot Price ... (NA)" = North
// America). Instance types and zones: CoreWeave docs (H100/H200 InfiniBand nodes in US-EAST-01;
// H100, A100, L40 and GH200 in RNO2). The L40S and B200 list prices are not seeded because we
// found no source for the region they are offered in.
const COREWEAVE_URL =
  "https://github.com/api-evangelist/coreweave/blob/27bcc25e6b1936055be7a93d6ea2d0f6a6d9d084/plans/coreweave-plans-pricing.yml";
const COREWEAVE_OBSERVED: IsoDate = "2026-09-20";
// "Billing and resource consumption are calculated on a per-minute basis. There is no minimum
// resource charge." (docs.coreweave.com/resources/billing-and-charges)
function coreweave(onDemand: DecimalString, spot?: DecimalString): SeedPrice[] {
  const common = {
    currency: "USD",
    billingGranularity: "PER_MINUTE",
    observedAt: COREWEAVE_OBSERVED,
    sourceUrl: COREWEAVE_URL,
  } as const;
  const prices: SeedPrice[] = [{ model: "ON_DEMAND", hourly: onDemand, ...common }];
  if (spot !== undefined) prices.push({ model: "SPOT", hourly: spot, ...common });
  return prices;
}

const coreweaveOffers: SeedOffer[] = [
  {
    provider: "coreweave",
    region: "US-EAST-01",
    instanceType: "gd-8xh100ib-i128",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: COREWEAVE_URL,
    prices: coreweave("49.24", "19.71"),
  },
  {
    provider: "coreweave",
    region: "RNO2",
    instanceType: "gd-8xh100ib-i128",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: COREWEAVE_URL,
    prices: coreweave("49.24", "19.71"),
  },
  {
    provider: "coreweave",
    region: "US-EAST-01",
    instanceType: "gd-8xh200ib-i128",
    gpu: "h200-sxm-141gb",
    gpuCount: 8,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: COREWEAVE_URL,
    prices: coreweave("50.44", "20.93"),
  },
  // CoreWeave's "NVIDIA A100" node: 8 GPUs, 80 GB each (HGX, NVLink).
  {
    provider: "coreweave",
    region: "RNO2",
    instanceType: "gd-8xa100-i128",
    gpu: "a100-sxm-80gb",
    gpuCount: 8,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: COREWEAVE_URL,
    prices: coreweave("21.6", "9.65"),
  },
  {
    provider: "coreweave",
    region: "RNO2",
    instanceType: "gd-8xl40-i128",
    gpu: "l40-48gb",
    gpuCount: 8,
    interconnect: "PCIE",
    sourceUrl: COREWEAVE_URL,
    prices: coreweave("10"),
  },
  {
    provider: "coreweave",
    region: "RNO2",
    instanceType: "gd-1xgh200",
    gpu: "gh200-96gb",
    gpuCount: 1,
    interconnect: "ETHERNET",
    sourceUrl: COREWEAVE_URL,
    prices: coreweave("6.5"),
  },
];

// ───────────────────────────── Nebius ─────────────────────────────
const NEBIUS_URL = `${SKYPILOT}/0082b0435f3912ae4c566856b272455cc78f4f61/catalogs/v8/nebius/vms.csv`;
// The catalog snapshot is undated. OpsLyft read nebius.com/prices on 2026-05-18 and got $2.95
// (on-demand) and $1.25 (preemptible) per H100 GPU-hour - the same as this catalog's 1-GPU H100
// row - and Nebius's own docs give $3.50/h for the 1gpu-16vcpu-200gb H200 preset from
// October 2025 (docs.nebius.com/signup-billing/billing-changes-oct-2025). So the file is dated
// 2026-05-18. (silybench-data saw H100 at $3.85 on 2026-09-25: a newer import should supersede.)
const NEBIUS_OBSERVED: IsoDate = "2026-05-18";
// "For GPUs on running VMs, the billing unit is 1 second" (docs.nebius.com). SPOT = Nebius
// preemptible VMs (the catalog's SpotPrice column).
function nebius(onDemand: DecimalString, spot?: DecimalString): SeedPrice[] {
  const common = {
    currency: "USD",
    billingGranularity: "PER_SECOND",
    observedAt: NEBIUS_OBSERVED,
    sourceUrl: NEBIUS_URL,
  } as const;
  const prices: SeedPrice[] = [{ model: "ON_DEMAND", hourly: onDemand, ...common }];
  if (spot !== undefined) prices.push({ model: "SPOT", hourly: spot, ...common });
  return prices;
}

const nebiusOffers: SeedOffer[] = [
  {
    provider: "nebius",
    region: "eu-north1",
    instanceType: "gpu-h100-sxm_1gpu-16vcpu-200gb",
    gpu: "h100-sxm-80gb",
    gpuCount: 1,
    vCpus: 16,
    ramGb: 200,
    interconnect: "ETHERNET",
    sourceUrl: NEBIUS_URL,
    prices: nebius("2.95", "1.25"),
  },
  {
    provider: "nebius",
    region: "eu-north1",
    instanceType: "gpu-h100-sxm_8gpu-128vcpu-1600gb",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    vCpus: 128,
    ramGb: 1600,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: NEBIUS_URL,
    prices: nebius("23.6", "10"),
  },
  {
    provider: "nebius",
    region: "eu-north1",
    instanceType: "gpu-h200-sxm_1gpu-16vcpu-200gb",
    gpu: "h200-sxm-141gb",
    gpuCount: 1,
    vCpus: 16,
    ramGb: 200,
    interconnect: "ETHERNET",
    sourceUrl: NEBIUS_URL,
    prices: nebius("3.5", "1.45"),
  },
  {
    provider: "nebius",
    region: "eu-west1",
    instanceType: "gpu-h200-sxm_1gpu-16vcpu-200gb",
    gpu: "h200-sxm-141gb",
    gpuCount: 1,
    vCpus: 16,
    ramGb: 200,
    interconnect: "ETHERNET",
    sourceUrl: NEBIUS_URL,
    prices: nebius("3.5", "1.45"),
  },
  {
    provider: "nebius",
    region: "us-central1",
    instanceType: "gpu-h200-sxm_1gpu-16vcpu-200gb",
    gpu: "h200-sxm-141gb",
    gpuCount: 1,
    vCpus: 16,
    ramGb: 200,
    interconnect: "ETHERNET",
    sourceUrl: NEBIUS_URL,
    prices: nebius("3.5", "1.45"),
  },
  {
    provider: "nebius",
    region: "eu-north1",
    instanceType: "gpu-h200-sxm_8gpu-128vcpu-1600gb",
    gpu: "h200-sxm-141gb",
    gpuCount: 8,
    vCpus: 128,
    ramGb: 1600,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: NEBIUS_URL,
    prices: nebius("28", "11.6"),
  },
  {
    provider: "nebius",
    region: "eu-west1",
    instanceType: "gpu-h200-sxm_8gpu-128vcpu-1600gb",
    gpu: "h200-sxm-141gb",
    gpuCount: 8,
    vCpus: 128,
    ramGb: 1600,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: NEBIUS_URL,
    prices: nebius("28", "11.6"),
  },
  {
    provider: "nebius",
    region: "us-central1",
    instanceType: "gpu-h200-sxm_8gpu-128vcpu-1600gb",
    gpu: "h200-sxm-141gb",
    gpuCount: 8,
    vCpus: 128,
    ramGb: 1600,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: NEBIUS_URL,
    prices: nebius("28", "11.6"),
  },
  {
    provider: "nebius",
    region: "us-central1",
    instanceType: "gpu-b200-sxm_8gpu-160vcpu-1792gb",
    gpu: "b200-180gb",
    gpuCount: 8,
    vCpus: 160,
    ramGb: 1792,
    interconnect: "NVLINK",
    interconnectGbps: 1800,
    sourceUrl: NEBIUS_URL,
    prices: nebius("44"),
  },
  // L40S: the catalog has no preemptible price for these.
  {
    provider: "nebius",
    region: "eu-north1",
    instanceType: "gpu-l40s-a_1gpu-8vcpu-32gb",
    gpu: "l40s-48gb",
    gpuCount: 1,
    vCpus: 8,
    ramGb: 32,
    interconnect: "PCIE",
    sourceUrl: NEBIUS_URL,
    prices: nebius("1.5484"),
  },
  {
    provider: "nebius",
    region: "eu-north1",
    instanceType: "gpu-l40s-d_4gpu-128vcpu-768gb",
    gpu: "l40s-48gb",
    gpuCount: 4,
    vCpus: 128,
    ramGb: 768,
    interconnect: "PCIE",
    sourceUrl: NEBIUS_URL,
    prices: nebius("9.1376"),
  },
];

// ───────────────────────────── Vast.ai ─────────────────────────────
const VAST_URL = `${SKYPILOT}/01b8cdda287814b30ff0acb49746cca19fbd4355/catalogs/v8/vast/vms.csv`;
// The catalog snapshot is undated and Vast is a marketplace whose listing prices move hourly:
// treat these as indicative. We could not cross-check any row, so the date is the earliest the
// snapshot can be: it lists RTX 5090 hosts, and the RTX 5090 went on sale on 2025-01-30.
const VAST_OBSERVED: IsoDate = "2025-01-30";
// Corrections applied to every Vast row:
// - GpuInfo MemoryInfo.SizeInMiB holds the TOTAL of all GPUs (e.g. 652472 MiB for 8x H100), not
//   per GPU; per-GPU memory comes from the GPU model.
// - vCPUs=32 / MemoryGiB=64 are the same on every row (SkyPilot placeholders): not seeded.
// - SpotPrice 0.00 on every row is a placeholder: no spot price seeded.
// - AcceleratorName 'H100'/'A100' is refined with the instance type (H100_SXM / H100_NVL,
//   A100_SXM4 / A100_PCIE) and the memory total.
// Vast bills active rentals per second (vast.ai/docs/billing/billing).
function vast(onDemand: DecimalString): SeedPrice[] {
  return [
    {
      model: "ON_DEMAND",
      hourly: onDemand,
      currency: "USD",
      billingGranularity: "PER_SECOND",
      observedAt: VAST_OBSERVED,
      sourceUrl: VAST_URL,
    },
  ];
}

const vastOffers: SeedOffer[] = [
  // RTX 4090 (consumer card). The "Hong Kong, HK, AS" 1x RTX 4090 row reports 49140 MiB - a
  // 48 GB card sold as a 4090 (modified board, or bad data) - and is not seeded.
  {
    provider: "vast",
    region: "Germany, DE, EU",
    instanceType: "1x-RTX_4090-32-65536",
    gpu: "rtx-4090-24gb",
    gpuCount: 1,
    interconnect: "PCIE",
    sourceUrl: VAST_URL,
    prices: vast("0.4"),
  },
  {
    provider: "vast",
    region: "Washington, US, NA",
    instanceType: "1x-RTX_4090-32-65536",
    gpu: "rtx-4090-24gb",
    gpuCount: 1,
    interconnect: "PCIE",
    sourceUrl: VAST_URL,
    prices: vast("0.4"),
  },
  {
    provider: "vast",
    region: "United States, US, NA",
    instanceType: "8x-RTX_4090-32-65536",
    gpu: "rtx-4090-24gb",
    gpuCount: 8,
    interconnect: "PCIE",
    sourceUrl: VAST_URL,
    prices: vast("2.77"),
  },
  {
    provider: "vast",
    region: "Texas, US, NA",
    instanceType: "1x-H100_SXM-32-65536",
    gpu: "h100-sxm-80gb",
    gpuCount: 1,
    interconnect: "ETHERNET",
    sourceUrl: VAST_URL,
    prices: vast("1.87"),
  },
  // 8x SXM baseboard; NVLink is part of the HGX board but was not verified per host.
  {
    provider: "vast",
    region: "Vietnam, VN, AS",
    instanceType: "8x-H100_SXM-32-65536",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: VAST_URL,
    prices: vast("16"),
  },
  {
    provider: "vast",
    region: "France, FR, EU",
    instanceType: "1x-H200-32-65536",
    gpu: "h200-sxm-141gb",
    gpuCount: 1,
    interconnect: "ETHERNET",
    sourceUrl: VAST_URL,
    prices: vast("2.65"),
  },
  // Corrected: AcceleratorName 'H100'; instance type and 95830 MiB say H100 NVL.
  {
    provider: "vast",
    region: "Bulgaria, BG, EU",
    instanceType: "1x-H100_NVL-32-65536",
    gpu: "h100-nvl-94gb",
    gpuCount: 1,
    interconnect: "PCIE",
    sourceUrl: VAST_URL,
    prices: vast("2.08"),
  },
  {
    provider: "vast",
    region: "Taichung City, TW, AS",
    instanceType: "1x-L40S-32-65536",
    gpu: "l40s-48gb",
    gpuCount: 1,
    interconnect: "PCIE",
    sourceUrl: VAST_URL,
    prices: vast("0.6"),
  },
  // Corrected: AcceleratorName 'A100'; instance type (A100_PCIE) and 81920 MiB say A100 PCIe 80 GB.
  {
    provider: "vast",
    region: "Oklahoma, US, NA",
    instanceType: "1x-A100_PCIE-32-65536",
    gpu: "a100-pcie-80gb",
    gpuCount: 1,
    interconnect: "PCIE",
    sourceUrl: VAST_URL,
    prices: vast("0.87"),
  },
  // A100_SXM4 with 40960 MiB: the 40 GB SXM card.
  {
    provider: "vast",
    region: "Georgia, US, NA",
    instanceType: "1x-A100_SXM4-32-65536",
    gpu: "a100-sxm-40gb",
    gpuCount: 1,
    interconnect: "ETHERNET",
    sourceUrl: VAST_URL,
    prices: vast("0.76"),
  },
  {
    provider: "vast",
    region: "Japan, JP, AS",
    instanceType: "1x-RTX_6000Ada-32-65536",
    gpu: "rtx-6000-ada-48gb",
    gpuCount: 1,
    interconnect: "PCIE",
    sourceUrl: VAST_URL,
    prices: vast("0.37"),
  },
  {
    provider: "vast",
    region: "Kansas, US, NA",
    instanceType: "2x-RTX_A6000-32-65536",
    gpu: "rtx-a6000-48gb",
    gpuCount: 2,
    interconnect: "PCIE",
    sourceUrl: VAST_URL,
    prices: vast("0.85"),
  },
];

export const gpuCloudOffers: SeedOffer[] = [
  ...lambdaOffers,
  ...runpodOffers,
  ...coreweaveOffers,
  ...nebiusOffers,
  ...vastOffers,
];
