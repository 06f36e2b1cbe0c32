// AWS Spot Instance Advisor feed (spot-advisor-data.json: the JSON behind
// https://aws.amazon.com/ec2/spot/instance-advisor/) → SpotInterruptionEvidence rows, one per
// region × instance type × OS, with the snapshot's date. A snapshot is evidence as of its date:
// an import adds it and never overwrites an older one; the same snapshot twice changes nothing.
// Rows link to AWS offers by region code + instance type (lib/tco/spot.ts converts a bucket).
import { readFile } from "node:fs/promises";

import { z } from "zod";

import type { RowProblem } from "../../lib/catalog/csv-table.ts";
import { futureObservation } from "../../lib/catalog/quality-rules.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { addRejections, bump } from "./import-report.ts";
import { runImport, type ImportResult } from "./run-import.ts";
import { ensureProvider } from "./write-offers.ts";

/** Where the figures are defined and published (the feed has no URL of its own in the file). */
export const SPOT_ADVISOR_URL = "https://aws.amazon.com/ec2/spot/instance-advisor/";

const feedSchema = z.object({
  ranges: z.array(z.object({ index: z.number(), label: z.string() })).optional(),
  spot_advisor: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.unknown()))),
});

const cellSchema = z.object({
  r: z.number().int().min(0).max(4),
  s: z.number().int().optional(),
});

const REGION = /^[a-z]{2}(-[a-z]+)+-\d+$/;
const INSTANCE_TYPE = /^[a-z0-9-]+\.[a-z0-9-]+$/;

export interface SpotAdvisorRow {
  regionCode: string;
  instanceType: string;
  os: string;
  bucket: number;
  savingsPercent: number | null;
}

/** Rows of the feed for the given operating systems; malformed cells are problems, not guesses. */
export function parseSpotAdvisor(
  json: unknown,
  oses: readonly string[] = ["Linux"],
): { rows: SpotAdvisorRow[]; problems: RowProblem[]; read: number; corrections: RowProblem[] } {
  const feed = feedSchema.safeParse(json);
  if (!feed.success)
    throw new Error(`not a Spot Advisor feed: ${feed.error.issues[0]?.message ?? "bad shape"}`);
  const rows: SpotAdvisorRow[] = [];
  const problems: RowProblem[] = [];
  const corrections: RowProblem[] = [];
  let read = 0;
  for (const [regionCode, byOs] of Object.entries(feed.data.spot_advisor).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    for (const os of oses) {
      for (const [instanceType, cell] of Object.entries(byOs[os] ?? {})) {
        read += 1;
        const parsed = cellSchema.safeParse(cell);
        if (!REGION.test(regionCode)) {
          problems.push({ row: read, reason: "bad_region", detail: `${regionCode} ${instanceType}` });
        } else if (!INSTANCE_TYPE.test(instanceType)) {
          problems.push({ row: read, reason: "bad_instance_type", detail: `${regionCode} ${instanceType}` });
        } else if (!parsed.success) {
          problems.push({
            row: read,
            reason: "bad_bucket",
            detail: `${regionCode} ${instanceType}: ${JSON.stringify(cell)}`,
          });
        } else {
          // A saving outside 0–100 % (the real feed has ca-central-1 p5.48xlarge at −62) is a defect
          // of that figure only: the bucket is kept, the saving dropped (unknown, never clamped).
          const s = parsed.data.s;
          const savingsPercent = s !== undefined && s >= 0 && s <= 100 ? s : null;
          if (s !== undefined && savingsPercent === null)
            corrections.push({
              row: read,
              reason: "savings_out_of_range",
              detail: `${regionCode} ${instanceType}: s ${s}`,
            });
          rows.push({ regionCode, instanceType, os, bucket: parsed.data.r, savingsPercent });
        }
      }
    }
  }
  return { rows, problems, read, corrections };
}

export interface SpotAdvisorOptions {
  /** The snapshot's date (the feed states none): required, never "today" by default. */
  asOf: Date;
  sourceUrl?: string;
  /** Provider slug the evidence belongs to. */
  provider?: string;
  oses?: string[];
}

export async function importSpotAdvisor(
  prisma: PrismaClient,
  file: string,
  options: SpotAdvisorOptions,
): Promise<ImportResult> {
  if (Number.isNaN(options.asOf.getTime())) throw new Error("the Spot Advisor snapshot needs a date");
  const future = futureObservation(options.asOf);
  if (future) throw new Error(`the Spot Advisor snapshot date is in the future (${future})`);
  const text = await readFile(file, "utf8");
  const sourceUrl = options.sourceUrl ?? SPOT_ADVISOR_URL;
  return runImport(prisma, { kind: "SPOT_ADVISOR", source: file }, async (tx, report, batchId) => {
    report.observedAt = options.asOf.toISOString();
    const { rows, problems, read, corrections } = parseSpotAdvisor(JSON.parse(text) as unknown, options.oses);
    report.rowsRead = read;
    addRejections(report, problems);
    for (const c of corrections) bump(report.correctionsByRule, c.reason);
    const provider = await ensureProvider(
      tx,
      options.provider ?? "aws",
      sourceUrl,
      report,
      "Amazon Web Services",
    );
    const CHUNK = 2000;
    let created = 0;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const r = await tx.spotInterruptionEvidence.createMany({
        data: rows.slice(i, i + CHUNK).map((row) => ({
          providerId: provider.id,
          ...row,
          asOf: options.asOf,
          sourceUrl,
          importBatchId: batchId,
        })),
        skipDuplicates: true,
      });
      created += r.count;
    }
    report.rowsImported = rows.length;
    bump(report.created, "spotEvidence", created);
    bump(report.unchanged, "spotEvidence", rows.length - created);
    report.files.push({
      file: report.source,
      cloud: options.provider ?? "aws",
      rowsRead: read,
      rowsImported: rows.length,
      rowsRejected: problems.length,
      rowsSkipped: 0,
      observedAt: options.asOf.toISOString(),
    });
  });
}
