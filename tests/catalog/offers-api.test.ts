// The offers API returns exactly what a direct computation over the imported data returns.
// The expected lists are computed here, independently of the SQL in server/catalog.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { Prisma } from "../../generated/prisma/client.ts";
import { GET as getExport } from "../../app/api/v1/offers/export/route.ts";
import { GET as getOffers } from "../../app/api/v1/offers/route.ts";
import { buildOpenApiDocument } from "../../server/api/openapi.ts";
import { apiOperations } from "../../server/api/operations.ts";
import { readCatalogPath } from "../../server/catalog/catalog-source.ts";
import { exportOffers } from "../../server/catalog/export-offers.ts";
import { getOffer } from "../../server/catalog/get-offer.ts";
import { importNativeOffers } from "../../server/catalog/import-native.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import { getGpuPriceHistory, listGpus } from "../../server/catalog/list-gpus.ts";
import {
  exportQuerySchema,
  offersQuerySchema,
  type OffersQuery,
} from "../../server/catalog/offers.validation.ts";
import { queryOffers } from "../../server/catalog/query-offers.ts";
import { applySeed } from "../../server/db/seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { fixture, fixtureCatalog, gpuModelsOnly, sharedData } from "./helpers.ts";

const NOW = new Date("2026-11-30T12:00:00Z");
const withShared = existsSync(sharedData);

type Loaded = Awaited<ReturnType<typeof loadAll>>;
async function loadAll(db: TestDatabase) {
  return db.prisma.offer.findMany({
    include: { gpuModel: true, region: true, provider: true, prices: true },
  });
}

/** What GET /api/v1/offers should answer: written from the documented rules, not from the SQL. */
function expectedIds(all: Loaded, q: OffersQuery): { total: number; ids: string[] } {
  const cutoff = NOW.getTime() - (q.staleAfterDays ?? 90) * 86_400_000;
  const has = (list: string[] | undefined, v: string | null) =>
    !list || list.some((x) => x.toLowerCase() === (v ?? "").toLowerCase());
  const rows = all.flatMap((o) => {
    const g = o.gpuModel;
    if (
      q.gpu &&
      !q.gpu.some((x) => [g.slug, g.name, g.family].some((n) => n.toLowerCase() === x.toLowerCase()))
    )
      return [];
    if (!has(q.family, g.family) || !has(q.provider, o.provider.slug) || !has(q.region, o.region.code))
      return [];
    if (
      !has(q.country, o.region.country) ||
      !has(q.continent, o.region.continent) ||
      !has(q.interconnect, o.interconnect)
    )
      return [];
    if (q.minGpuCount !== undefined && o.gpuCount < q.minGpuCount) return [];
    if (q.minVramPerGpuGb !== undefined && g.memoryGb < q.minVramPerGpuGb) return [];
    if (q.minTotalVramGb !== undefined && g.memoryGb * o.gpuCount < q.minTotalVramGb) return [];
    const latest = new Map<string, (typeof o.prices)[number]>();
    for (const p of o.prices) {
      const k = `${p.pricingModel}/${p.currency}`;
      const cur = latest.get(k);
      if (!cur || p.observedAt > cur.observedAt) latest.set(k, p);
    }
    const considered = [...latest.values()].filter(
      (p) =>
        (q.includeStale || p.observedAt.getTime() >= cutoff) &&
        (!q.pricingModel || p.pricingModel === q.pricingModel),
    );
    if (considered.length === 0) return [];
    const inCurrency = considered
      .filter((p) => p.currency === q.currency)
      .map((p) => p.hourlyAmount.div(o.gpuCount));
    const price = inCurrency.length ? Prisma.Decimal.min(...inCurrency) : null;
    if (q.maxPricePerGpuHour !== undefined && (price === null || price.greaterThan(q.maxPricePerGpuHour)))
      return [];
    const last = Math.max(...considered.map((p) => p.observedAt.getTime()));
    const key: number | string | null = {
      pricePerGpuHour: price === null ? null : price.toNumber(),
      gpuCount: o.gpuCount,
      vramPerGpu: g.memoryGb,
      vramTotal: g.memoryGb * o.gpuCount,
      provider: o.provider.slug,
      observedAt: last,
    }[q.sort];
    return [{ id: o.id, key, price }];
  });
  const dir = q.order === "desc" ? -1 : 1;
  rows.sort((a, b) => {
    if (a.key === null || b.key === null)
      return a.key === b.key ? (a.id < b.id ? -1 : 1) : a.key === null ? 1 : -1;
    if (q.sort === "pricePerGpuHour" && a.price && b.price && !a.price.equals(b.price))
      return a.price.comparedTo(b.price) * dir;
    if (q.sort !== "pricePerGpuHour" && a.key !== b.key) return (a.key < b.key ? -1 : 1) * dir;
    return a.id < b.id ? -1 : 1;
  });
  const start = (q.page - 1) * q.pageSize;
  return { total: rows.length, ids: rows.slice(start, start + q.pageSize).map((r) => r.id) };
}

