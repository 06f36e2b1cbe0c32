// Spot interruption evidence for offers: the latest AWS Spot Advisor snapshot row of each
// offer's provider × region code × instance type (Linux). One query for any number of offers.
import type { PrismaClient } from "../../generated/prisma/client.ts";
import {
  advisorBucketRate,
  SPOT_ADVISOR_BUCKETS,
  type SpotAdvisorBucket,
  type SpotEvidenceInput,
} from "../../lib/tco/spot.ts";

export interface SpotEvidenceView {
  source: "aws_spot_advisor";
  bucket: SpotAdvisorBucket;
  /** "<5%", "5-10%", … as AWS labels the bucket. */
  label: string;
  savingsPercent: number | null;
  /** The snapshot's date, YYYY-MM-DD. */
  asOf: string;
  sourceUrl: string;
  /** λ per hour by the stated conversion (lib/tco/spot.ts advisorBucketRate); a floor when atLeast. */
  lambdaPerHour: number;
  atLeast: boolean;
}

interface Row {
  offerId: string;
  bucket: number;
  savingsPercent: number | null;
  asOf: Date;
  sourceUrl: string;
}

export function toEvidenceInput(e: SpotEvidenceView): SpotEvidenceInput {
  return { source: e.source, bucket: e.bucket, asOf: e.asOf, sourceUrl: e.sourceUrl };
}

/** Per offer id: its evidence, for offers that have any (others are absent, never "0"). */
export async function loadSpotEvidence(
  db: Pick<PrismaClient, "$queryRaw">,
  offerIds: readonly string[],
): Promise<Map<string, SpotEvidenceView>> {
  const out = new Map<string, SpotEvidenceView>();
  if (offerIds.length === 0) return out;
  const rows = await db.$queryRaw<Row[]>`
    SELECT DISTINCT ON (o.id) o.id AS "offerId", e.bucket, e."savingsPercent", e."asOf", e."sourceUrl"
    FROM "Offer" o
    JOIN "Region" r ON r.id = o."regionId"
    JOIN "SpotInterruptionEvidence" e
      ON e."providerId" = o."providerId" AND e."regionCode" = r.code AND e."instanceType" = o."instanceType"
     AND e.os = 'Linux'
    WHERE o.id = ANY(${[...offerIds]}::text[])
    ORDER BY o.id, e."asOf" DESC`;
  for (const row of rows) {
    const bucket = row.bucket as SpotAdvisorBucket;
    const rate = advisorBucketRate(bucket);
    out.set(row.offerId, {
      source: "aws_spot_advisor",
      bucket,
      label: SPOT_ADVISOR_BUCKETS[bucket].label,
      savingsPercent: row.savingsPercent,
      asOf: new Date(row.asOf).toISOString().slice(0, 10),
      sourceUrl: row.sourceUrl,
      lambdaPerHour: rate.lambdaPerHour,
      atLeast: rate.atLeast,
    });
  }
  return out;
}

/** `{ spotEvidence }` for a TcoOffer when the offer has evidence, else nothing. */
export function withSpotEvidence(e: SpotEvidenceView | undefined): { spotEvidence?: SpotEvidenceInput } {
  return e ? { spotEvidence: toEvidenceInput(e) } : {};
}

/** Every offer's latest bucket (the matrix shows thousands of offers: one query, no id list). */
export async function loadAllSpotBuckets(
  db: PrismaClient,
): Promise<{ buckets: Map<string, number>; asOf: string | null; sourceUrl: string | null }> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT DISTINCT ON (o.id) o.id AS "offerId", e.bucket, e."savingsPercent", e."asOf", e."sourceUrl"
    FROM "SpotInterruptionEvidence" e
    JOIN "Region" r ON r."providerId" = e."providerId" AND r.code = e."regionCode"
    JOIN "Offer" o ON o."regionId" = r.id AND o."instanceType" = e."instanceType"
    WHERE e.os = 'Linux'
    ORDER BY o.id, e."asOf" DESC`;
  const buckets = new Map<string, number>();
  let latest: Row | null = null;
  for (const row of rows) {
    buckets.set(row.offerId, row.bucket);
    if (!latest || new Date(row.asOf) > new Date(latest.asOf)) latest = row;
  }
  return {
    buckets,
    asOf: latest ? new Date(latest.asOf).toISOString().slice(0, 10) : null,
    sourceUrl: latest?.sourceUrl ?? null,
  };
}
