// GET /api/v1/gpus: GPU models with specs and how many offers each has.
// getGpuPriceHistory: per GPU model, the lowest price per GPU-hour observed on each date.
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { finishedBatchSql } from "./visible-history.ts";

export async function listGpus(prisma: PrismaClient) {
  const models = await prisma.gpuModel.findMany({
    orderBy: [{ family: "asc" }, { memoryGb: "asc" }, { name: "asc" }],
    include: { _count: { select: { offers: true } } },
  });
  return {
    items: models.map(({ _count, createdAt: _c, updatedAt: _u, ...m }) => ({
      ...m,
      offerCount: _count.offers,
    })),
  };
}

export async function getGpuPriceHistory(prisma: PrismaClient, slug: string) {
  const gpu = await prisma.gpuModel.findUnique({ where: { slug } });
  if (!gpu) return null;
  const rows = await prisma.$queryRaw<
    {
      pricingModel: string;
      currency: string;
      day: Date;
      minPerGpuHour: Prisma.Decimal;
      offers: bigint | number;
    }[]
  >`
    SELECT p."pricingModel"::text AS "pricingModel", p.currency, date_trunc('day', p."observedAt") AS day,
      MIN(p."hourlyAmount" / o."gpuCount") AS "minPerGpuHour", COUNT(DISTINCT o.id) AS offers
    FROM "PriceObservation" p JOIN "Offer" o ON o.id = p."offerId"
    WHERE o."gpuModelId" = ${gpu.id} ${finishedBatchSql}
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
  return {
    gpu: { slug: gpu.slug, name: gpu.name },
    history: rows.map((r) => ({
      pricingModel: r.pricingModel,
      currency: r.currency,
      date: r.day.toISOString().slice(0, 10),
      minPerGpuHour: new Prisma.Decimal(r.minPerGpuHour).toDecimalPlaces(6).toString(),
      offers: Number(r.offers),
    })),
  };
}
