// Grid carbon intensity, curated and sourced (issue 48). Transcribed from the files listed in
// shared/data/SOURCES.md (numbers only; tests/carbon/carbon-sources.test.ts checks every value
// against those files when they are present). g CO2e per kWh of electricity drawn.
// Precedence (lib/carbon/grid.ts): cloud region → China grid region → country.

// Cloud Carbon Footprint's coefficients (ccf-coefficients@b0032d92). Their vintage is 2019–2021
// (the files last changed 2021-10-29 / 2023-04-14 / 2021-10-29; CCF states no year per row):
// a fallback, dated as such. Azure regions are CCF's display names lower-cased without spaces
// ("East US" → "eastus"), which is how Azure's own region codes read.
const CCF_AWS =
  "https://github.com/cloud-carbon-footprint/ccf-coefficients/blob/b0032d928c787cf76cecd7d1d611c5b46f366e29/data/grid-emissions-factors-aws.csv";
const CCF_AZURE =
  "https://github.com/cloud-carbon-footprint/ccf-coefficients/blob/b0032d928c787cf76cecd7d1d611c5b46f366e29/data/grid-emissions-factors-azure.csv";
const CCF_GCP =
  "https://github.com/cloud-carbon-footprint/ccf-coefficients/blob/b0032d928c787cf76cecd7d1d611c5b46f366e29/data/grid-emissions-factors-gcp.csv";

export interface CloudRegionFactor {
  provider: string;
  region: string;
  gPerKwh: number;
  /** Who CCF took it from (EPA, EEA, carbonfootprint.com, Google…). */
  publisher: string;
  url: string;
}

export const CCF_VINTAGE = { from: 2019, to: 2021 } as const;

