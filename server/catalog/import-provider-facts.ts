// Provider facts CSV (provider,fact,value,unit,as_of,source_url,quote) → ProviderFact rows,
// keyed (provider, fact, scope). An SLA row whose unit names its level (region- or
// instance-level) always gets that scope — the same key and scope as the curated seed, so an
// import never adds an unscoped copy next to it (an unscoped copy an older import left is
// removed). Other rows for one fact of one provider get a scope from their unit text. Facts
// are current statements: a changed value updates the fact (with this batch as its
// provenance); the same file twice changes nothing.
import { readFile } from "node:fs/promises";

import { readCsvTable } from "../../lib/catalog/csv-table.ts";
import { futureObservation, REJECT } from "../../lib/catalog/quality-rules.ts";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { addRejections, bump } from "./import-report.ts";
import { runImport, type ImportResult } from "./run-import.ts";
import { ensureProvider } from "./write-offers.ts";
import { cloudSlug } from "./catalog-source.ts";
import { SLA_FACT_KEY } from "../../lib/scoring/sla.ts";
import { FACT_KEYS, isFactKey } from "../../prisma/seed/fact-keys.ts";

/** How a yes/no fact's value must start (lib/scoring/dimensions.ts reads the same words). */
const YES_NO_VALUE = /^(yes|no|partial|in progress)\b/i;
export const YES_NO_UNCLEAR = "yes_no_value_unclear";
/** Keys stated as a number first ("15 minutes (Enterprise)", "400 Gb/s per GPU"): that number is the numeric value. */
const LEADING_NUMBER_KEYS = new Set(["support_response_minutes", "infiniband_rdma"]);

const PROVIDER_ALIASES: Record<string, string> = {
  aws: "aws",
  "amazon web services": "aws",
  "google cloud": "gcp",
  gcp: "gcp",
  "microsoft azure": "azure",
  azure: "azure",
  "alibaba cloud": "alibaba",
  "tencent cloud": "tencent",
  "vast.ai": "vast",
  "oracle oci": "oci",
  oracle: "oci",
};

/** "region" / "instance" when an SLA row's unit names its level, else "". */
export function slaLevelFromUnit(unit: string): "region" | "instance" | "" {
  const u = unit.toLowerCase();
  if (/region-level|multiple zones|across 2\+|multi-?zone/.test(u)) return "region";
  if (/instance-level|single/.test(u)) return "instance";
  return "";
}

