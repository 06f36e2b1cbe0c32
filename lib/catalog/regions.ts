// Best-effort location of a region code we have not curated (a catalog names a new region):
// country and continent from common naming conventions. Unknown stays GLOBAL / null — the
// curated region table (prisma/seed) is the authority where it has the region.
export type ContinentName =
  "AFRICA" | "ASIA" | "EUROPE" | "NORTH_AMERICA" | "OCEANIA" | "SOUTH_AMERICA" | "GLOBAL";

const CONTINENT_CODES: Record<string, ContinentName> = {
  NA: "NORTH_AMERICA",
  EU: "EUROPE",
  AS: "ASIA",
  OC: "OCEANIA",
  SA: "SOUTH_AMERICA",
  AF: "AFRICA",
};

const COUNTRY_CONTINENT: Record<string, ContinentName> = {
  US: "NORTH_AMERICA",
  CA: "NORTH_AMERICA",
  MX: "NORTH_AMERICA",
  BR: "SOUTH_AMERICA",
  CL: "SOUTH_AMERICA",
  GB: "EUROPE",
  UK: "EUROPE",
  FR: "EUROPE",
  DE: "EUROPE",
  NL: "EUROPE",
  FI: "EUROPE",
  SE: "EUROPE",
  NO: "EUROPE",
  IS: "EUROPE",
  IT: "EUROPE",
  CH: "EUROPE",
  ES: "EUROPE",
  PL: "EUROPE",
  IE: "EUROPE",
  BE: "EUROPE",
  CZ: "EUROPE",
  AT: "EUROPE",
  DK: "EUROPE",
  PT: "EUROPE",
  GR: "EUROPE",
  RO: "EUROPE",
  BG: "EUROPE",
  HU: "EUROPE",
  HR: "EUROPE",
  SI: "EUROPE",
  SK: "EUROPE",
  RS: "EUROPE",
  EE: "EUROPE",
  LV: "EUROPE",
  LT: "EUROPE",
  LU: "EUROPE",
  UA: "EUROPE",
  RU: "EUROPE", // Lium's RU hosts; Russia's data centres are mostly west of the Urals
  TR: "ASIA",
  TH: "ASIA",
  VN: "ASIA",
  MY: "ASIA",
  ID: "ASIA",
  PH: "ASIA",
  SA: "ASIA",
  QA: "ASIA",
  AR: "SOUTH_AMERICA",
  CO: "SOUTH_AMERICA",
  EG: "AFRICA",
  KE: "AFRICA",
  NG: "AFRICA",
  JP: "ASIA",
  KR: "ASIA",
  SG: "ASIA",
  IN: "ASIA",
  CN: "ASIA",
  HK: "ASIA",
  TW: "ASIA",
  IL: "ASIA",
  AE: "ASIA",
  AU: "OCEANIA",
  NZ: "OCEANIA",
  ZA: "AFRICA",
};

const WORDS: [RegExp, string | null, ContinentName][] = [
  [
    /^us[-_]|usa|united.?states|virginia|texas|oregon|ohio|california|kansas|dallas|utah|chicago/i,
    "US",
    "NORTH_AMERICA",
  ],
  [/canada|montreal|toronto|^ca[-_]/i, "CA", "NORTH_AMERICA"],
  [/finland|^fin|helsinki/i, "FI", "EUROPE"],
  [/france|paris/i, "FR", "EUROPE"],
  [/germany|frankfurt/i, "DE", "EUROPE"],
  [/netherlands|amsterdam/i, "NL", "EUROPE"],
  [/sweden|stockholm/i, "SE", "EUROPE"],
  [/iceland|reykjavik/i, "IS", "EUROPE"],
  [/^it[-_]|italy|milan/i, "IT", "EUROPE"],
  [/^ch[-_]|switzerland|lugano|zurich/i, "CH", "EUROPE"],
  [/^uk[-_]|london|britain/i, "GB", "EUROPE"],
  [/norway|oslo|^no[-_]|kristiansand/i, "NO", "EUROPE"],
  [/poland|warsaw/i, "PL", "EUROPE"],
  [/^se[-_]/i, "SE", "EUROPE"],
  [/spain|madrid/i, "ES", "EUROPE"],
  [/^eu|europe/i, null, "EUROPE"],
  [/japan|tokyo|^tyo\d/i, "JP", "ASIA"],
  // Lambda: asia-northeast-1 is Tokyo, asia-south-1 India; its asia-northeast-2, europe-south-1
  // and me-west-1 get a continent only (country not confirmed).
  [/^asia-northeast-1$/i, "JP", "ASIA"],
  [/^asia-south-1$/i, "IN", "ASIA"],
  [/^me[-_]/i, null, "ASIA"],
  [/korea|seoul/i, "KR", "ASIA"],
  [/singapore/i, "SG", "ASIA"],
  [/india|mumbai|^in\d/i, "IN", "ASIA"],
  [/^ap[-_]|asia/i, null, "ASIA"],
  [/australia|sydney|^au$|^syd\d/i, "AU", "OCEANIA"],
  [/^atl$/i, "US", "NORTH_AMERICA"], // Spheron's Atlanta site
  [/brazil|sao.?paulo|^sa[-_]|southamerica/i, "BR", "SOUTH_AMERICA"],
  [/^(?:eastus|westus|centralus|northcentralus|southcentralus|westcentralus)/i, "US", "NORTH_AMERICA"],
];

export function guessRegionLocation(code: string): { country: string | null; continent: ContinentName } {
  // "Michigan, US, NA" (Vast): city, country code, continent code.
  const parts = code.split(",").map((p) => p.trim());
  if (parts.length >= 2) {
    const cc = (parts[parts.length - 2] ?? "").toUpperCase();
    const cont = CONTINENT_CODES[(parts[parts.length - 1] ?? "").toUpperCase()];
    if (/^[A-Z]{2}$/.test(cc)) return { country: cc, continent: cont ?? COUNTRY_CONTINENT[cc] ?? "GLOBAL" };
  }
  if (/^[A-Z]{2}$/.test(code) && COUNTRY_CONTINENT[code]) {
    return { country: code === "UK" ? "GB" : code, continent: COUNTRY_CONTINENT[code] ?? "GLOBAL" };
  }
  for (const [pattern, country, continent] of WORDS) {
    if (pattern.test(code)) return { country, continent };
  }
  return { country: null, continent: "GLOBAL" };
}