const cases: [string, Record<string, string>][] = [
  ["no filter (default: fresh prices, cheapest per GPU-hour first)", {}],
  ["a GPU family, 8+ GPUs", { gpu: "H100", minGpuCount: "8" }],
  ["a canonical name", { gpu: "H100 SXM 80GB", sort: "gpuCount", order: "desc" }],
  ["several families", { family: "L4,L40S", sort: "vramTotal" }],
  ["min VRAM per GPU and total", { minVramPerGpuGb: "48", minTotalVramGb: "160" }],
  ["interconnect", { interconnect: "NVLINK" }],
  ["provider and region", { provider: "fixturecloud", region: "us-east-1" }],
  ["country and continent", { country: "jp", continent: "ASIA" }],
  ["spot only under a price", { pricingModel: "SPOT", maxPricePerGpuHour: "2" }],
  ["on-demand under a price", { pricingModel: "ON_DEMAND", maxPricePerGpuHour: "3" }],
  ["CNY prices", { currency: "CNY", maxPricePerGpuHour: "30" }],
  ["including stale", { includeStale: "true", sort: "observedAt", order: "desc" }],
  ["a short stale threshold", { staleAfterDays: "15" }],
  ["sorted by provider, second page", { sort: "provider", page: "2", pageSize: "3" }],
  ["a page past the end", { page: "500", pageSize: "10" }],
  // The default order's first pages are read off the CurrentPrice indexes (cheapestPage):
  // small pages walk into ties and across pricing models and currencies.
  ["cheapest first, pages of 1", { pageSize: "1" }],
  ["cheapest first, fourth page of 2", { page: "4", pageSize: "2" }],
  ["cheapest first, seventh page of 3", { page: "7", pageSize: "3" }],
  ["cheapest spot first, second page of 2", { pricingModel: "SPOT", page: "2", pageSize: "2" }],
  ["cheapest in CNY, pages of 2", { currency: "CNY", page: "2", pageSize: "2" }],
  ["cheapest under a price, third page of 2", { maxPricePerGpuHour: "3", page: "3", pageSize: "2" }],
  ["cheapest H100, including stale, pages of 2", { gpu: "H100", includeStale: "true", pageSize: "2" }],
  ["cheapest, the page where unpriced offers begin", { currency: "CNY", pageSize: "5", page: "2" }],
];

/** Every page of the default order, one offer per page, equals the full ranking. */
const walks: [string, Record<string, string>][] = [
  ["USD", {}],
  ["CNY", { currency: "CNY" }],
  ["on-demand, stale included", { pricingModel: "ON_DEMAND", includeStale: "true" }],
];