export function scopeFromUnit(unit: string): string {
  const u = unit.toLowerCase();
  const level = slaLevelFromUnit(u);
  if (level) return level;
  return (/\(([^)]*)\)/.exec(u)?.[1] ?? "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}

function differs(
  existing: { value: string; numericValue: Prisma.Decimal | null; unit: string | null },
  wanted: { value: string; numericValue: Prisma.Decimal | null; unit: string | null },
): boolean {
  if (existing.numericValue && wanted.numericValue) return !existing.numericValue.equals(wanted.numericValue);
  return existing.value !== wanted.value;
}

export async function importProviderFacts(
  prisma: PrismaClient,
  file: string,
  options: { text?: string; createdById?: string } = {},
): Promise<ImportResult> {
  const text = options.text ?? (await readFile(file, "utf8"));
  return runImport(
    prisma,
    { kind: "PROVIDER_FACTS", source: file, createdById: options.createdById },
    async (tx, report, batchId) => {
      const { records } = readCsvTable(text, ["provider", "fact", "value", "source_url"]);
      report.rowsRead = records.length;
      const providers = await tx.provider.findMany();
      const slugFor = (name: string) => {
        const n = name.trim().toLowerCase();
        const hit = providers.find((p) => p.slug === n || p.nameEn.toLowerCase() === n);
        return hit?.slug ?? PROVIDER_ALIASES[n] ?? cloudSlug(name);
      };
      const used = new Set<string>();
      const rejections = [];
      for (const { row, values: v } of records) {
        const name = (v.provider ?? "").trim();
        const key = (v.fact ?? "").trim();
        const value = (v.value ?? "").trim();
        const sourceUrl = (v.source_url ?? "").trim();
        if (!name || !key || !value || !/^https?:\/\//.test(sourceUrl)) {
          rejections.push({
            row,
            reason: "missing_field",
            detail: "provider, fact, value and an http(s) source_url are required",
          });
          continue;
        }
        // A yes/no key (issue 27's security, scaling and support keys among them) must say which:
        // a value the scoring and the matrix filters cannot read as yes, partial or no is refused
        // rather than stored as silent "evidence".
        if (isFactKey(key) && FACT_KEYS[key] === "yes/no" && !YES_NO_VALUE.test(value)) {
          rejections.push({
            row,
            reason: YES_NO_UNCLEAR,
            detail: `${key}: "${value.slice(0, 60)}" starts with neither yes, no, partial nor in progress`,
          });
          continue;
        }
        const asOfText = (v.as_of ?? "").trim();
        const asOfMatch = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(asOfText);
        const asOf = asOfMatch
          ? new Date(Date.UTC(Number(asOfMatch[1]), Number(asOfMatch[2] ?? 1) - 1, Number(asOfMatch[3] ?? 1)))
          : null;
        const future = asOf ? futureObservation(asOf) : null;
        if (future) {
          rejections.push({ row, reason: REJECT.observedInFuture, detail: `as_of: ${future}` });
          continue;
        }
        const provider = await ensureProvider(tx, slugFor(name), sourceUrl, report, name);
        if (!providers.includes(provider)) providers.push(provider);
        const unit = (v.unit ?? "").trim();
        let scope: string = key === SLA_FACT_KEY ? slaLevelFromUnit(unit) : "";
        if (!scope && used.has(`${provider.id}/${key}/`)) scope = scopeFromUnit(unit) || `row-${row}`;
        let k = `${provider.id}/${key}/${scope}`;
        if (used.has(k)) {
          scope = `${scope ? `${scope}-` : ""}row-${row}`;
          k = `${provider.id}/${key}/${scope}`;
        }
        used.add(k);
        const leading = LEADING_NUMBER_KEYS.has(key)
          ? /^(\d+(?:\.\d+)?)(?![\d.])/.exec(value)?.[1]
          : undefined;
        const numeric = /^-?\d+(?:\.\d+)?$/.test(value)
          ? new Prisma.Decimal(value)
          : leading
            ? new Prisma.Decimal(leading)
            : null;
        const wanted = {
          value,
          numericValue: numeric,
          unit: unit || null,
          asOf,
          sourceUrl,
          quote: (v.quote ?? "").trim() || null,
        };
        const existing = await tx.providerFact.findUnique({
          where: { providerId_key_scope: { providerId: provider.id, key, scope } },
        });
        report.rowsImported++;
        if (!existing) {
          await tx.providerFact.create({
            data: { providerId: provider.id, key, scope, ...wanted, sourceRow: row, importBatchId: batchId },
          });
          bump(report.created, "facts");
        } else if (differs(existing, wanted)) {
          // A fact is replaced only by a newer statement (later as_of); otherwise the stored
          // one (often curated, with richer wording) stays and the difference is reported.
          const newer = asOf !== null && (existing.asOf === null || asOf > existing.asOf);
          if (newer) {
            await tx.providerFact.update({
              where: { id: existing.id },
              data: { ...wanted, sourceRow: row, importBatchId: batchId },
            });
            bump(report.updated, "facts");
          } else {
            bump(report.correctionsByRule, "fact_differs_kept_stored");
            report.corrections.push({
              row,
              rule: "fact_differs_kept_stored" as never,
              detail: `${provider.slug} ${key}${scope ? ` (${scope})` : ""}: stored "${existing.value}", file "${value}" is not newer`,
            });
          }
        } else bump(report.unchanged, "facts");
        if (scope && key === SLA_FACT_KEY) {
          // An unscoped copy of this statement written by an earlier import (the old scoping
          // gave the first of two SLA rows no scope) is the same fact twice: remove it.
          const removed = await tx.providerFact.deleteMany({
            where: {
              providerId: provider.id,
              key,
              scope: "",
              importBatchId: { not: null },
              ...(numeric ? { numericValue: numeric } : { value }),
            },
          });
          if (removed.count > 0) {
            bump(report.correctionsByRule, "duplicate_unscoped_fact_removed", removed.count);
            report.corrections.push({
              row,
              rule: "duplicate_unscoped_fact_removed" as never,
              detail: `${provider.slug} ${key}: removed the unscoped copy of the ${scope}-level fact`,
            });
          }
        }
      }
      addRejections(report, rejections);
    },
  );
}