export const CLOUD_REGION_FACTORS: readonly CloudRegionFactor[] = [
  { provider: "aws", region: "us-east-1", gPerKwh: 415.755, publisher: "EPA", url: CCF_AWS },
  { provider: "aws", region: "us-east-2", gPerKwh: 440.187, publisher: "EPA", url: CCF_AWS },
  { provider: "aws", region: "us-west-1", gPerKwh: 350.861, publisher: "EPA", url: CCF_AWS },
  { provider: "aws", region: "us-west-2", gPerKwh: 350.861, publisher: "EPA", url: CCF_AWS },
  { provider: "aws", region: "us-gov-east-1", gPerKwh: 415.755, publisher: "EPA", url: CCF_AWS },
  { provider: "aws", region: "us-gov-west-1", gPerKwh: 350.861, publisher: "EPA", url: CCF_AWS },
  { provider: "aws", region: "af-south-1", gPerKwh: 928.0, publisher: "carbonfootprint.com", url: CCF_AWS },
  { provider: "aws", region: "ap-east-1", gPerKwh: 810.0, publisher: "carbonfootprint.com", url: CCF_AWS },
  { provider: "aws", region: "ap-south-1", gPerKwh: 708.0, publisher: "carbonfootprint.com", url: CCF_AWS },
  {
    provider: "aws",
    region: "ap-northeast-3",
    gPerKwh: 506.0,
    publisher: "carbonfootprint.com",
    url: CCF_AWS,
  },
  {
    provider: "aws",
    region: "ap-northeast-2",
    gPerKwh: 500.0,
    publisher: "carbonfootprint.com",
    url: CCF_AWS,
  },
  { provider: "aws", region: "ap-southeast-1", gPerKwh: 408.5, publisher: "EMA Singapore", url: CCF_AWS },
  {
    provider: "aws",
    region: "ap-southeast-2",
    gPerKwh: 790.0,
    publisher: "carbonfootprint.com",
    url: CCF_AWS,
  },
  {
    provider: "aws",
    region: "ap-northeast-1",
    gPerKwh: 506.0,
    publisher: "carbonfootprint.com",
    url: CCF_AWS,
  },
  { provider: "aws", region: "ca-central-1", gPerKwh: 130.0, publisher: "carbonfootprint.com", url: CCF_AWS },
  { provider: "aws", region: "cn-north-1", gPerKwh: 555.0, publisher: "carbonfootprint.com", url: CCF_AWS },
  {
    provider: "aws",
    region: "cn-northwest-1",
    gPerKwh: 555.0,
    publisher: "carbonfootprint.com",
    url: CCF_AWS,
  },
  { provider: "aws", region: "eu-central-1", gPerKwh: 338.0, publisher: "EEA", url: CCF_AWS },
  { provider: "aws", region: "eu-west-1", gPerKwh: 316.0, publisher: "EEA", url: CCF_AWS },
  { provider: "aws", region: "eu-west-2", gPerKwh: 228.0, publisher: "EEA", url: CCF_AWS },
  { provider: "aws", region: "eu-south-1", gPerKwh: 233.0, publisher: "EEA", url: CCF_AWS },
  { provider: "aws", region: "eu-west-3", gPerKwh: 52.0, publisher: "EEA", url: CCF_AWS },
  { provider: "aws", region: "eu-north-1", gPerKwh: 8.0, publisher: "EEA", url: CCF_AWS },
  { provider: "aws", region: "me-south-1", gPerKwh: 732.0, publisher: "carbonfootprint.com", url: CCF_AWS },
  { provider: "aws", region: "sa-east-1", gPerKwh: 74.0, publisher: "carbonfootprint.com", url: CCF_AWS },
  { provider: "azure", region: "centralus", gPerKwh: 472.23, publisher: "EPA", url: CCF_AZURE },
  { provider: "azure", region: "eastus", gPerKwh: 415.755, publisher: "EPA", url: CCF_AZURE },
  { provider: "azure", region: "eastus2", gPerKwh: 415.755, publisher: "EPA", url: CCF_AZURE },
  { provider: "azure", region: "eastus3", gPerKwh: 415.755, publisher: "EPA", url: CCF_AZURE },
  { provider: "azure", region: "northcentralus", gPerKwh: 440.187, publisher: "EPA", url: CCF_AZURE },
  { provider: "azure", region: "southcentralus", gPerKwh: 396.293, publisher: "EPA", url: CCF_AZURE },
  { provider: "azure", region: "westcentralus", gPerKwh: 350.861, publisher: "EPA", url: CCF_AZURE },
  { provider: "azure", region: "westus", gPerKwh: 350.861, publisher: "EPA", url: CCF_AZURE },
  { provider: "azure", region: "westus2", gPerKwh: 350.861, publisher: "EPA", url: CCF_AZURE },
  { provider: "azure", region: "westus3", gPerKwh: 350.861, publisher: "EPA", url: CCF_AZURE },
  { provider: "azure", region: "eastasia", gPerKwh: 810.0, publisher: "carbonfootprint.com", url: CCF_AZURE },
  { provider: "azure", region: "southeastasia", gPerKwh: 408.5, publisher: "EMA Singapore", url: CCF_AZURE },
  { provider: "azure", region: "northeurope", gPerKwh: 316.0, publisher: "EEA", url: CCF_AZURE },
  { provider: "azure", region: "westeurope", gPerKwh: 390.0, publisher: "EEA", url: CCF_AZURE },
  {
    provider: "azure",
    region: "centralindia",
    gPerKwh: 708.0,
    publisher: "carbonfootprint.com",
    url: CCF_AZURE,
  },
  {
    provider: "azure",
    region: "southindia",
    gPerKwh: 708.0,
    publisher: "carbonfootprint.com",
    url: CCF_AZURE,
  },
  {
    provider: "azure",
    region: "westindia",
    gPerKwh: 708.0,
    publisher: "carbonfootprint.com",
    url: CCF_AZURE,
  },
  { provider: "azure", region: "uksouth", gPerKwh: 228.0, publisher: "EEA", url: CCF_AZURE },
  { provider: "azure", region: "ukwest", gPerKwh: 228.0, publisher: "EEA", url: CCF_AZURE },
  { provider: "azure", region: "francecentral", gPerKwh: 67.0, publisher: "EEA", url: CCF_AZURE },
  { provider: "azure", region: "finlandcentral", gPerKwh: 77000000.0, publisher: "EEA", url: CCF_AZURE },
  { provider: "azure", region: "germanywestcentral", gPerKwh: 402000000.0, publisher: "EEA", url: CCF_AZURE },
  { provider: "azure", region: "belgiumcentral", gPerKwh: 154.0, publisher: "EEA", url: CCF_AZURE },
  { provider: "azure", region: "swedencentral", gPerKwh: 9.0, publisher: "EEA", url: CCF_AZURE },
  { provider: "gcp", region: "us-central1", gPerKwh: 479.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "us-east1", gPerKwh: 500.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "us-east4", gPerKwh: 383.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "us-west1", gPerKwh: 117.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "us-west2", gPerKwh: 248.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "us-west3", gPerKwh: 561.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "us-west4", gPerKwh: 491.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "asia-east1", gPerKwh: 541.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "asia-east2", gPerKwh: 626.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "asia-northeast1", gPerKwh: 524.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "asia-northeast2", gPerKwh: 524.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "asia-northeast3", gPerKwh: 540.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "asia-south1", gPerKwh: 723.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "asia-southeast1", gPerKwh: 493.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "asia-southeast2", gPerKwh: 772.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "australia-southeast1", gPerKwh: 725.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "europe-north1", gPerKwh: 181.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "europe-west1", gPerKwh: 196.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "europe-west2", gPerKwh: 257.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "europe-west3", gPerKwh: 319.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "europe-west4", gPerKwh: 474.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "europe-west6", gPerKwh: 29.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "northamerica-northeast1", gPerKwh: 143.0, publisher: "Google", url: CCF_GCP },
  { provider: "gcp", region: "southamerica-east1", gPerKwh: 109.0, publisher: "Google", url: CCF_GCP },
];

