// Providers in the curated seed. nameZh is the name Chinese users actually use; Latin names are
// kept where Chinese users keep them (Lambda, RunPod, CoreWeave, Nebius, Vast.ai).
import type { SeedProvider } from "../types.ts";

export const providers: SeedProvider[] = [
  // ── Hyperscalers ──
  {
    slug: "aws",
    nameEn: "Amazon Web Services",
    nameZh: "亚马逊云科技 AWS",
    kind: "HYPERSCALER",
    hqCountry: "US",
    website: "https://aws.amazon.com",
    sourceUrl: "https://aws.amazon.com/ec2/instance-types/",
  },
  {
    slug: "gcp",
    nameEn: "Google Cloud",
    nameZh: "谷歌云",
    kind: "HYPERSCALER",
    hqCountry: "US",
    website: "https://cloud.google.com",
    sourceUrl: "https://cloud.google.com/compute/docs/gpus",
  },
  {
    slug: "azure",
    nameEn: "Microsoft Azure",
    nameZh: "微软 Azure",
    kind: "HYPERSCALER",
    hqCountry: "US",
    website: "https://azure.microsoft.com",
  },
  {
    slug: "alibaba",
    nameEn: "Alibaba Cloud",
    nameZh: "阿里云",
    kind: "HYPERSCALER",
    hqCountry: "CN",
    website: "https://www.alibabacloud.com",
    sourceUrl: "https://www.alibabacloud.com/help/en/egs/billing-2",
  },
  {
    slug: "tencent",
    nameEn: "Tencent Cloud",
    nameZh: "腾讯云",
    kind: "HYPERSCALER",
    hqCountry: "CN",
    website: "https://www.tencentcloud.com",
  },
  // ── GPU clouds ──
  {
    slug: "lambda",
    nameEn: "Lambda",
    nameZh: "Lambda",
    kind: "GPU_CLOUD",
    hqCountry: "US",
    website: "https://lambda.ai",
    sourceUrl: "https://docs.lambda.ai/public-cloud/billing",
  },
  {
    slug: "runpod",
    nameEn: "RunPod",
    nameZh: "RunPod",
    kind: "GPU_CLOUD",
    hqCountry: "US",
    website: "https://www.runpod.io",
    sourceUrl: "https://docs.runpod.io/pods/pricing",
  },
  {
    slug: "coreweave",
    nameEn: "CoreWeave",
    nameZh: "CoreWeave",
    kind: "GPU_CLOUD",
    hqCountry: "US",
    website: "https://www.coreweave.com",
    sourceUrl: "https://docs.coreweave.com/docs/platform/regions/general-access",
  },
  {
    slug: "nebius",
    nameEn: "Nebius",
    nameZh: "Nebius",
    kind: "GPU_CLOUD",
    hqCountry: "NL", // Nebius Group N.V. is headquartered in Amsterdam
    website: "https://nebius.com",
    sourceUrl: "https://docs.nebius.com/signup-billing/billing-models/overview",
  },
  {
    // Issue 27: profile facts only (no offers in the seed; the SkyPilot catalog imports its prices).
    slug: "crusoe",
    nameEn: "Crusoe",
    nameZh: "Crusoe",
    kind: "GPU_CLOUD",
    hqCountry: "US",
    website: "https://crusoe.ai",
    sourceUrl: "https://docs.crusoecloud.com/orchestration/cmk/shared-responsiblity",
  },
  {
    // Issue 27 ("+1 more GPU cloud"): profile facts only, no offers in the seed.
    slug: "together",
    nameEn: "Together AI",
    nameZh: "Together AI",
    kind: "GPU_CLOUD",
    hqCountry: "US",
    website: "https://www.together.ai",
    sourceUrl: "https://docs.together.ai/reference/clusters-get",
  },
  // ── Marketplace ──
  {
    slug: "vast",
    nameEn: "Vast.ai",
    nameZh: "Vast.ai",
    kind: "MARKETPLACE",
    hqCountry: "US",
    website: "https://vast.ai",
    sourceUrl: "https://docs.vast.ai/billing-help",
  },
];
