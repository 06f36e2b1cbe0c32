// A generated SkyPilot-format catalog (deterministic: the same rows every run) for the import
// and query benchmarks: `offers` rows over `clouds` providers, 10 GPU kinds, 25 regions.
import { seedData } from "../../prisma/seed/index.ts";
import type { CatalogFile } from "../../server/catalog/catalog-source.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import type { Database } from "../../server/db/connect.ts";
import { applyPendingMigrations } from "../../server/db/migrations/migrations.ts";
import { applySeed } from "../../server/db/seed.ts";

// Deterministic pseudo-random numbers (mulberry32), so every run benchmarks the same catalog.
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GPUS: [name: string, mib: number, usdPerGpuHour: number][] = [
  ["H100", 81920, 2.5],
  ["H200", 144384, 3.5],
  ["A100-80GB", 81920, 1.6],
  ["A100", 40960, 1.2],
  ["L40S", 46068, 1.0],
  ["L4", 23034, 0.5],
  ["RTX4090", 24564, 0.4],
  ["B200", 183296, 5.5],
  ["MI300X", 196608, 3.0],
  ["T4", 15360, 0.3],
];

export function generatedCatalogs(offers: number, clouds: number): CatalogFile[] {
  const rand = random(42);
  const perCloud = Math.ceil(offers / clouds);
  const observedAt = new Date(new Date().toISOString().slice(0, 10));
  return Array.from({ length: clouds }, (_, c) => {
    // Columns in another order than the public catalogs: the importer reads any order.
    const lines = [
      "AcceleratorName,InstanceType,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region",
    ];
    for (let i = 0; i < perCloud && c * perCloud + i < offers; i++) {
      const [name, mib, usd] = GPUS[i % GPUS.length] as (typeof GPUS)[number];
      const count = [1, 2, 4, 8][Math.floor(rand() * 4)] as number;
      const price = (usd * count * (0.6 + rand() * 0.9)).toFixed(4);
      const spot = rand() < 0.5 ? (Number(price) * (0.3 + rand() * 0.4)).toFixed(4) : "";
      const info = `"{'Gpus': [{'Name': '${name}', 'Count': ${count}, 'MemoryInfo': {'SizeInMiB': ${mib}}}], 'TotalGpuMemoryInMiB': ${mib * count}}"`;
      lines.push(
        `${name},${count}x-${name}-v${i},${count},${count * 16},${count * 128},${info},${price},${spot},region-${i % 25}`,
      );
    }
    return { name: `generated/bench${c}/vms.csv`, cloud: `bench${c}`, text: lines.join("\n"), observedAt };
  });
}

/**
 * A benchmark database: migrated, seeded, and a generated catalog of `size` offers over
 * `clouds` providers imported through the real importer (timed).
 */
export async function prepareGeneratedDatabase(
  db: Database,
  size: number,
  clouds = 40,
): Promise<{ importMs: number; offers: number }> {
  await applyPendingMigrations(db.adapterFactory);
  await applySeed(db.prisma, seedData);
  const catalogs = generatedCatalogs(size, clouds);
  const started = performance.now();
  await importSkypilot(db.prisma, catalogs);
  const importMs = performance.now() - started;
  return { importMs, offers: await db.prisma.offer.count() };
}
