// AWS, Google Cloud and Azure offers, taken from the SkyPilot catalog rows copied into
// shared/data/hyperscalers/ (see shared/data/SOURCES.md for the commits). A few representative
// instance types per provider, not whole files. Prices are USD per instance-hour (the TCO engine
// divides by gpuCount for per-GPU figures).
import type { DecimalString, IsoDate, SeedOffer, SeedPrice } from "../types.ts";

const SKYPILOT = "https://github.com/skypilot-org/skypilot-catalog/blob";

// ───────────────────────────── AWS ─────────────────────────────
const AWS_URL = `${SKYPILOT}/001367d22a0033fac286a8c71aeac7109e431bcb/catalogs/v5/aws/vms.csv`;
// The AWS snapshot is undated. It lists p5en.48xlarge (GA early December 2024) and still prices
// p5.48xlarge at the pre-cut $98.32 (AWS cut P5 on-demand prices by up to 45% in June 2025), so
// it was taken between Dec 2024 and May 2025. On-demand list prices held over that whole window;
// we date the observation at its midpoint to bound the error on the spot values (±3 months).
const AWS_OBSERVED: IsoDate = "2025-03-01";

// AWS bills Linux instances per second with a 60 s minimum (on-demand, reserved and spot).
// SPOT = the lowest availability-zone spot price in the region at snapshot time.
function aws(onDemand: DecimalString, spot?: DecimalString): SeedPrice[] {
  const common = {
    currency: "USD",
    billingGranularity: "PER_SECOND",
    minimumBillableSeconds: 60,
    observedAt: AWS_OBSERVED,
    sourceUrl: AWS_URL,
  } as const;
  const prices: SeedPrice[] = [{ model: "ON_DEMAND", hourly: onDemand, ...common }];
  if (spot !== undefined) prices.push({ model: "SPOT", hourly: spot, ...common });
  return prices;
}

