// `npm run catalog:sync` with a manifest, against a local HTTP server started here (node:http,
// port 0) that serves catalogs in the upstream layout (catalogs/v8/<cloud>/vms.csv) plus one
// broken file (HTTP 500), one garbled file (parse error) and one slow file (never finishes:
// timeout). A failing provider is reported and skipped while the others import, its old prices
// stay; each provider's rows read / imported / rejected, prices changed and the source's own
// date are recorded in the summary batch. A fixture-only variant always runs; a variant over
// ../shared/data (the public catalogs) runs when that folder exists.
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { isDateUnknown } from "../../lib/catalog/quality-rules.ts";
import { readCatalogPath } from "../../server/catalog/catalog-source.ts";
import { importSkypilot } from "../../server/catalog/import-skypilot.ts";
import {
  manifestSource,
  runCatalogSync,
  scheduleCatalogSync,
  type SyncEntryResult,
  type SyncLogger,
} from "../../server/catalog/sync.ts";
import {
  defaultSyncManifest,
  SKYPILOT_V8_CLOUDS,
  type SyncManifest,
} from "../../server/catalog/sync-manifest.ts";
import { applySeed } from "../../server/db/seed.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";
import { CATALOG_COLUMNS, catalogText, fixture, gpuInfoCell, gpuModelsOnly, sharedData } from "./helpers.ts";

const quiet: SyncLogger = { info: () => {}, error: () => {} };
const LAST_MODIFIED = "Tue, 24 Nov 2026 08:00:00 GMT";

interface Served {
  /** cloud → text, or a behaviour: "500" (HTTP error) or "slow" (never finishes). */
  files: Map<string, string>;
  /** cloud → Last-Modified header. */
  lastModified: Map<string, string>;
  data: Map<string, string>;
}

