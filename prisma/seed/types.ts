// Shapes of the curated seed. Every fact carries the URL it was taken from and the date it
// was observed ("YYYY-MM-DD"); prices are decimal strings (never binary floats).
import type {
  Availability,
  BillingGranularity,
  Continent,
  FormFactor,
  GpuVendor,
  Interconnect,
  PricingModel,
  ProviderKind,
} from "../../generated/prisma/enums.ts";

export type IsoDate = `${number}-${number}-${number}`;
export type DecimalString = `${number}`;
export type CurrencyCode = "USD" | "CNY" | "EUR";

export interface SeedProvider {
  slug: string;
  nameEn: string;
  nameZh: string;
  kind: ProviderKind;
  hqCountry: string; // ISO 3166-1 alpha-2
  website: string;
  sourceUrl?: string;
}

export interface SeedRegion {
  provider: string; // provider slug
  code: string; // the provider's own region code, e.g. "us-east-1", "cn-beijing"
  name: string; // English name
  nameZh?: string;
  country?: string; // ISO 3166-1 alpha-2
  continent: Continent;
}

export interface SeedGpuModel {
  slug: string; // e.g. "h100-sxm-80gb"
  name: string; // canonical name with variant, e.g. "H100 SXM 80GB"
  family: string; // e.g. "H100"
  variant?: string; // "SXM" | "PCIe" | "NVL" | ...
  vendor: GpuVendor;
  architecture: string; // "Hopper", "Ada Lovelace", ...
  memoryGb: number;
  memoryType?: string; // "HBM3", "GDDR6X", ...
  memoryBandwidthGbps?: number; // GB/s
  bf16DenseTflops?: number; // dense (no sparsity)
  fp8DenseTflops?: number;
  fp32Tflops?: number;
  tdpW?: number;
  formFactor: FormFactor;
  nvlinkGbps?: number; // GB/s per GPU
  datacenter: boolean;
  aliases: string[]; // raw names seen in catalogs that mean this model
  sourceUrl: string;
  sourceNote?: string;
}

export interface SeedPrice {
  model: PricingModel;
  hourly: DecimalString; // per instance-hour (reserved: effective hourly rate of the commitment)
  currency: CurrencyCode;
  billingGranularity?: BillingGranularity;
  minimumBillableSeconds?: number;
  observedAt: IsoDate;
  sourceUrl: string;
}

export interface SeedOffer {
  provider: string; // provider slug
  region: string; // region code of that provider
  instanceType: string;
  gpu: string; // GPU model slug
  gpuCount: number;
  vCpus?: number;
  ramGb?: number;
  localDiskGb?: number;
  interconnect: Interconnect;
  interconnectGbps?: number;
  availability?: Availability;
  sourceUrl: string;
  prices: SeedPrice[];
}

export interface SeedFact {
  provider: string; // provider slug
  key: string; // see prisma/seed/fact-keys.ts
  scope?: string; // distinguishes variants of one key, e.g. "instance" / "region"
  value: string; // as the source states it
  numericValue?: DecimalString;
  unit?: string;
  asOf?: IsoDate;
  sourceUrl: string;
  quote?: string;
}

export interface SeedFxRate {
  base: CurrencyCode;
  quote: CurrencyCode;
  rate: DecimalString;
  asOf: IsoDate;
  sourceUrl: string;
}

export interface SeedData {
  providers: SeedProvider[];
  regions: SeedRegion[];
  gpuModels: SeedGpuModel[];
  offers: SeedOffer[];
  facts: SeedFact[];
  fxRates: SeedFxRate[];
}
