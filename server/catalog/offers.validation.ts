// Query parameters of GET /api/v1/offers (and its export): one zod schema, used by the route,
// the export and the OpenAPI document.
import { z } from "zod";

const list = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((x) =>
      x === undefined
        ? undefined
        : (Array.isArray(x) ? x : [x])
            .flatMap((s) => s.split(","))
            .map((s) => s.trim())
            .filter((s) => s !== ""),
    )
    .pipe(z.array(item).optional());

const bool = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((x) => x === "true" || x === "1");

export const PRICING_MODELS = ["ON_DEMAND", "SPOT", "RESERVED_1Y", "RESERVED_3Y", "MONTHLY"] as const;
export const INTERCONNECTS = ["NVLINK", "PCIE", "INFINIBAND", "ROCE", "ETHERNET"] as const;
export const CONTINENTS = [
  "AFRICA",
  "ASIA",
  "EUROPE",
  "NORTH_AMERICA",
  "OCEANIA",
  "SOUTH_AMERICA",
  "GLOBAL",
] as const;
export const OFFER_SORTS = [
  "pricePerGpuHour",
  "gpuCount",
  "vramPerGpu",
  "vramTotal",
  "provider",
  "observedAt",
] as const;

export const offersQuerySchema = z.object({
  gpu: list(z.string().max(80)).describe(
    "GPU model: canonical name, slug or family (comma-separated for several)",
  ),
  family: list(z.string().max(40)).describe("GPU family, e.g. H100 (comma-separated)"),
  minGpuCount: z.coerce.number().int().min(1).max(1024).optional(),
  minVramPerGpuGb: z.coerce.number().min(0).max(10_000).optional(),
  minTotalVramGb: z.coerce.number().min(0).max(100_000).optional(),
  interconnect: list(z.enum(INTERCONNECTS)),
  provider: list(z.string().max(60)).describe("provider slug(s)"),
  region: list(z.string().max(80)).describe("provider region code(s)"),
  country: list(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, "ISO 3166 two-letter code")
      .transform((x) => x.toUpperCase()),
  ),
  continent: list(z.enum(CONTINENTS)),
  pricingModel: z.enum(PRICING_MODELS).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "ISO 4217 code")
    .transform((x) => x.toUpperCase())
    .default("USD")
    .describe("currency of maxPricePerGpuHour and of price sorting"),
  maxPricePerGpuHour: z.coerce.number().positive().max(100_000).optional(),
  includeStale: bool.describe("include prices older than staleAfterDays (default false)"),
  staleAfterDays: z.coerce.number().int().min(1).max(3650).optional(),
  sort: z.enum(OFFER_SORTS).default("pricePerGpuHour"),
  order: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});

export type OffersQuery = z.output<typeof offersQuerySchema>;

export const offerIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const exportQuerySchema = offersQuerySchema.extend({
  format: z.enum(["csv", "json"]).default("csv"),
  pageSize: z.coerce.number().int().min(1).max(100_000).default(100_000),
});
export type ExportQuery = z.output<typeof exportQuerySchema>;