async function startServer(served: Served) {
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const cloud = /^\/catalogs\/v8\/([^/]+)\/vms\.csv$/.exec(url.pathname)?.[1];
    const dataFile = /^\/data\/([\w-]+\.csv)$/.exec(url.pathname)?.[1];
    const body = cloud ? served.files.get(cloud) : dataFile ? served.data.get(dataFile) : undefined;
    if (body === undefined) {
      res.writeHead(404).end("not found");
    } else if (body === "500") {
      res.writeHead(500).end("upstream broke");
    } else if (body === "slow") {
      // Headers and a first line, then nothing: only the client's timeout ends it.
      res.writeHead(200, { "content-type": "text/csv" });
      res.write(`${CATALOG_COLUMNS.join(",")}\n`);
      open.add(res);
    } else {
      const lm = cloud ? served.lastModified.get(cloud) : undefined;
      res.writeHead(200, { "content-type": "text/csv", ...(lm ? { "last-modified": lm } : {}) }).end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const GOOD = "good";
const PLACEHOLDER = `${catalogText([
  `flat-h100.1x,H100,1,16,200,1.0,1.0,zone-a,${gpuInfoCell("H100", 1, 81920)}`,
  `flat-h200.1x,H200,1,16,200,1.0,1.0,zone-b,${gpuInfoCell("H200", 1, 144384)}`,
])}\n`;

function manifestFor(base: string, clouds: string[]): SyncManifest {
  return defaultSyncManifest({ baseUrl: `${base}/catalogs/v8`, dataBaseUrl: `${base}/data`, clouds });
}

const byName = (entries: SyncEntryResult[] | undefined) => new Map((entries ?? []).map((e) => [e.name, e]));

describe("catalog sync from a manifest (fixtures, local HTTP server)", () => {
  let db: TestDatabase;
  let server: Awaited<ReturnType<typeof startServer>>;
  const served: Served = { files: new Map(), lastModified: new Map(), data: new Map() };

  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    await applySeed(db.prisma, gpuModelsOnly);
    served.files.set(GOOD, await readFile(fixture("good-vms.csv"), "utf8"));
    served.lastModified.set(GOOD, LAST_MODIFIED);
    served.files.set(
      "undated",
      await readFile(
        path.join(import.meta.dirname, "..", "fixtures", "sync-catalog", "synccloud", "vms.csv"),
        "utf8",
      ),
    );
    served.files.set("mithril", PLACEHOLDER);
    served.files.set("broken", "500");
    served.files.set("garbled", "this is not,a catalog\n1,2\n");
    served.files.set("slow", "slow");
    served.data.set("gpu-specs.csv", await readFile(fixture("gpu-specs.csv"), "utf8"));
    served.data.set("provider-facts.csv", await readFile(fixture("provider-facts.csv"), "utf8"));
    server = await startServer(served);
  });
  afterAll(async () => {
    await server?.close();
    await db?.destroy();
  });

  it("the default manifest names every public v8 cloud on raw.githubusercontent.com", () => {
    const manifest = defaultSyncManifest({ dataBaseUrl: "" });
    expect(manifest.skypilot.map((e) => e.cloud)).toEqual([...SKYPILOT_V8_CLOUDS]);
    for (const e of manifest.skypilot) {
      expect(e.url).toBe(
        `https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v8/${e.cloud}/vms.csv`,
      );
      expect(e.upstream).toEqual({
        repo: "skypilot-org/skypilot-catalog",
        path: `catalogs/v8/${e.cloud}/vms.csv`,
      });
    }
    for (const cloud of ["lambda", "vast", "mithril", "nebius", "cudo", "aws", "gcp", "azure"]) {
      expect(SKYPILOT_V8_CLOUDS).toContain(cloud);
    }
  });

  it("imports every provider it can read; a broken, garbled or slow file is reported and skipped", async () => {
    const manifest = manifestFor(server.base, [GOOD, "broken", "undated", "garbled", "slow", "mithril"]);
    const started = Date.now();
    const result = await runCatalogSync(db, { manifest, intervalMinutes: 0, timeoutMs: 1_500, log: quiet });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result.status).toBe("done");
    if (result.status !== "done") return;
    const e = byName(result.entries);
    expect([...e.keys()]).toEqual([
      "gpu-specs",
      GOOD,
      "broken",
      "undated",
      "garbled",
      "slow",
      "mithril",
      "provider-facts",
    ]);
    expect(e.get("broken")).toMatchObject({
      status: "not_refreshed",
      error: expect.stringContaining("500") as string,
    });
    expect(e.get("slow")).toMatchObject({
      status: "not_refreshed",
      error: expect.stringMatching(/timed out/) as string,
    });
    expect(e.get("garbled")).toMatchObject({ status: "not_refreshed", error: expect.any(String) as string });
    for (const name of ["gpu-specs", GOOD, "undated", "mithril", "provider-facts"]) {
      expect(e.get(name)?.status, name).toBe("imported");
    }
    // Per provider: rows read / imported / rejected, prices changed, the source's own date.
    const good = e.get(GOOD)!;
    expect(good.rowsRead).toBeGreaterThan(0);
    expect(good.rowsImported + good.rowsRejected).toBeLessThanOrEqual(good.rowsRead);
    expect(good.pricesChanged).toBeGreaterThan(0);
    expect(good.sourceDate).toBe(new Date(LAST_MODIFIED).toISOString());
    expect(e.get("undated")).toMatchObject({
      rowsRead: 3,
      rowsImported: 3,
      rowsRejected: 0,
      sourceDate: null,
    });

    // The summary batch stores the same per-provider table (shown on /catalog/imports).
    const batch = await db.prisma.importBatch.findUniqueOrThrow({ where: { id: result.batchId } });
    expect(batch).toMatchObject({ kind: "SKYPILOT", status: "SUCCEEDED", source: manifestSource(manifest) });
    const stored = (batch.report as unknown as { sync: { entries: SyncEntryResult[] } }).sync.entries;
    expect(stored.map((x) => [x.name, x.status])).toEqual(result.entries!.map((x) => [x.name, x.status]));
    // A failed download is a FAILED batch of its own, with the reason.
    const failed = await db.prisma.importBatch.findMany({
      where: { status: "FAILED", source: { contains: "/broken/" } },
    });
    expect(failed).toHaveLength(1);

    // Dates: Last-Modified stated → that date; nothing stated → "date unknown", never today.
    const pricesOf = (slug: string) =>
      db.prisma.priceObservation.findMany({
        where: { offer: { provider: { slug } } },
        orderBy: { observedAt: "desc" },
      });
    for (const p of await pricesOf(GOOD)) {
      expect(p.observedAt.toISOString()).toBe(new Date(LAST_MODIFIED).toISOString());
      expect(p.qualityFlags).not.toContain("date_unknown");
      expect(p.sourceUrl).toBe(`${server.base}/catalogs/v8/${GOOD}/vms.csv`);
    }
    const undated = await pricesOf("undated");
    expect(undated.length).toBeGreaterThan(0);
    for (const p of undated) {
      expect(isDateUnknown(p.observedAt)).toBe(true);
      expect(p.qualityFlags).toContain("date_unknown");
    }
    // Mithril-like placeholders: Price = SpotPrice = 1.0 per GPU for H100 and H200 → flagged.
    const mithril = await pricesOf("mithril");
    expect(mithril.map((p) => [p.pricingModel, p.qualityFlags.includes("placeholder_price")])).toEqual([
      ["ON_DEMAND", true],
      ["ON_DEMAND", true],
    ]);
  });

  it("a provider that fails later keeps its old prices, marked not refreshed; a changed price is counted", async () => {
    const manifest = manifestFor(server.base, [GOOD, "undated"]);
    const before = await db.prisma.priceObservation.count({ where: { offer: { provider: { slug: GOOD } } } });
    served.files.set(GOOD, "500");
    const original = served.files.get("undated") as string;
    served.files.set("undated", original.replace(",0.80,0.30,", ",0.75,0.30,"));
    try {
      const result = await runCatalogSync(db, { manifest, intervalMinutes: 0, timeoutMs: 1_500, log: quiet });
      expect(result.status).toBe("done");
      if (result.status !== "done") return;
      const e = byName(result.entries);
      expect(e.get(GOOD)).toMatchObject({ status: "not_refreshed", rowsRead: 0 });
      expect(await db.prisma.priceObservation.count({ where: { offer: { provider: { slug: GOOD } } } })).toBe(
        before,
      );
      // Only the L4 on-demand price changed; the undated repeats of the others add nothing.
      expect(e.get("undated")).toMatchObject({ status: "imported", pricesChanged: 1 });
    } finally {
      served.files.set(GOOD, await readFile(fixture("good-vms.csv"), "utf8"));
      served.files.set("undated", original);
    }
  });

  it("the in-server schedule runs the same manifest sync", async () => {
    const manifest = manifestFor(server.base, ["undated"]);
    const lines: string[] = [];
    const log: SyncLogger = { info: (msg) => lines.push(msg), error: (msg) => lines.push(msg) };
    const stop = scheduleCatalogSync(() => db, { manifest, intervalMinutes: 360, delaySeconds: 0 }, log);
    try {
      await expect.poll(() => lines.includes("catalog sync finished"), { timeout: 20_000 }).toBe(true);
    } finally {
      stop();
    }
    expect(lines).toContain("catalog sync provider imported");
    const batch = await db.prisma.importBatch.findFirst({
      where: { source: manifestSource(manifest) },
      orderBy: { startedAt: "desc" },
    });
    expect(batch?.status).toBe("SUCCEEDED");
  });

  it("source 'manifest' (GPU_SCOUT_CATALOG_SYNC_SOURCE=manifest) is the default manifest: every v8 cloud is tried", async () => {
    const asked: string[] = [];
    const fetchImpl = ((url: string | URL | Request) => {
      asked.push(url instanceof Request ? url.url : url.toString());
      return Promise.resolve(new Response("gone", { status: 404 }));
    }) as typeof fetch;
    const result = await runCatalogSync(db, {
      source: "manifest",
      intervalMinutes: 0,
      fetchImpl,
      log: quiet,
    });
    expect(result.status).toBe("failed");
    expect(asked.filter((u) => u.startsWith("https://raw.githubusercontent.com/"))).toHaveLength(
      SKYPILOT_V8_CLOUDS.length,
    );
  });

  it("a GitHub file gets its upstream commit and date from the GitHub API: source link at the commit, dated prices", async () => {
    const commit = "0123456789abcdef0123456789abcdef01234567";
    const csv = (served.files.get("undated") as string).replace("us-east-1", "us-east-2");
    const fetchImpl = ((input: string | URL | Request) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.startsWith("https://api.github.com/repos/skypilot-org/skypilot-catalog/commits?")) {
        expect(new URL(url).searchParams.get("path")).toBe("catalogs/v8/ghcloud/vms.csv");
        return Promise.resolve(
          Response.json([{ sha: commit, commit: { committer: { date: "2026-11-28T06:12:00Z" } } }]),
        );
      }
      if (url.endsWith("/catalogs/v8/ghcloud/vms.csv")) return Promise.resolve(new Response(csv));
      return Promise.resolve(new Response("nf", { status: 404 }));
    }) as typeof fetch;
    const manifest: SyncManifest = {
      name: "github-like",
      skypilot: [
        {
          cloud: "ghcloud",
          url: "https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v8/ghcloud/vms.csv",
          upstream: { repo: "skypilot-org/skypilot-catalog", path: "catalogs/v8/ghcloud/vms.csv" },
        },
      ],
    };
    const result = await runCatalogSync(db, { manifest, intervalMinutes: 0, fetchImpl, log: quiet });
    expect(result.status).toBe("done");
    if (result.status !== "done") return;
    expect(result.entries?.[0]).toMatchObject({
      status: "imported",
      commit,
      sourceDate: "2026-11-28T06:12:00.000Z",
    });
    const prices = await db.prisma.priceObservation.findMany({
      where: { offer: { provider: { slug: "ghcloud" } } },
    });
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) {
      expect(p.sourceUrl).toBe(
        `https://github.com/skypilot-org/skypilot-catalog/blob/${commit}/catalogs/v8/ghcloud/vms.csv`,
      );
      expect(p.observedAt.toISOString()).toBe("2026-11-28T06:12:00.000Z");
      expect(p.qualityFlags).not.toContain("date_unknown");
    }
  });

  it("nothing readable: the sync fails (exit 1 in the CLI) and says so per provider", async () => {
    const manifest: SyncManifest = {
      ...manifestFor(server.base, ["broken", "slow"]),
      gpuSpecs: undefined,
      providerFacts: undefined,
    };
    const result = await runCatalogSync(db, { manifest, intervalMinutes: 0, timeoutMs: 800, log: quiet });
    expect(result).toMatchObject({ status: "failed", message: "no provider could be refreshed" });
    if (result.status === "failed")
      expect(result.entries?.map((x) => x.status)).toEqual(["not_refreshed", "not_refreshed"]);
  });
});