const awsOffers: SeedOffer[] = [
  // T4 (g4dn): PCIe cards
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "g4dn.xlarge",
    gpu: "t4-16gb",
    gpuCount: 1,
    vCpus: 4,
    ramGb: 16,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("0.526", "0.1845"),
  },
  {
    provider: "aws",
    region: "us-west-2",
    instanceType: "g4dn.xlarge",
    gpu: "t4-16gb",
    gpuCount: 1,
    vCpus: 4,
    ramGb: 16,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("0.526", "0.1779"),
  },
  {
    provider: "aws",
    region: "eu-west-1",
    instanceType: "g4dn.xlarge",
    gpu: "t4-16gb",
    gpuCount: 1,
    vCpus: 4,
    ramGb: 16,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("0.587", "0.2646"),
  },
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "g4dn.12xlarge",
    gpu: "t4-16gb",
    gpuCount: 4,
    vCpus: 48,
    ramGb: 192,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("3.912", "1.2684"),
  },

  // A10G (g5). The catalog's A10G MemoryInfo is 22888 MiB (usable), the card is 24 GB.
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "g5.xlarge",
    gpu: "a10g-24gb",
    gpuCount: 1,
    vCpus: 4,
    ramGb: 16,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("1.006", "0.397"),
  },
  {
    provider: "aws",
    region: "us-west-2",
    instanceType: "g5.xlarge",
    gpu: "a10g-24gb",
    gpuCount: 1,
    vCpus: 4,
    ramGb: 16,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("1.006", "0.357"),
  },
  {
    provider: "aws",
    region: "eu-west-1",
    instanceType: "g5.xlarge",
    gpu: "a10g-24gb",
    gpuCount: 1,
    vCpus: 4,
    ramGb: 16,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("1.123", "0.5013"),
  },
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "g5.48xlarge",
    gpu: "a10g-24gb",
    gpuCount: 8,
    vCpus: 192,
    ramGb: 768,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("16.288", "3.9266"),
  },

  // L4 (g6). g6/g6e are absent from eu-west-1 in this snapshot.
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "g6.xlarge",
    gpu: "l4-24gb",
    gpuCount: 1,
    vCpus: 4,
    ramGb: 16,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("0.8048", "0.3879"),
  },
  {
    provider: "aws",
    region: "us-west-2",
    instanceType: "g6.xlarge",
    gpu: "l4-24gb",
    gpuCount: 1,
    vCpus: 4,
    ramGb: 16,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("0.8048", "0.399"),
  },
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "g6.12xlarge",
    gpu: "l4-24gb",
    gpuCount: 4,
    vCpus: 48,
    ramGb: 192,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("4.6016", "1.8712"),
  },

  // L40S (g6e). L40S has no NVLink.
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "g6e.xlarge",
    gpu: "l40s-48gb",
    gpuCount: 1,
    vCpus: 4,
    ramGb: 32,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("1.861", "0.787"),
  },
  {
    provider: "aws",
    region: "us-west-2",
    instanceType: "g6e.xlarge",
    gpu: "l40s-48gb",
    gpuCount: 1,
    vCpus: 4,
    ramGb: 32,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("1.861", "0.7915"),
  },
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "g6e.48xlarge",
    gpu: "l40s-48gb",
    gpuCount: 8,
    vCpus: 192,
    ramGb: 1536,
    interconnect: "PCIE",
    sourceUrl: AWS_URL,
    prices: aws("30.13118", "6.5237"),
  },

  // V100 (p3 = SXM2 16 GB, p3dn = SXM2 32 GB, NVLink 300 GB/s)
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "p3.2xlarge",
    gpu: "v100-sxm2-16gb",
    gpuCount: 1,
    vCpus: 8,
    ramGb: 61,
    interconnect: "ETHERNET",
    sourceUrl: AWS_URL,
    prices: aws("3.06", "0.5197"),
  },
  {
    provider: "aws",
    region: "eu-west-1",
    instanceType: "p3.2xlarge",
    gpu: "v100-sxm2-16gb",
    gpuCount: 1,
    vCpus: 8,
    ramGb: 61,
    interconnect: "ETHERNET",
    sourceUrl: AWS_URL,
    prices: aws("3.305", "1.3809"),
  },
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "p3.16xlarge",
    gpu: "v100-sxm2-16gb",
    gpuCount: 8,
    vCpus: 64,
    ramGb: 488,
    interconnect: "NVLINK",
    interconnectGbps: 300,
    sourceUrl: AWS_URL,
    prices: aws("24.48", "2.7531"),
  },
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "p3dn.24xlarge",
    gpu: "v100-sxm2-32gb",
    gpuCount: 8,
    vCpus: 96,
    ramGb: 768,
    interconnect: "NVLINK",
    interconnectGbps: 300,
    sourceUrl: AWS_URL,
    prices: aws("31.212", "3.2632"),
  },

  // A100 (p4d = SXM4 40 GB, p4de = SXM4 80 GB), NVSwitch 600 GB/s.
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "p4d.24xlarge",
    gpu: "a100-sxm-40gb",
    gpuCount: 8,
    vCpus: 96,
    ramGb: 1152,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: AWS_URL,
    prices: aws("32.7726", "5.2117"),
  },
  {
    provider: "aws",
    region: "us-west-2",
    instanceType: "p4d.24xlarge",
    gpu: "a100-sxm-40gb",
    gpuCount: 8,
    vCpus: 96,
    ramGb: 1152,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: AWS_URL,
    prices: aws("32.7726", "10.507"),
  },
  {
    provider: "aws",
    region: "eu-west-1",
    instanceType: "p4d.24xlarge",
    gpu: "a100-sxm-40gb",
    gpuCount: 8,
    vCpus: 96,
    ramGb: 1152,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: AWS_URL,
    prices: aws("35.39655", "16.3182"),
  },
  // Corrected: the catalog repeats each p4de AZ row twice, once with GpuInfo Name 'A100' (which
  // would map to the 40 GB model) and once 'A100-80GB'; p4de is 8x A100 80 GB. Spot = lowest AZ
  // price among the rows that carry one.
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "p4de.24xlarge",
    gpu: "a100-sxm-80gb",
    gpuCount: 8,
    vCpus: 96,
    ramGb: 1152,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: AWS_URL,
    prices: aws("40.96575", "5.8394"),
  },

  // H100 / H200 (p5, p5en), NVSwitch 900 GB/s. p5e is omitted: its Price is empty (capacity
  // blocks only) in this snapshot.
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "p5.48xlarge",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    vCpus: 192,
    ramGb: 2048,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: AWS_URL,
    prices: aws("98.32", "20.9934"),
  },
  {
    provider: "aws",
    region: "us-west-2",
    instanceType: "p5.48xlarge",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    vCpus: 192,
    ramGb: 2048,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: AWS_URL,
    prices: aws("98.32", "30.5798"),
  },
  {
    provider: "aws",
    region: "us-east-1",
    instanceType: "p5en.48xlarge",
    gpu: "h200-sxm-141gb",
    gpuCount: 8,
    vCpus: 192,
    ramGb: 2048,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: AWS_URL,
    prices: aws("84.8", "24.2902"),
  },
  {
    provider: "aws",
    region: "us-west-2",
    instanceType: "p5en.48xlarge",
    gpu: "h200-sxm-141gb",
    gpuCount: 8,
    vCpus: 192,
    ramGb: 2048,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: AWS_URL,
    prices: aws("84.8", "25.2326"),
  },
];