// Our World in Data energy-data (Ember / Energy Institute, CC BY 4.0) as CodeCarbon copies it:
// codecarbon/data/private_infra/global_energy_mix.json@b05965e4 (file last changed 2024-11-15).
// Yearly national averages; the year is the file's own per country.
export const OWID_URL =
  "https://github.com/mlco2/codecarbon/blob/b05965e4/codecarbon/data/private_infra/global_energy_mix.json";

export interface CountryFactor {
  /** ISO 3166-1 alpha-2, as regions store it. */
  country: string;
  iso3: string;
  gPerKwh: number;
  year: number;
}

export const COUNTRY_FACTORS: readonly CountryFactor[] = [
  { country: "US", iso3: "USA", gPerKwh: 369.473, year: 2023 },
  { country: "IE", iso3: "IRL", gPerKwh: 290.805, year: 2023 },
  { country: "NL", iso3: "NLD", gPerKwh: 267.622, year: 2023 },
  { country: "CN", iso3: "CHN", gPerKwh: 582.317, year: 2023 },
  { country: "SG", iso3: "SGP", gPerKwh: 470.783, year: 2023 },
  { country: "DE", iso3: "DEU", gPerKwh: 380.95, year: 2023 },
  { country: "FI", iso3: "FIN", gPerKwh: 79.158, year: 2023 },
  { country: "FR", iso3: "FRA", gPerKwh: 56.039, year: 2023 },
  { country: "VN", iso3: "VNM", gPerKwh: 475.449, year: 2023 },
  { country: "BG", iso3: "BGR", gPerKwh: 335.334, year: 2023 },
  { country: "TW", iso3: "TWN", gPerKwh: 642.378, year: 2023 },
  { country: "JP", iso3: "JPN", gPerKwh: 485.392, year: 2023 },
  { country: "HK", iso3: "HKG", gPerKwh: 699.499, year: 2022 },
  { country: "KR", iso3: "KOR", gPerKwh: 430.567, year: 2023 },
  { country: "GB", iso3: "GBR", gPerKwh: 237.589, year: 2023 },
  { country: "IN", iso3: "IND", gPerKwh: 713.441, year: 2023 },
  { country: "AU", iso3: "AUS", gPerKwh: 548.692, year: 2023 },
  { country: "CA", iso3: "CAN", gPerKwh: 170.043, year: 2023 },
  { country: "SE", iso3: "SWE", gPerKwh: 40.695, year: 2023 },
  { country: "NO", iso3: "NOR", gPerKwh: 30.08, year: 2023 },
  { country: "BE", iso3: "BEL", gPerKwh: 138.107, year: 2023 },
  { country: "IS", iso3: "ISL", gPerKwh: 27.68, year: 2022 },
  { country: "BR", iso3: "BRA", gPerKwh: 98.348, year: 2023 },
  { country: "ID", iso3: "IDN", gPerKwh: 675.931, year: 2022 },
  { country: "MY", iso3: "MYS", gPerKwh: 605.831, year: 2022 },
  { country: "TH", iso3: "THA", gPerKwh: 549.583, year: 2023 },
  { country: "AE", iso3: "ARE", gPerKwh: 561.135, year: 2022 },
  { country: "SA", iso3: "SAU", gPerKwh: 706.791, year: 2022 },
  { country: "ES", iso3: "ESP", gPerKwh: 174.05, year: 2023 },
  { country: "IT", iso3: "ITA", gPerKwh: 330.718, year: 2023 },
  { country: "PL", iso3: "POL", gPerKwh: 661.926, year: 2023 },
  { country: "CH", iso3: "CHE", gPerKwh: 34.843, year: 2023 },
  { country: "ZA", iso3: "ZAF", gPerKwh: 707.686, year: 2023 },
  { country: "MX", iso3: "MEX", gPerKwh: 507.245, year: 2023 },
  { country: "IL", iso3: "ISR", gPerKwh: 582.927, year: 2022 },
  { country: "PH", iso3: "PHL", gPerKwh: 610.688, year: 2023 },
  { country: "CL", iso3: "CHL", gPerKwh: 291.113, year: 2023 },
  { country: "AT", iso3: "AUT", gPerKwh: 110.812, year: 2023 },
  { country: "DK", iso3: "DNK", gPerKwh: 151.65, year: 2023 },
  { country: "CZ", iso3: "CZE", gPerKwh: 449.724, year: 2023 },
  { country: "RO", iso3: "ROU", gPerKwh: 240.583, year: 2023 },
  { country: "NZ", iso3: "NZL", gPerKwh: 112.758, year: 2023 },
  { country: "PT", iso3: "PRT", gPerKwh: 165.553, year: 2023 },
  { country: "LU", iso3: "LUX", gPerKwh: 105.263, year: 2023 },
  { country: "QA", iso3: "QAT", gPerKwh: 602.5, year: 2023 },
];

