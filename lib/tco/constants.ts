// The engine's fixed vocabularies without the schema library: client components (the scenario
// builder's selects, the matrix's filter panel) read them from here, so zod stays out of their
// first-load JavaScript. schema.ts builds its enums from the same arrays and re-exports them.
export const PRICING_MODELS = ["on_demand", "spot", "reserved_1y", "reserved_3y", "monthly"] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export const LOCALES = ["en", "zh-CN"] as const;
export type TcoLocale = (typeof LOCALES)[number];

export const SCENARIO_CURRENCIES = ["USD", "CNY"] as const;

export const INTERCONNECTS = ["NVLINK", "PCIE", "INFINIBAND", "ROCE", "ETHERNET"] as const;

/** No licences, support, surcharges or taxes until the user enters them: the schema's default
 *  and the default job's (lib/scenarios/default-job.ts). */
export const NO_OTHER_COSTS = {
  licencePerHour: 0,
  licencePerMonth: 0,
  supportPercent: 0,
  supportMinimumPerMonth: 0,
  surchargePercent: 0,
  taxPercent: 0,
} as const;