// ───────────────────────────── Google Cloud ─────────────────────────────
const GCP_URL = `${SKYPILOT}/0129130f83b64ef3b6c9fb67f3ee3a85e481ed5c/catalogs/v5/gcp/vms.csv`;
// The GCP snapshot is undated. Its on-demand a3-highgpu H100 price (VM 1.18251 + GPU 9.79655 =
// 10.97906 per GPU in us-central1) equals the 10.9791 that silybench-data read from the Cloud
// Billing catalog on 2026-09-26 (github.com/tgarg01/silybench-data, derived/csv/gpu_prices.csv),
// so the on-demand list is dated to that day.
// SPOT prices are deliberately NOT seeded: the same 2026-09-26 reading shows a different H100
// spot price (6.571 vs the catalog's 6.038), so the catalog's spot column has no defensible date.
const GCP_OBSERVED: IsoDate = "2026-09-26";

// Corrected: GCP's catalog prices the host VM (vCPU + RAM) and the attached GPUs in separate
// rows (GPU rows have an empty InstanceType; N GPUs = N x per-GPU). Each hourly price below is
// VM row + accelerator row for the same region; the parts are kept in a comment per offer.
// Compute Engine bills per second with a 1-minute minimum.
function gcp(onDemand: DecimalString): SeedPrice[] {
  return [
    {
      model: "ON_DEMAND",
      hourly: onDemand,
      currency: "USD",
      billingGranularity: "PER_SECOND",
      minimumBillableSeconds: 60,
      observedAt: GCP_OBSERVED,
      sourceUrl: GCP_URL,
    },
  ];
}

