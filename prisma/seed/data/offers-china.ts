// Offers from China-based hyperscalers: Tencent Cloud and Alibaba Cloud.
import type { DecimalString, IsoDate, SeedOffer, SeedPrice } from "../types.ts";

// ───────────────────────────── Tencent Cloud ─────────────────────────────
// Tencent's international GPU price list ("Pricing Overview", Cloud GPU Service), kept in
// Tencent's official docs repository. Prices are pay-as-you-go USD per instance-hour for the
// compute part only (CPU, memory, GPU; disks and network extra). Another revision of the same
// page states "The prices on this page are for Guangzhou Zone 3", hence region ap-guangzhou.
const TENCENT_URL =
  "https://github.com/tencentyun/intlcloud-documents/blob/2e23ad9077bbe5c5d9f76e8d883c0626ee44eed0/yehe_doc/%E8%AE%A1%E7%AE%97/GPU%20%E4%BA%91%E6%9C%8D%E5%8A%A1%E5%99%A8/%E8%B4%AD%E4%B9%B0%E6%8C%87%E5%8D%97/%E4%BB%B7%E6%A0%BC%E6%80%BB%E8%A7%88_intl_en.md";
// The page carries no date and we could not date the commit. It lists only the older GN6S/GN7/
// GN8/GN10X/GN10Xp families; Tencent's docs repos show GPU price descriptions for these families
// being published by 2020-04-17 (tencentyun/qcloud-documents PR #4112). We date the observation
// conservatively to that day so the app treats it as old: re-check on the purchase page.
const TENCENT_OBSERVED: IsoDate = "2020-04-17";
// Pay-as-you-go: "The billing time granularity is accurate to the second, and the account will
// be settled every hour." (intl.cloud.tencent.com/document/product/213/17817)
function tencent(onDemand: DecimalString): SeedPrice[] {
  return [
    {
      model: "ON_DEMAND",
      hourly: onDemand,
      currency: "USD",
      billingGranularity: "PER_SECOND",
      observedAt: TENCENT_OBSERVED,
      sourceUrl: TENCENT_URL,
    },
  ];
}

const tencentOffers: SeedOffer[] = [
  // GN7 = NVIDIA T4. (GN7.LARGE20 / 2XLARGE40 are 1/4 and 1/2 vGPU slices: not seeded.)
  {
    provider: "tencent",
    region: "ap-guangzhou",
    instanceType: "GN7.2XLARGE32",
    gpu: "t4-16gb",
    gpuCount: 1,
    vCpus: 8,
    ramGb: 32,
    interconnect: "PCIE",
    sourceUrl: TENCENT_URL,
    prices: tencent("1.26"),
  },
  {
    provider: "tencent",
    region: "ap-guangzhou",
    instanceType: "GN7.20XLARGE320",
    gpu: "t4-16gb",
    gpuCount: 4,
    vCpus: 80,
    ramGb: 320,
    interconnect: "PCIE",
    sourceUrl: TENCENT_URL,
    prices: tencent("8.06"),
  },
  // GN10Xp = "Tesla V100-NVLINK-32G" (SXM2 32 GB, NVLink 300 GB/s).
  {
    provider: "tencent",
    region: "ap-guangzhou",
    instanceType: "GN10Xp.2XLARGE40",
    gpu: "v100-sxm2-32gb",
    gpuCount: 1,
    vCpus: 10,
    ramGb: 40,
    interconnect: "ETHERNET",
    sourceUrl: TENCENT_URL,
    prices: tencent("1.72"),
  },
  {
    provider: "tencent",
    region: "ap-guangzhou",
    instanceType: "GN10Xp.20XLARGE320",
    gpu: "v100-sxm2-32gb",
    gpuCount: 8,
    vCpus: 80,
    ramGb: 320,
    interconnect: "NVLINK",
    interconnectGbps: 300,
    sourceUrl: TENCENT_URL,
    prices: tencent("13.78"),
  },
];

// ───────────────────────────── Alibaba Cloud ─────────────────────────────
// No offer is seeded: Alibaba publishes GPU instance prices only through its console price
// calculator and pricing API, and no dated public page with a concrete gn6i/gn7i/gn7e price
// could be found. Facts (SLA, spot, storage, egress) are seeded in facts.ts. The gap is asserted
// in seed-data.test.ts so that adding a sourced offer flips the test on purpose.
const alibabaOffers: SeedOffer[] = [];

export const chinaOffers: SeedOffer[] = [...tencentOffers, ...alibabaOffers];
