// Export of a filtered offer list (same filters as GET /api/v1/offers) as CSV or JSON: one
// line per offer × current price, with the price's source and date. The CSV is written by the
// app's one CSV writer (lib/csv/write.ts: RFC 4180, formula cells neutralised, CRLF, no BOM).
import { writeCsv, type CsvCell } from "../../lib/csv/write.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { ExportQuery } from "./offers.validation.ts";
import { queryOffers, type OfferView } from "./query-offers.ts";

export const EXPORT_COLUMNS = [
  "offer_id",
  "provider",
  "region",
  "country",
  "continent",
  "instance_type",
  "gpu",
  "gpu_count",
  "vram_per_gpu_gb",
  "vram_total_gb",
  "vcpus",
  "ram_gb",
  "interconnect",
  "pricing_model",
  "currency",
  "price_per_hour",
  "price_per_gpu_hour",
  "observed_at",
  "stale",
  "source_url",
  "source_row",
] as const;

export function offersToRows(items: OfferView[]): Record<(typeof EXPORT_COLUMNS)[number], CsvCell>[] {
  return items.flatMap((o) =>
    o.prices.map((p) => ({
      offer_id: o.id,
      provider: o.provider.slug,
      region: o.region.code,
      country: o.region.country,
      continent: o.region.continent,
      instance_type: o.instanceType,
      gpu: o.gpu.name,
      gpu_count: o.gpuCount,
      vram_per_gpu_gb: o.vramPerGpuGb,
      vram_total_gb: o.vramTotalGb,
      vcpus: o.vCpus,
      ram_gb: o.ramGb,
      interconnect: o.interconnect,
      pricing_model: p.pricingModel,
      currency: p.currency,
      price_per_hour: p.hourly,
      price_per_gpu_hour: p.perGpuHour,
      // Empty when the source stated no date ("date unknown"), never a made-up day.
      observed_at: p.observedAt ? p.observedAt.slice(0, 10) : "",
      stale: p.stale,
      source_url: p.source.url,
      source_row: p.source.row,
    })),
  );
}

export async function exportOffers(
  prisma: PrismaClient,
  q: ExportQuery,
): Promise<{ contentType: string; filename: string; body: string }> {
  const page = await queryOffers(prisma, q);
  const rows = offersToRows(page.items);
  if (q.format === "json") {
    return {
      contentType: "application/json; charset=utf-8",
      filename: "offers.json",
      body: JSON.stringify({ total: page.total, rows }),
    };
  }
  return {
    contentType: "text/csv; charset=utf-8",
    filename: "offers.csv",
    body: writeCsv([EXPORT_COLUMNS, ...rows.map((r) => EXPORT_COLUMNS.map((c) => r[c]))], { eol: "\r\n" }),
  };
}