const gcpOffers: SeedOffer[] = [
  // H100 SXM x8 (a3-highgpu-8g). The 1g/2g/4g A3 shapes are Spot/Flex-start only, so not seeded.
  // 9.46006 + 78.3724
  {
    provider: "gcp",
    region: "us-central1",
    instanceType: "a3-highgpu-8g",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    vCpus: 208,
    ramGb: 1872,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: GCP_URL,
    prices: gcp("87.83246"),
  },
  // 9.46006 + 78.37241
  {
    provider: "gcp",
    region: "us-east4",
    instanceType: "a3-highgpu-8g",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    vCpus: 208,
    ramGb: 1872,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: GCP_URL,
    prices: gcp("87.83247"),
  },
  // 9.93306 + 101.88413
  {
    provider: "gcp",
    region: "europe-west4",
    instanceType: "a3-highgpu-8g",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    vCpus: 208,
    ramGb: 1872,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: GCP_URL,
    prices: gcp("111.81719"),
  },

  // A100 80 GB (a2-ultragpu; accelerator 'A100-80GB')
  // 1.09962 + 3.92808
  {
    provider: "gcp",
    region: "us-central1",
    instanceType: "a2-ultragpu-1g",
    gpu: "a100-sxm-80gb",
    gpuCount: 1,
    vCpus: 12,
    ramGb: 170,
    interconnect: "ETHERNET",
    sourceUrl: GCP_URL,
    prices: gcp("5.0277"),
  },
  // 1.23833 + 4.4242
  {
    provider: "gcp",
    region: "us-east4",
    instanceType: "a2-ultragpu-1g",
    gpu: "a100-sxm-80gb",
    gpuCount: 1,
    vCpus: 12,
    ramGb: 170,
    interconnect: "ETHERNET",
    sourceUrl: GCP_URL,
    prices: gcp("5.66253"),
  },
  // 1.2105 + 4.32521
  {
    provider: "gcp",
    region: "europe-west4",
    instanceType: "a2-ultragpu-1g",
    gpu: "a100-sxm-80gb",
    gpuCount: 1,
    vCpus: 12,
    ramGb: 170,
    interconnect: "ETHERNET",
    sourceUrl: GCP_URL,
    prices: gcp("5.53571"),
  },
  // 8.79698 + 31.42464
  {
    provider: "gcp",
    region: "us-central1",
    instanceType: "a2-ultragpu-8g",
    gpu: "a100-sxm-80gb",
    gpuCount: 8,
    vCpus: 96,
    ramGb: 1360,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: GCP_URL,
    prices: gcp("40.22162"),
  },

  // A100 40 GB (a2-highgpu; accelerator 'A100')
  // 0.73948 + 2.93391
  {
    provider: "gcp",
    region: "us-central1",
    instanceType: "a2-highgpu-1g",
    gpu: "a100-sxm-40gb",
    gpuCount: 1,
    vCpus: 12,
    ramGb: 85,
    interconnect: "ETHERNET",
    sourceUrl: GCP_URL,
    prices: gcp("3.67339"),
  },
  // 0.81406 + 2.93391
  {
    provider: "gcp",
    region: "europe-west4",
    instanceType: "a2-highgpu-1g",
    gpu: "a100-sxm-40gb",
    gpuCount: 1,
    vCpus: 12,
    ramGb: 85,
    interconnect: "ETHERNET",
    sourceUrl: GCP_URL,
    prices: gcp("3.74797"),
  },
  // 5.91582 + 23.47126
  {
    provider: "gcp",
    region: "us-central1",
    instanceType: "a2-highgpu-8g",
    gpu: "a100-sxm-40gb",
    gpuCount: 8,
    vCpus: 96,
    ramGb: 680,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: GCP_URL,
    prices: gcp("29.38708"),
  },

  // L4 (g2-standard-8 has 1 L4, g2-standard-48 has 4)
  // 0.29358 + 0.56004
  {
    provider: "gcp",
    region: "us-central1",
    instanceType: "g2-standard-8",
    gpu: "l4-24gb",
    gpuCount: 1,
    vCpus: 8,
    ramGb: 32,
    interconnect: "PCIE",
    sourceUrl: GCP_URL,
    prices: gcp("0.85362"),
  },
  // 0.29262 + 0.55821
  {
    provider: "gcp",
    region: "us-east4",
    instanceType: "g2-standard-8",
    gpu: "l4-24gb",
    gpuCount: 1,
    vCpus: 8,
    ramGb: 32,
    interconnect: "PCIE",
    sourceUrl: GCP_URL,
    prices: gcp("0.85083"),
  },
  // 0.30857 + 0.58863
  {
    provider: "gcp",
    region: "europe-west4",
    instanceType: "g2-standard-8",
    gpu: "l4-24gb",
    gpuCount: 1,
    vCpus: 8,
    ramGb: 32,
    interconnect: "PCIE",
    sourceUrl: GCP_URL,
    prices: gcp("0.8972"),
  },
  // 1.7615 + 2.24016
  {
    provider: "gcp",
    region: "us-central1",
    instanceType: "g2-standard-48",
    gpu: "l4-24gb",
    gpuCount: 4,
    vCpus: 48,
    ramGb: 192,
    interconnect: "PCIE",
    sourceUrl: GCP_URL,
    prices: gcp("4.00166"),
  },
];

// ───────────────────────────── Azure ─────────────────────────────
const AZURE_URL = `${SKYPILOT}/a7fff1712e3b45ac6f26289f2515503b8b30f76a/catalogs/v5/azure/az_ml_vms.csv`;
// The Azure v5 snapshot is undated. On 2026-11-09 datareceipts (github.com/datareceipts/
// data-receipts, 109-gpu-pricing/hyperscalers.json and compare.json) read Azure list prices that
// equal this catalog for NC24ads_A100_v4 (3.673, eastus), NC40ads_H100_v5 (6.98, eastus),
// ND96asr_v4 (3.3996 per GPU) and ND96isr_H100_v5 (12.29 per GPU), so those list prices are
// dated to that day. NC48ads_A100_v4 and NC80adis_H100_v5 had changed by then (9.554 / 17.64
// vs the catalog's 7.346 / 13.96) and are left out. Rows marked "not cross-checked" share the date on the strength of the same list.
// SPOT prices are NOT seeded: the catalog's spot column could not be dated (and for H100 it is
// a placeholder, see below).
// Billing granularity is left unset here: our only source for Azure's rule is a third-party
// blog (kept as a provider fact), not Microsoft.
const AZURE_OBSERVED: IsoDate = "2026-11-09";

function azure(onDemand: DecimalString): SeedPrice[] {
  return [
    {
      model: "ON_DEMAND",
      hourly: onDemand,
      currency: "USD",
      observedAt: AZURE_OBSERVED,
      sourceUrl: AZURE_URL,
    },
  ];
}