describe.each(testDbKinds)("offers API on %s", (kind) => {
  let db: TestDatabase;
  let all: Loaded;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, gpuModelsOnly);
    await importSkypilot(db.prisma, [fixtureCatalog("good-vms.csv", "fixturecloud", "2026-11-01T00:00:00Z")]);
    await importSkypilot(db.prisma, [
      fixtureCatalog("newer-vms.csv", "fixturecloud", "2026-11-20T00:00:00Z"),
    ]);
    await importSkypilot(db.prisma, [fixtureCatalog("good-vms.csv", "oldcloud", "2025-01-01T00:00:00Z")]);
    await importNativeOffers(db.prisma, fixture("native-offers.csv"));
    // An offer whose first current price (on-demand) is stale while its spot price is fresh,
    // and one with only a stale price: counted once and not at all by default.
    const head = (await readFile(fixture("native-offers.csv"), "utf8")).split("\n")[0];
    const mixed = "mixfix,Mix Fixture,eu-1,Europe 1,DE,EUROPE";
    await importNativeOffers(db.prisma, "mixed-freshness.csv", {
      text:
        [
          head,
          `${mixed},m.8xh100,H100 SXM,8,80,128,1024,NVLINK,on_demand,20.00,USD,hour,2026-06-01,https://mixfix.example/p`,
          `${mixed},m.8xh100,H100 SXM,8,80,128,1024,NVLINK,spot,7.00,USD,hour,2026-11-25,https://mixfix.example/p`,
          `${mixed},m.1xl4,L4,1,24,8,32,,on_demand,0.70,USD,hour,2026-06-01,https://mixfix.example/p`,
        ].join("\n") + "\n",
    });
    if (withShared && kind === "pglite") {
      await importSkypilot(
        db.prisma,
        await readCatalogPath(path.join(sharedData, "skypilot-catalog/v8"), {
          observedAt: new Date("2026-11-15T00:00:00Z"),
        }),
      );
      await importSkypilot(
        db.prisma,
        await readCatalogPath(path.join(sharedData, "hyperscalers/gcp_skypilot_v5_vms_gpu_rows.csv"), {
          observedAt: new Date("2026-08-01T00:00:00Z"),
        }),
      );
    }
    all = await loadAll(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it.each(cases)("filters: %s", async (_, params) => {
    const q = offersQuerySchema.parse(params);
    const page = await queryOffers(db.prisma, q, NOW);
    const expected = expectedIds(all, q);
    expect(page.total).toBe(expected.total);
    expect(page.items.map((o) => o.id)).toEqual(expected.ids);
  });

  it.each(walks)("the default order page by page (%s) is the full ranking", async (_, params) => {
    const q = offersQuerySchema.parse({ ...params, pageSize: "500" });
    const expected = expectedIds(all, q);
    const n = Math.min(expected.total, 40);
    const ids: string[] = [];
    for (let page = 1; page <= n; page++) {
      const answer = await queryOffers(db.prisma, { ...q, page, pageSize: 1 }, NOW);
      expect(answer.total).toBe(expected.total);
      ids.push(...answer.items.map((o) => o.id));
    }
    expect(ids).toEqual(expected.ids.slice(0, n));
  });

  it("returns current prices with currency, source and date, and marks stale ones", async () => {
    const page = await queryOffers(
      db.prisma,
      offersQuerySchema.parse({
        provider: "fixturecloud,oldcloud",
        gpu: "H100",
        minGpuCount: "8",
        includeStale: "true",
      }),
      NOW,
    );
    const fresh = page.items.find((o) => o.provider.slug === "fixturecloud");
    expect(fresh).toMatchObject({
      gpuCount: 8,
      vramPerGpuGb: 80,
      vramTotalGb: 640,
      stale: false,
      interconnect: "NVLINK",
    });
    expect(
      fresh?.prices.map((p) => [
        p.pricingModel,
        p.currency,
        p.hourly,
        p.perGpuHour,
        p.observedAt?.slice(0, 10),
        p.stale,
      ]),
    ).toEqual([
      ["ON_DEMAND", "USD", "19.92", "2.49", "2026-11-20", false],
      ["SPOT", "USD", "9.5", "1.1875", "2026-11-20", false],
    ]);
    // The stored source names the file, never its path on the server.
    expect(fresh?.prices[0]?.source).toMatchObject({ row: 2, url: "imported file newer-vms.csv" });
    const old = page.items.find((o) => o.provider.slug === "oldcloud");
    expect(old?.stale).toBe(true);
    expect(old?.prices.every((p) => p.stale && (p.ageDays ?? 0) > 600)).toBe(true);
  });

  it("answers an offer with its price history", async () => {
    const id =
      all.find((o) => o.instanceType === "8x-H100-SXM" && o.provider.slug === "fixturecloud")?.id ?? "";
    const offer = await getOffer(db.prisma, id, NOW);
    expect(
      offer?.history
        .filter((h) => h.pricingModel === "ON_DEMAND")
        .map((h) => [h.observedAt.slice(0, 10), h.hourly]),
    ).toEqual([
      ["2026-11-20", "19.92"],
      ["2026-11-01", "23.92"],
    ]);
    expect(await getOffer(db.prisma, "no-such-offer", NOW)).toBeNull();
  });

  it("lists GPUs with specs and a GPU's price history", async () => {
    const { items } = await listGpus(db.prisma);
    const h100 = items.find((g) => g.slug === "h100-sxm-80gb");
    expect(h100).toMatchObject({ memoryGb: 80, formFactor: "SXM" });
    expect(h100?.offerCount).toBe(all.filter((o) => o.gpuModel.slug === "h100-sxm-80gb").length);
    const history = await getGpuPriceHistory(db.prisma, "h100-sxm-80gb");
    const od = history?.history.filter((h) => h.pricingModel === "ON_DEMAND" && h.currency === "USD");
    expect(od?.find((h) => h.date === "2026-11-20")?.minPerGpuHour).toBe("2.49");
  });

  it("exports the filtered list as CSV and JSON, one row per offer and current price", async () => {
    const q = exportQuerySchema.parse({ provider: "fixturecloud", format: "csv" });
    const csv = await exportOffers(db.prisma, q);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toMatch(/^offer_id,provider,region,/);
    const page = await queryOffers(
      db.prisma,
      offersQuerySchema.parse({ provider: "fixturecloud" }),
      new Date(),
    );
    expect(lines.length - 1).toBe(page.items.reduce((n, o) => n + o.prices.length, 0));
    expect(csv.body).toContain('"Tokyo, JP, AS"');
    const json = JSON.parse((await exportOffers(db.prisma, { ...q, format: "json" })).body) as {
      rows: unknown[];
    };
    expect(json.rows).toHaveLength(lines.length - 1);
  });
});

describe("offers API input", () => {
  it.each([
    ["minGpuCount=abc"],
    ["minGpuCount=0"],
    ["interconnect=TELEPATHY"],
    ["pricingModel=free"],
    ["maxPricePerGpuHour=-1"],
    ["country=USA"],
    ["pageSize=100000"],
    ["sort=random"],
    ["includeStale=maybe"],
  ])("answers 400 for %s, never 500", async (query) => {
    const response = await getOffers(new Request(`http://localhost/api/v1/offers?${query}`), undefined);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe("invalid_input");
  });

  it("answers 400 for an unknown export format", async () => {
    const response = await getExport(
      new Request("http://localhost/api/v1/offers/export?format=xml"),
      undefined,
    );
    expect(response.status).toBe(400);
  });

  it("documents the catalog operations in OpenAPI", () => {
    const doc = buildOpenApiDocument(apiOperations, "test") as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/offers",
        "/api/v1/offers/{id}",
        "/api/v1/offers/export",
        "/api/v1/gpus",
        "/api/v1/gpus/{slug}",
      ]),
    );
  });
});
