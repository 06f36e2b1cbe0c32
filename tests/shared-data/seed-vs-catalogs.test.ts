// The curated seed's catalog-derived prices must be found in the public catalogs they cite
// (../shared/data holds copies of those files). Skips, saying why, where ../shared is absent.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { parseCsvRecords } from "../../lib/catalog/csv.ts";
import { seedData } from "../../prisma/seed/index.ts";
import type { SeedOffer } from "../../prisma/seed/types.ts";

const sharedData = path.resolve(process.cwd(), "..", "shared", "data");
const available = existsSync(sharedData);
if (!available) {
  console.info(
    `[tests] ${sharedData} is absent: the seed-vs-public-catalog checks are skipped (CI runs them).`,
  );
}

// Catalog path in the cited URL → the copy in ../shared/data. GCP is left out: its prices are
// joins of host-VM rows and per-GPU rows, checked by hand in prisma/seed/data comments.
const copies: [RegExp, string][] = [
  [/catalogs\/v8\/(\w+)\/vms\.csv$/, "skypilot-catalog/v8/$1/vms.csv"],
  [/catalogs\/v5\/aws\/vms\.csv$/, "hyperscalers/aws_skypilot_v5_vms_gpu_rows.csv"],
  [/catalogs\/v5\/azure\/az_ml_vms\.csv$/, "hyperscalers/azure_az_ml_vms_v5_gpu_rows.csv"],
];

function copyFor(url: string): string | undefined {
  for (const [pattern, target] of copies) {
    const match = pattern.exec(url);
    if (match) return target.replace("$1", match[1] ?? "");
  }
  return undefined;
}

const cache = new Map<string, Record<string, string>[]>();
function rowsOf(file: string): Record<string, string>[] {
  let rows = cache.get(file);
  if (!rows) {
    rows = parseCsvRecords(readFileSync(path.join(sharedData, file), "utf8"));
    cache.set(file, rows);
  }
  return rows;
}

const checked: [string, SeedOffer, string][] = seedData.offers.flatMap((offer) => {
  const file = copyFor(offer.sourceUrl);
  return file
    ? [
        [`${offer.provider} ${offer.region} ${offer.instanceType}`, offer, file] as [
          string,
          SeedOffer,
          string,
        ],
      ]
    : [];
});

describe.skipIf(!available)("seed prices against the public catalogs they cite", () => {
  it("covers the catalog-derived offers of several providers", () => {
    const providers = new Set(checked.map(([, offer]) => offer.provider));
    expect(providers.size).toBeGreaterThanOrEqual(4);
    expect(checked.length).toBeGreaterThanOrEqual(50);
  });

  it.each(checked)("%s", (_name, offer, file) => {
    const rows = rowsOf(file).filter(
      (r) => r.InstanceType === offer.instanceType && r.Region === offer.region,
    );
    expect(rows.length, `no row for ${offer.instanceType} in ${offer.region} in ${file}`).toBeGreaterThan(0);
    const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
    for (const price of offer.prices) {
      const value = Number(price.hourly);
      if (price.model === "ON_DEMAND") {
        expect(
          rows.some((r) => near(Number(r.Price), value)),
          `on-demand ${price.hourly} not in catalog`,
        ).toBe(true);
      } else if (price.model === "SPOT") {
        const spots = rows
          .map((r) => r.SpotPrice ?? "")
          .filter((s) => s !== "")
          .map(Number);
        // AWS lists spot per availability zone; the seed takes the cheapest zone.
        expect(
          near(Math.min(...spots), value),
          `spot ${price.hourly} is not the cheapest listed (${spots.join(", ")})`,
        ).toBe(true);
      }
    }
  });
});
