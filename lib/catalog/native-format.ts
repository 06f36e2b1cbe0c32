// The native offers format users can write by hand (CSV or JSON; docs/catalog-format.md,
// template in public/templates/). One row per price: the offer's columns repeat.
import { z } from "zod";

export const NATIVE_COLUMNS = [
  "provider",
  "provider_name",
  "region",
  "region_name",
  "country",
  "continent",
  "instance_type",
  "gpu",
  "gpu_count",
  "gpu_memory_gb",
  "vcpus",
  "ram_gb",
  "interconnect",
  "pricing_model",
  "price",
  "currency",
  "price_unit",
  "observed_at",
  "source_url",
] as const;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((x) => (x ? x : undefined));
const optionalNumber = z
  .union([z.number(), z.string()])
  .optional()
  .transform((x, ctx) => {
    if (x === undefined || (typeof x === "string" && x.trim() === "")) return undefined;
    const n = Number(x);
    if (!Number.isFinite(n) || n <= 0) {
      ctx.addIssue({ code: "custom", message: "must be a positive number" });
      return z.NEVER;
    }
    return n;
  });

export const nativeRowSchema = z.object({
  provider: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]*$/, "provider slug: lower-case letters, digits and dashes"),
  provider_name: optionalText,
  region: z.string().trim().min(1, "region is required"),
  region_name: optionalText,
  country: z
    .string()
    .trim()
    .optional()
    .transform((x) => (x ? x.toUpperCase() : undefined))
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}$/, "ISO 3166 two-letter code")
        .optional(),
    ),
  continent: z
    .string()
    .trim()
    .optional()
    .transform((x) => (x ? x.toUpperCase().replace(/[\s-]+/g, "_") : undefined))
    .pipe(
      z.enum(["AFRICA", "ASIA", "EUROPE", "NORTH_AMERICA", "OCEANIA", "SOUTH_AMERICA", "GLOBAL"]).optional(),
    ),
  instance_type: z.string().trim().min(1, "instance_type is required"),
  gpu: z.string().trim().min(1, "gpu is required"),
  gpu_count: z.coerce.number().int("whole number").min(1).max(64),
  gpu_memory_gb: optionalNumber,
  vcpus: optionalNumber,
  ram_gb: optionalNumber,
  interconnect: z
    .string()
    .trim()
    .optional()
    .transform((x) => (x ? x.toUpperCase() : undefined))
    .pipe(z.enum(["NVLINK", "PCIE", "INFINIBAND", "ROCE", "ETHERNET"]).optional()),
  pricing_model: z
    .string()
    .trim()
    .transform((x) => x.toUpperCase().replace(/[\s-]+/g, "_"))
    .pipe(z.enum(["ON_DEMAND", "SPOT", "RESERVED_1Y", "RESERVED_3Y", "MONTHLY"])),
  price: z.coerce.number().refine(Number.isFinite, "must be a number"),
  currency: z
    .string()
    .trim()
    .transform((x) => x.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, "ISO 4217 code, e.g. USD or CNY")),
  price_unit: z
    .string()
    .trim()
    .optional()
    .transform((x) => (x ? x.toLowerCase() : "hour"))
    .pipe(z.enum(["hour", "month"])),
  observed_at: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD")
    .refine((x) => !Number.isNaN(Date.parse(`${x}T00:00:00Z`)), "not a date"),
  // http(s) only: a file: URL would publish a path on the importing machine.
  source_url: z
    .string()
    .trim()
    .url("a URL where the price can be checked")
    .regex(/^https?:\/\//i, "an http(s) URL where the price can be checked"),
});

export type NativeRow = z.output<typeof nativeRowSchema>;

/** Hours in a month for monthly prices (365 × 24 / 12). */
export const HOURS_PER_MONTH = 730;
