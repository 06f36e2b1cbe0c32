// OpenAPI operations of the catalog API (offers, export, GPUs), from the same zod schemas
// the routes validate with.
import { z } from "zod";

import type { ApiOperation } from "../api/openapi.ts";
import { exportQuerySchema, offerIdParamsSchema, offersQuerySchema } from "./offers.validation.ts";

const priceSchema = z.object({
  pricingModel: z.string(),
  currency: z.string(),
  hourly: z.string().describe("per instance-hour, decimal"),
  perGpuHour: z.string(),
  observedAt: z
    .string()
    .nullable()
    .describe("ISO time; null when the source stated no date (flag date_unknown)"),
  ageDays: z.number().nullable().describe("whole days since observedAt; null when the date is unknown"),
  stale: z.boolean(),
  source: z.object({ url: z.string(), row: z.number().nullable(), importBatchId: z.string().nullable() }),
  flags: z.array(z.string()),
});

const offerSchema = z.object({
  id: z.string(),
  provider: z.object({ slug: z.string(), name: z.string() }),
  region: z.object({
    code: z.string(),
    name: z.string(),
    country: z.string().nullable(),
    continent: z.string(),
  }),
  instanceType: z.string(),
  gpu: z.object({ slug: z.string(), name: z.string(), family: z.string(), variant: z.string().nullable() }),
  gpuCount: z.number(),
  vramPerGpuGb: z.number(),
  vramTotalGb: z.number(),
  reportedVramPerGpuGb: z.number().nullable(),
  vCpus: z.number().nullable(),
  ramGb: z.number().nullable(),
  interconnect: z.string(),
  prices: z.array(priceSchema),
  stale: z.boolean(),
  sourceUrl: z.string(),
});

const gpuSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  family: z.string(),
  variant: z.string().nullable(),
  vendor: z.string(),
  architecture: z.string(),
  memoryGb: z.number(),
  memoryType: z.string().nullable(),
  memoryBandwidthGbps: z.number().nullable(),
  bf16DenseTflops: z.number().nullable(),
  fp8DenseTflops: z.number().nullable(),
  fp32Tflops: z.number().nullable(),
  tdpW: z.number().nullable(),
  formFactor: z.string(),
  nvlinkGbps: z.number().nullable(),
  datacenter: z.boolean(),
  aliases: z.array(z.string()),
  sourceUrl: z.string(),
  sourceNote: z.string().nullable(),
  offerCount: z.number(),
});

export const catalogOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/offers",
    operationId: "listOffers",
    summary: "Offers matching filters, with current prices (source, date, stale flag), sorted and paginated",
    tags: ["catalog"],
    query: offersQuerySchema,
    response: z.object({
      total: z.number(),
      page: z.number(),
      pageSize: z.number(),
      staleAfterDays: z.number(),
      items: z.array(offerSchema),
    }),
  },
  {
    method: "get",
    path: "/api/v1/offers/export",
    operationId: "exportOffers",
    summary: "Export the filtered offer list as CSV (text/csv) or JSON: one row per offer and current price",
    tags: ["catalog"],
    query: exportQuerySchema,
    response: z.object({ total: z.number(), rows: z.array(z.record(z.string(), z.unknown())) }),
  },
  {
    method: "get",
    path: "/api/v1/offers/{id}",
    operationId: "getOffer",
    summary: "One offer with current prices and its full price history",
    tags: ["catalog"],
    params: offerIdParamsSchema,
    response: offerSchema.extend({
      history: z.array(priceSchema.omit({ ageDays: true, stale: true })),
    }),
    errors: { 404: "No such offer" },
  },
  {
    method: "get",
    path: "/api/v1/gpus",
    operationId: "listGpus",
    summary: "GPU models with specs (sources cited) and their offer counts",
    tags: ["catalog"],
    response: z.object({ items: z.array(gpuSchema) }),
  },
  {
    method: "get",
    path: "/api/v1/gpus/{slug}",
    operationId: "getGpuPriceHistory",
    summary: "Price history of a GPU model: lowest price per GPU-hour per date, pricing model and currency",
    tags: ["catalog"],
    params: z.object({ slug: z.string() }),
    response: z.object({
      gpu: z.object({ slug: z.string(), name: z.string() }),
      history: z.array(
        z.object({
          pricingModel: z.string(),
          currency: z.string(),
          date: z.string(),
          minPerGpuHour: z.string(),
          offers: z.number(),
        }),
      ),
    }),
    errors: { 404: "No such GPU model" },
  },
];