const azureOffers: SeedOffer[] = [
  // T4 (not cross-checked)
  {
    provider: "azure",
    region: "eastus",
    instanceType: "Standard_NC4as_T4_v3",
    gpu: "t4-16gb",
    gpuCount: 1,
    vCpus: 4,
    ramGb: 28,
    interconnect: "PCIE",
    sourceUrl: AZURE_URL,
    prices: azure("0.526"),
  },

  // A100 PCIe 80 GB. Corrected: the catalog calls this GPU 'A100-80GB' (the SXM name); the NC
  // A100 v4 series uses PCIe cards.
  {
    provider: "azure",
    region: "eastus",
    instanceType: "Standard_NC24ads_A100_v4",
    gpu: "a100-pcie-80gb",
    gpuCount: 1,
    vCpus: 24,
    ramGb: 220,
    interconnect: "PCIE",
    sourceUrl: AZURE_URL,
    prices: azure("3.673"),
  },
  {
    provider: "azure",
    region: "westus2",
    instanceType: "Standard_NC24ads_A100_v4",
    gpu: "a100-pcie-80gb",
    gpuCount: 1,
    vCpus: 24,
    ramGb: 220,
    interconnect: "PCIE",
    sourceUrl: AZURE_URL,
    prices: azure("3.673"),
  },
  {
    provider: "azure",
    region: "southcentralus",
    instanceType: "Standard_NC24ads_A100_v4",
    gpu: "a100-pcie-80gb",
    gpuCount: 1,
    vCpus: 24,
    ramGb: 220,
    interconnect: "PCIE",
    sourceUrl: AZURE_URL,
    prices: azure("4.408"),
  },

  // H100 NVL 94 GB. Corrected: the catalog says 'H100'; the NC H100 v5 series uses H100 NVL
  // (PCIe) cards. Its SpotPrice equals Price (placeholder), so no spot price is seeded.
  {
    provider: "azure",
    region: "eastus",
    instanceType: "Standard_NC40ads_H100_v5",
    gpu: "h100-nvl-94gb",
    gpuCount: 1,
    vCpus: 40,
    ramGb: 320,
    interconnect: "PCIE",
    sourceUrl: AZURE_URL,
    prices: azure("6.98"),
  },
  {
    provider: "azure",
    region: "westus3",
    instanceType: "Standard_NC40ads_H100_v5",
    gpu: "h100-nvl-94gb",
    gpuCount: 1,
    vCpus: 40,
    ramGb: 320,
    interconnect: "PCIE",
    sourceUrl: AZURE_URL,
    prices: azure("6.98"),
  },

  // A100 SXM4 40 GB x8 (ND A100 v4), NVLink 600 GB/s + 200 Gb/s HDR InfiniBand per GPU.
  {
    provider: "azure",
    region: "eastus",
    instanceType: "Standard_ND96asr_v4",
    gpu: "a100-sxm-40gb",
    gpuCount: 8,
    vCpus: 96,
    ramGb: 900,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: AZURE_URL,
    prices: azure("27.197"),
  },
  {
    provider: "azure",
    region: "westus2",
    instanceType: "Standard_ND96asr_v4",
    gpu: "a100-sxm-40gb",
    gpuCount: 8,
    vCpus: 96,
    ramGb: 900,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: AZURE_URL,
    prices: azure("27.197"),
  },
  // A100 SXM4 80 GB x8 (not cross-checked)
  {
    provider: "azure",
    region: "eastus",
    instanceType: "Standard_ND96amsr_A100_v4",
    gpu: "a100-sxm-80gb",
    gpuCount: 8,
    vCpus: 96,
    ramGb: 1800,
    interconnect: "NVLINK",
    interconnectGbps: 600,
    sourceUrl: AZURE_URL,
    prices: azure("32.77"),
  },

  // H100 SXM x8 (ND H100 v5). Corrected: the catalog's AcceleratorCount is 12.0; the VM has
  // 8 GPUs. Its SpotPrice equals Price (placeholder) and westus2 has Price 0.0: neither seeded.
  {
    provider: "azure",
    region: "eastus",
    instanceType: "Standard_ND96isr_H100_v5",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    vCpus: 96,
    ramGb: 1900,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: AZURE_URL,
    prices: azure("98.32"),
  },
  {
    provider: "azure",
    region: "eastus2",
    instanceType: "Standard_ND96isr_H100_v5",
    gpu: "h100-sxm-80gb",
    gpuCount: 8,
    vCpus: 96,
    ramGb: 1900,
    interconnect: "NVLINK",
    interconnectGbps: 900,
    sourceUrl: AZURE_URL,
    prices: azure("98.32"),
  },
];

export const hyperscalerOffers: SeedOffer[] = [...awsOffers, ...gcpOffers, ...azureOffers];
