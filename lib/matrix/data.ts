// The provider matrix's data as the server sends it to the browser: dictionaries of providers,
// GPU models and regions, and offer rows that point into them by index (a compact payload for
// thousands of offers). Prices are already in the display currency, rounded to 4 decimals.

export const MATRIX_PRICING_MODELS = ["ON_DEMAND", "SPOT", "RESERVED_1Y", "RESERVED_3Y"] as const;
export type MatrixPricingModel = (typeof MATRIX_PRICING_MODELS)[number];

export const INTERCONNECTS = ["NVLINK", "PCIE", "INFINIBAND", "ROCE", "ETHERNET"] as const;
export type MatrixInterconnect = (typeof INTERCONNECTS)[number];

export const PROVIDER_KINDS = ["HYPERSCALER", "GPU_CLOUD", "MARKETPLACE", "REGIONAL"] as const;
export type MatrixProviderKind = (typeof PROVIDER_KINDS)[number];

export const CONTINENTS = [
  "AFRICA",
  "ASIA",
  "EUROPE",
  "NORTH_AMERICA",
  "OCEANIA",
  "SOUTH_AMERICA",
  "GLOBAL",
] as const;
export type MatrixContinent = (typeof CONTINENTS)[number];

export interface MatrixProvider {
  slug: string;
  nameEn: string;
  nameZh: string;
  kind: MatrixProviderKind;
  /** Internet egress per GB in the display currency; null when unknown. */
  egressPerGb: number | null;
  /** Compute SLA in percent (per-instance SLA preferred); null when unknown. */
  slaPercent: number | null;
}

export interface MatrixGpu {
  slug: string;
  name: string;
  family: string;
  variant: string | null;
  memoryGb: number;
  /** Dense BF16 TFLOPS per GPU; null when unknown. */
  bf16Tflops: number | null;
}

export interface MatrixRegion {
  code: string;
  name: string;
  nameZh: string | null;
  country: string | null;
  continent: MatrixContinent;
}

export interface MatrixPrice {
  /** Per instance-hour, in the display currency. */
  hourly: number;
  /** The observation's day, YYYY-MM-DD (UTC). */
  observedAt: string;
  stale: boolean;
  /** The currency the provider listed the price in (converted when it differs). */
  listedCurrency: string;
  /** Flagged placeholder_price (lib/catalog/quality-rules.ts): shown with the flag. */
  placeholder?: boolean;
}

export interface MatrixOffer {
  id: string;
  /** Index into providers / regions / gpus. */
  p: number;
  r: number;
  g: number;
  instanceType: string;
  gpuCount: number;
  vCpus: number | null;
  ramGb: number | null;
  interconnect: MatrixInterconnect;
  prices: Partial<Record<MatrixPricingModel, MatrixPrice>>;
  /** AWS Spot Advisor interruption bucket (0 "<5%" … 4 ">20%" per month) of a spot offer; absent: no evidence. */
  spotBucket?: number;
}

export interface MatrixFx {
  /** CNY per one USD, decimal string. */
  rate: string;
  asOf: string; // YYYY-MM-DD
  sourceUrl: string;
}

export interface MatrixData {
  currency: "USD" | "CNY";
  /** The USD→CNY rate used for conversions; null when the catalog has none. */
  fx: MatrixFx | null;
  /** True when at least one shown number was converted with `fx`. */
  converted: boolean;
  /** Currencies whose prices were left out because no rate converts them. */
  currenciesWithoutRate: string[];
  staleAfterDays: number;
  /** Server time the staleness was judged at (ISO), so the browser shows the same ages. */
  now: string;
  providers: MatrixProvider[];
  gpus: MatrixGpu[];
  regions: MatrixRegion[];
  offers: MatrixOffer[];
  /** The Spot Advisor snapshot the spot buckets come from (newest date among them); absent when none. */
  spotAdvisor?: { asOf: string; sourceUrl: string } | null;
}
