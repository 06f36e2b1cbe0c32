// The curated seed: real facts, each with its source URL and date. See data/*.ts for the
// provenance of every row; seed-data.test.ts checks its integrity.
import type { SeedData } from "./types.ts";
import { providers } from "./data/providers.ts";
import { regions } from "./data/regions.ts";
import { gpuModels } from "./data/gpu-models.ts";
import { hyperscalerOffers } from "./data/offers-hyperscalers.ts";
import { gpuCloudOffers } from "./data/offers-gpu-clouds.ts";
import { chinaOffers } from "./data/offers-china.ts";
import { facts } from "./data/facts.ts";
import { profileFacts } from "./data/facts-profile.ts";
import { fxRates } from "./data/fx-rates.ts";

export const seedData: SeedData = {
  providers,
  regions,
  gpuModels,
  offers: [...hyperscalerOffers, ...gpuCloudOffers, ...chinaOffers],
  facts: [...facts, ...profileFacts],
  fxRates,
};