// China's grid-region factors for 2022, published by MEE + NBS (announcement of 2024-12), as
// REPORTED by press coverage, not read from the official PDF (shared/data/SOURCES.md): shown as
// "reported". kg/kWh in the source; g/kWh here (× 1000).
export const MEE_NBS_2022_SOURCE = "MEE + NBS announcement 2024-12 (2022 electricity CO2 emission factors)";

export interface ChinaGridFactor {
  /** Grid region key. */
  grid: "north" | "northwest" | "east" | "northeast" | "central" | "south" | "southwest";
  nameZh: string;
  nameEn: string;
  gPerKwh: number;
  year: 2022;
}

export const CHINA_GRID_FACTORS: readonly ChinaGridFactor[] = [
  { grid: "north", nameZh: "华北", nameEn: "North China grid", gPerKwh: 677.6, year: 2022 },
  { grid: "northwest", nameZh: "西北", nameEn: "Northwest grid", gPerKwh: 585.7, year: 2022 },
  { grid: "east", nameZh: "华东", nameEn: "East China grid", gPerKwh: 561.7, year: 2022 },
  { grid: "northeast", nameZh: "东北", nameEn: "Northeast grid", gPerKwh: 556.4, year: 2022 },
  { grid: "central", nameZh: "华中", nameEn: "Central China grid", gPerKwh: 539.5, year: 2022 },
  { grid: "south", nameZh: "南方", nameEn: "China Southern grid", gPerKwh: 386.9, year: 2022 },
  { grid: "southwest", nameZh: "西南", nameEn: "Southwest grid", gPerKwh: 226.8, year: 2022 },
];

// Chinese cloud regions → grid region, by the province each city is in (the conventional
// province grouping of the source's rows: 北京/河北/山东/蒙西 → 华北, 上海/江苏/浙江 → 华东,
// 广东 → 南方, 四川/重庆 → 西南).
export const CHINA_REGION_GRID: Readonly<Record<string, ChinaGridFactor["grid"]>> = {
  "alibaba:cn-beijing": "north",
  "alibaba:cn-zhangjiakou": "north",
  "alibaba:cn-huhehaote": "north",
  "alibaba:cn-wulanchabu": "north",
  "alibaba:cn-qingdao": "north",
  "alibaba:cn-hangzhou": "east",
  "alibaba:cn-shanghai": "east",
  "alibaba:cn-nanjing": "east",
  "alibaba:cn-shenzhen": "south",
  "alibaba:cn-guangzhou": "south",
  "alibaba:cn-heyuan": "south",
  "alibaba:cn-chengdu": "southwest",
  "tencent:ap-beijing": "north",
  "tencent:ap-shanghai": "east",
  "tencent:ap-nanjing": "east",
  "tencent:ap-guangzhou": "south",
  "tencent:ap-shenzhen": "south",
  "tencent:ap-chengdu": "southwest",
  "tencent:ap-chongqing": "southwest",
};
