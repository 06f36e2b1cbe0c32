// The current-price read model (CurrentPrice) equals, after every writer, a recomputation from
// the price history written here independently of server/catalog/current-prices.ts: the latest
// observation per offer × pricing model × currency as a DISTINCT ON over PriceObservation, and
// the primaryUsd / primaryCny picks and the copied offer columns computed in JavaScript.
// Writers covered: the seed, a native import, a SkyPilot import, a re-import that lowers a
// price, a new currency for an offer, an offer whose hardware changes, a catalog sync (local
// HTTP server) — and the table's migration over an existing history. PGlite and Postgres.
import { cp, mkdtemp, readdir, readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { seedData } from "../../prisma/seed/index.ts";
import { refreshCurrentPrices, REFRESH_CHUNK } from "../../server/catalog/current-prices.ts";
import { importNativeOffers } from "../../server/catalog/import-native.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { runCatalogSync, type SyncLogger } from "../../server/catalog/sync.ts";
import { defaultSyncManifest } from "../../server/catalog/sync-manifest.ts";
import { applyPendingMigrations, defaultPrismaPaths } from "../../server/db/migrations/migrations.ts";
import { applySeed } from "../../server/db/seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { fixtureCatalog } from "./helpers.ts";

interface Row {
  offerId: string;
  pricingModel: string;
  currency: string;
  hourlyAmount: string;
  observedAt: string;
  sourceUrl: string;
  observationId: string;
  placeholder: boolean;
  primaryUsd: boolean;
  primaryCny: boolean;
  providerId: string;
  regionId: string;
  gpuModelId: string;
  gpuCount: number;
  interconnect: string;
  gpuHour: number | null;
  hourlyRounded: number | null;
  offerFirst: boolean;
}

const order = (a: Row, b: Row) =>
  `${a.offerId}/${a.pricingModel}/${a.currency}` < `${b.offerId}/${b.pricingModel}/${b.currency}` ? -1 : 1;

/** What CurrentPrice must hold, recomputed from the history. */
async function expected(prisma: PrismaClient): Promise<Row[]> {
  const latest = await prisma.$queryRaw<
    (Omit<Row, "placeholder" | "primaryUsd" | "primaryCny" | "gpuHour" | "hourlyRounded" | "offerFirst"> & {
      flags: string[];
    })[]
  >`
    SELECT DISTINCT ON (p."offerId", p."pricingModel", p.currency)
      p."offerId", p."pricingModel"::text AS "pricingModel", p.currency, p."hourlyAmount"::text AS "hourlyAmount",
      to_char(p."observedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS "observedAt", p."sourceUrl", p.id AS "observationId",
      p."qualityFlags" AS flags, o."providerId", o."regionId", o."gpuModelId", o."gpuCount", o.interconnect::text AS interconnect
    FROM "PriceObservation" p JOIN "Offer" o ON o.id = p."offerId"
    ORDER BY p."offerId", p."pricingModel", p.currency, p."observedAt" DESC`;
  // Per offer × pricing model: the shown row in USD is the USD one, else the first other listed
  // currency; in CNY the CNY one, else USD, else the first other; only positive amounts count.
  const groups = new Map<string, typeof latest>();
  for (const r of latest) {
    const k = `${r.offerId}/${r.pricingModel}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const pick = (rows: typeof latest, prefer: string[]) => {
    const positive = rows.filter((r) => Number(r.hourlyAmount) > 0);
    for (const c of prefer) {
      const hit = positive.find((r) => r.currency === c);
      if (hit) return hit;
    }
    return [...positive].sort((a, b) => (a.currency < b.currency ? -1 : 1))[0];
  };
  // Per offer, one row marked: the first by pricing model (the enum's order), then currency.
  const MODELS = ["ON_DEMAND", "SPOT", "RESERVED_1Y", "RESERVED_3Y", "MONTHLY"];
  const firstOf = new Map<string, (typeof latest)[number]>();
  for (const r of latest) {
    const f = firstOf.get(r.offerId);
    const before = (a: typeof r, b: typeof r) =>
      MODELS.indexOf(a.pricingModel) - MODELS.indexOf(b.pricingModel) ||
      (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0);
    if (!f || before(r, f) < 0) firstOf.set(r.offerId, r);
  }
  const out: Row[] = [];
  for (const rows of groups.values()) {
    const usd = pick(rows, ["USD"]);
    const cny = pick(rows, ["CNY", "USD"]);
    for (const { flags, ...r } of rows) {
      out.push({
        ...r,
        placeholder: flags.includes("placeholder_price"),
        primaryUsd: usd?.observationId === r.observationId,
        primaryCny: cny?.observationId === r.observationId,
        // The stored orders: float8 amount per GPU, and the amount rounded half up to 4 places.
        gpuHour: r.gpuCount > 0 ? Number(r.hourlyAmount) / r.gpuCount : null,
        hourlyRounded: new Prisma.Decimal(r.hourlyAmount)
          .toDecimalPlaces(4, Prisma.Decimal.ROUND_HALF_UP)
          .toNumber(),
        offerFirst: firstOf.get(r.offerId)?.observationId === r.observationId,
      });
    }
  }
  return out.sort(order);
}

async function actual(prisma: PrismaClient): Promise<Row[]> {
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT c."offerId", c."pricingModel"::text AS "pricingModel", c.currency, c."hourlyAmount"::text AS "hourlyAmount",
      to_char(c."observedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS "observedAt", c."sourceUrl", c."observationId",
      c.placeholder, c."primaryUsd", c."primaryCny", c."providerId", c."regionId", c."gpuModelId", c."gpuCount",
      c.interconnect::text AS interconnect, c."gpuHour", c."hourlyRounded", c."offerFirst"
    FROM "CurrentPrice" c`;
  return rows.sort(order);
}

async function expectInSync(prisma: PrismaClient, what: string) {
  const want = await expected(prisma);
  expect(want.length, `${what}: the history has current prices`).toBeGreaterThan(0);
  expect(await actual(prisma), what).toEqual(want);
}

const NATIVE_HEAD =
  "provider,provider_name,region,region_name,country,continent,instance_type,gpu,gpu_count,gpu_memory_gb,vcpus,ram_gb,interconnect,pricing_model,price,currency,price_unit,observed_at,source_url";
const native = (lines: string[]) => [NATIVE_HEAD, ...lines].join("\n") + "\n";
const YUN = "yunfix,Yun Fixture,cn-bj-1,Beijing 1,CN,ASIA";

async function currentOf(prisma: PrismaClient, instanceType: string) {
  return prisma.currentPrice.findMany({
    where: { offer: { instanceType } },
    orderBy: [{ pricingModel: "asc" }, { currency: "asc" }],
  });
}

const quiet: SyncLogger = { info: () => {}, error: () => {} };

describe.each(testDbKinds)("CurrentPrice kept in sync by every writer on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("after the seed, and seeding twice changes nothing", async () => {
    await applySeed(db.prisma, seedData);
    await expectInSync(db.prisma, "seed");
    const before = await actual(db.prisma);
    await applySeed(db.prisma, seedData);
    expect(await actual(db.prisma)).toEqual(before);
  });

  it("after a native import", async () => {
    const result = await importNativeOffers(db.prisma, "native.csv", {
      text: native([
        `${YUN},gn8.8xh100,H100 SXM,8,80,128,1024,NVLINK,on_demand,180.00,CNY,hour,2026-11-01,https://yunfix.example/pricing`,
        `${YUN},gn8.8xh100,H100 SXM,8,80,128,1024,NVLINK,spot,90.00,CNY,hour,2026-11-01,https://yunfix.example/pricing`,
        `${YUN},gn8.1xl4,L4,1,24,8,32,,on_demand,6.00,CNY,hour,2026-11-01,https://yunfix.example/pricing`,
      ]),
    });
    expect(result.report.rowsImported).toBe(3);
    await expectInSync(db.prisma, "native import");
    const h100 = await currentOf(db.prisma, "gn8.8xh100");
    expect(
      h100.map((r) => [r.pricingModel, r.currency, r.hourlyAmount.toString(), r.primaryUsd, r.primaryCny]),
    ).toEqual([
      ["ON_DEMAND", "CNY", "180", true, true],
      ["SPOT", "CNY", "90", true, true],
    ]);
  });

  it("after a SkyPilot import, and a re-import that lowers a price", async () => {
    await importSkypilot(db.prisma, [fixtureCatalog("good-vms.csv", "goodcloud", "2026-11-01T00:00:00Z")]);
    await expectInSync(db.prisma, "SkyPilot import");
    const first = await currentOf(db.prisma, "8x-H100-SXM");
    expect(first.map((r) => [r.pricingModel, r.hourlyAmount.toString()])).toEqual([
      ["ON_DEMAND", "23.92"],
      ["SPOT", "12"],
    ]);
    await importSkypilot(db.prisma, [fixtureCatalog("newer-vms.csv", "goodcloud", "2026-11-10T00:00:00Z")]);
    await expectInSync(db.prisma, "SkyPilot re-import");
    const lowered = await currentOf(db.prisma, "8x-H100-SXM");
    expect(lowered.map((r) => [r.pricingModel, r.hourlyAmount.toString()])).toEqual([
      ["ON_DEMAND", "19.92"],
      ["SPOT", "9.5"],
    ]);
  });

  it("after an import with a new currency for the same offer (the USD row becomes primary in USD)", async () => {
    await importNativeOffers(db.prisma, "native-usd.csv", {
      text: native([
        `${YUN},gn8.8xh100,H100 SXM,8,80,128,1024,NVLINK,on_demand,25.00,USD,hour,2026-11-05,https://yunfix.example/pricing`,
      ]),
    });
    await expectInSync(db.prisma, "new currency");
    const h100 = await currentOf(db.prisma, "gn8.8xh100");
    expect(
      h100.map((r) => [r.pricingModel, r.currency, r.hourlyAmount.toString(), r.primaryUsd, r.primaryCny]),
    ).toEqual([
      ["ON_DEMAND", "CNY", "180", false, true],
      ["ON_DEMAND", "USD", "25", true, false],
      ["SPOT", "CNY", "90", true, true],
    ]);
  });

  it("after an offer's hardware changes (GPU count and model copied into every current row)", async () => {
    await importNativeOffers(db.prisma, "native-hw.csv", {
      text: native([
        `${YUN},gn8.1xl4,L4,2,24,16,64,,on_demand,6.00,CNY,hour,2026-11-01,https://yunfix.example/pricing`,
      ]),
    });
    await expectInSync(db.prisma, "hardware change");
    const l4 = await currentOf(db.prisma, "gn8.1xl4");
    expect(l4.map((r) => r.gpuCount)).toEqual([2]);
  });

  it("after a catalog sync (local HTTP server)", async () => {
    const text = (await readFile(path.join(import.meta.dirname, "fixtures", "good-vms.csv"), "utf8")).replace(
      ",0.80,0.30,",
      ",0.70,0.25,",
    );
    const server = http.createServer((req, res) => {
      if (req.url === "/catalogs/v8/synccloud/vms.csv") {
        res
          .writeHead(200, { "content-type": "text/csv", "last-modified": "Tue, 24 Nov 2026 08:00:00 GMT" })
          .end(text);
      } else res.writeHead(404).end("not found");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const manifest = defaultSyncManifest({
        baseUrl: `${base}/catalogs/v8`,
        dataBaseUrl: `${base}/data`,
        clouds: ["synccloud"],
      });
      const result = await runCatalogSync(db, { manifest, intervalMinutes: 0, timeoutMs: 5_000, log: quiet });
      expect(result.status).toBe("done");
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    await expectInSync(db.prisma, "sync");
    const l4 = await db.prisma.currentPrice.findMany({
      where: { offer: { instanceType: "1x-L4", provider: { slug: "synccloud" } } },
      orderBy: { pricingModel: "asc" },
    });
    expect(l4.map((r) => [r.pricingModel, r.hourlyAmount.toString()])).toEqual([
      ["ON_DEMAND", "0.7"],
      ["SPOT", "0.25"],
    ]);
  });

  it("refreshCurrentPrices re-derives the same rows for every offer, and in chunks of many ids", async () => {
    const before = await actual(db.prisma);
    await db.prisma.$executeRaw`DELETE FROM "CurrentPrice"`;
    await refreshCurrentPrices(db.prisma, "all");
    expect(await actual(db.prisma)).toEqual(before);
    await db.prisma.$executeRaw`DELETE FROM "CurrentPrice"`;
    const ids = (await db.prisma.offer.findMany({ select: { id: true } })).map((o) => o.id);
    // More ids than one chunk: unknown ids pad the list, every real offer is still refreshed.
    const padded = [...Array.from({ length: REFRESH_CHUNK }, (_, i) => `missing-${i}`), ...ids];
    await db.prisma.$transaction((tx) => refreshCurrentPrices(tx, padded));
    expect(await actual(db.prisma)).toEqual(before);
  });
});

describe.each(testDbKinds)("the CurrentPrice migration over an existing history on %s", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind, { migrate: false });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("fills the table exactly as the recomputation from the history", async () => {
    // The history up to the migration before CurrentPrice.
    const real = defaultPrismaPaths();
    const dir = await mkdtemp(path.join(os.tmpdir(), "gpu-scout-current-price-"));
    const migrationsDir = path.join(dir, "migrations");
    await cp(real.migrationsDir, migrationsDir, {
      recursive: true,
      filter: (src) => {
        const name = path.relative(real.migrationsDir, src).split(path.sep)[0] ?? "";
        return !/^\d{14}_/.test(name) || name < "20261204100000_current_price";
      },
    });
    expect((await readdir(migrationsDir)).includes("20261204100000_current_price")).toBe(false);
    await applyPendingMigrations(db.adapterFactory, { schemaPath: real.schemaPath, migrationsDir });

    const p = db.prisma;
    await p.provider.createMany({
      data: [
        {
          id: "pv1",
          slug: "pv1",
          nameEn: "P1",
          nameZh: "P1",
          kind: "GPU_CLOUD",
          hqCountry: "US",
          website: "",
        },
        {
          id: "pv2",
          slug: "pv2",
          nameEn: "P2",
          nameZh: "P2",
          kind: "GPU_CLOUD",
          hqCountry: "CN",
          website: "",
        },
      ],
    });
    await p.region.createMany({
      data: [
        { id: "rg1", providerId: "pv1", code: "us-1", name: "US 1", continent: "NORTH_AMERICA" },
        { id: "rg2", providerId: "pv2", code: "cn-1", name: "CN 1", continent: "ASIA" },
      ],
    });
    await p.gpuModel.createMany({
      data: [
        {
          id: "g1",
          slug: "x-1",
          name: "X 1",
          family: "X",
          vendor: "NVIDIA",
          architecture: "Test",
          memoryGb: 80,
          formFactor: "SXM",
          sourceUrl: "https://example.com/x",
        },
      ],
    });
    const offer = (id: string, providerId: string, regionId: string, gpuCount: number) => ({
      id,
      providerId,
      regionId,
      instanceType: id,
      gpuModelId: "g1",
      gpuCount,
      interconnect: gpuCount > 1 ? ("NVLINK" as const) : ("PCIE" as const),
      sourceUrl: "https://example.com/o",
    });
    await p.offer.createMany({
      data: [
        offer("o1", "pv1", "rg1", 8),
        offer("o2", "pv2", "rg2", 1),
        offer("o3", "pv2", "rg2", 2),
        offer("o4", "pv1", "rg1", 1),
      ],
    });
    const at = (d: string) => new Date(`${d}T00:00:00Z`);
    const price = (
      id: string,
      offerId: string,
      pricingModel: "ON_DEMAND" | "SPOT",
      hourlyAmount: string,
      currency: string,
      day: string,
      qualityFlags: string[] = [],
    ) => ({
      id,
      offerId,
      pricingModel,
      hourlyAmount,
      currency,
      observedAt: at(day),
      sourceUrl: `https://example.com/${id}`,
      qualityFlags,
    });
    await p.priceObservation.createMany({
      data: [
        // o1: a lowered USD price, a CNY price, a spot price that is now a placeholder.
        price("a1", "o1", "ON_DEMAND", "30", "USD", "2026-10-01"),
        price("a2", "o1", "ON_DEMAND", "25", "USD", "2026-11-01"),
        price("a3", "o1", "ON_DEMAND", "170", "CNY", "2026-10-15"),
        price("a4", "o1", "SPOT", "10", "USD", "2026-10-01"),
        price("a5", "o1", "SPOT", "1", "USD", "2026-11-01", ["placeholder_price"]),
        // o2: EUR and GBP only → EUR first in both views; a zero USD price is never primary.
        price("b1", "o2", "ON_DEMAND", "3", "GBP", "2026-11-01"),
        price("b2", "o2", "ON_DEMAND", "4", "EUR", "2026-11-01"),
        price("b3", "o2", "ON_DEMAND", "0", "USD", "2026-11-01"),
        // o3: only a zero price → a row, never primary.
        price("c1", "o3", "ON_DEMAND", "0", "CNY", "2026-11-01"),
        // o4: the latest USD price is an older undated one vs a newer dated one.
        price("d1", "o4", "ON_DEMAND", "2", "USD", "1970-01-01"),
        price("d2", "o4", "ON_DEMAND", "2.5", "USD", "2026-11-20"),
      ],
    });

    // Now the CurrentPrice migration (and whatever follows it).
    const applied = await applyPendingMigrations(db.adapterFactory, real);
    expect(applied[0]).toBe("20261204100000_current_price");
    const want = await expected(p);
    expect(want.length).toBe(8);
    expect(await actual(p)).toEqual(want);
    const o2 = want.filter((r) => r.offerId === "o2");
    expect(o2.map((r) => [r.currency, r.primaryUsd, r.primaryCny])).toEqual([
      ["EUR", true, true],
      ["GBP", false, false],
      ["USD", false, false],
    ]);

    // refreshCurrentPrices states the same semantics as the migration.
    await p.$executeRaw`DELETE FROM "CurrentPrice"`;
    await refreshCurrentPrices(p, ["o1", "o2", "o3", "o4"]);
    expect(await actual(p)).toEqual(want);
  });
});