const v8 = path.join(sharedData, "skypilot-catalog", "v8");

describe.skipIf(!existsSync(v8))("catalog sync of ../shared/data served in the upstream layout", () => {
  let db: TestDatabase;
  let server: Awaited<ReturnType<typeof startServer>>;
  const served: Served = { files: new Map(), lastModified: new Map(), data: new Map() };
  let clouds: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    await applySeed(db.prisma, gpuModelsOnly);
    for (const entry of await readdir(v8, { withFileTypes: true })) {
      const file = path.join(v8, entry.name, "vms.csv");
      if (entry.isDirectory() && (await stat(file).catch(() => null))?.isFile()) {
        served.files.set(entry.name, await readFile(file, "utf8"));
        clouds.push(entry.name);
      }
    }
    clouds = clouds.sort();
    served.files.set("broken", "500");
    served.files.set("slow", "slow");
    for (const name of ["gpu-specs.csv", "provider-facts.csv"]) {
      served.data.set(name, await readFile(path.join(sharedData, name), "utf8"));
    }
    server = await startServer(served);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await db?.destroy();
  });

  it("every public cloud imports with the same counts as a file import; the broken and slow ones are skipped", async () => {
    const manifest = manifestFor(server.base, [...clouds.slice(0, 3), "broken", ...clouds.slice(3), "slow"]);
    const result = await runCatalogSync(db, { manifest, intervalMinutes: 0, timeoutMs: 2_000, log: quiet });
    expect(result.status).toBe("done");
    if (result.status !== "done") return;
    const e = byName(result.entries);
    expect(e.get("broken")?.status).toBe("not_refreshed");
    expect(e.get("slow")?.status).toBe("not_refreshed");
    expect(e.get("gpu-specs")?.status).toBe("imported");
    expect(e.get("provider-facts")?.status).toBe("imported");
    // Same counts as importing the folder directly (in a second database).
    const other = await createTestDatabase("pglite");
    try {
      await applySeed(other.prisma, gpuModelsOnly);
      const files = await readCatalogPath(v8);
      for (const cloud of clouds) {
        const { report } = await importSkypilot(
          other.prisma,
          files.filter((f) => f.cloud === cloud),
        );
        expect(e.get(cloud), cloud).toMatchObject({
          status: "imported",
          rowsRead: report.rowsRead,
          rowsRejected: report.rowsRejected,
        });
      }
      // The folder's own COMMITS.csv gives the file import a GitHub source at the commit.
      const lambda = files.find((f) => f.cloud === "lambda");
      expect(lambda?.sourceUrl).toMatch(
        /^https:\/\/github\.com\/skypilot-org\/skypilot-catalog\/blob\/[0-9a-f]{40}\/catalogs\/v8\/lambda\/vms\.csv$/,
      );
    } finally {
      await other.destroy();
    }
  }, 240_000);
});
