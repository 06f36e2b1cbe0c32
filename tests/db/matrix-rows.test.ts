// The matrix's rows route and CSV export below their HTTP layer (server/matrix/load-page.ts,
// server/matrix/export-csv.ts) on the curated seed: the route's page equals getMatrixPage for
// the same URL, bad offset/limit are refused with a message while bad matrix parameters are
// ignored and listed, and the export streams every filtered row (read in small pages here) in
// the page's order with the visible columns. PGlite always, Postgres when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedData } from "../../prisma/seed/index.ts";
import { csvValue } from "../../lib/matrix/cell-format.ts";
import { visibleColumns } from "../../lib/matrix/columns.ts";
import { csvLines, toCsv } from "../../lib/matrix/csv.ts";
import { MATRIX_MAX_PAGE } from "../../lib/matrix/page.ts";
import { buildRows } from "../../lib/matrix/rows.ts";
import { parseMatrixParams } from "../../lib/matrix/url-state.ts";
import { decodeMatrixPage } from "../../lib/matrix/wire.ts";
import { applySeed } from "../../server/db/seed.ts";
import { matrixCsvChunks } from "../../server/matrix/export-csv.ts";
import { matrixContext, matrixRows, matrixRowsQuerySchema } from "../../server/matrix/load-page.ts";
import { getMatrixPage } from "../../server/queries/matrix-page.ts";
import { getProviderTraits } from "../../server/queries/matrix-traits.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

const NOW = new Date("2026-11-30T12:00:00Z");

describe("rows route query", () => {
  it.each([
    [{}, { offset: 0, limit: 100 }],
    [
      { offset: "200", limit: "500" },
      { offset: 200, limit: 500 },
    ],
    [
      { offset: "0", limit: "1", gpu: "h100-sxm-80gb" },
      { offset: 0, limit: 1, gpu: "h100-sxm-80gb" },
    ],
  ])("accepts %j", (raw, expected) => {
    expect(matrixRowsQuerySchema.parse(raw)).toEqual(expected);
  });

  it.each([
    [{ offset: "-1" }, "offset"],
    [{ offset: "1.5" }, "offset"],
    [{ offset: "abc" }, "offset"],
    [{ limit: "0" }, "limit"],
    [{ limit: String(MATRIX_MAX_PAGE + 1) }, "limit"],
    [{ limit: "ten" }, "limit"],
    [{ limit: ["10", "20"] }, "limit"],
  ])("refuses %j with a message about %s", (raw, field) => {
    const parsed = matrixRowsQuerySchema.safeParse(raw);
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue.path).toEqual([field]);
    expect(issue.message).toContain(field);
  });
});

describe.each(testDbKinds)("matrix rows and CSV export on %s (curated seed)", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, seedData);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it.each([
    ["the default view, first page", "", 0, 100],
    ["a second page", "", 20, 20],
    ["grouped by GPU, sorted by hourly", "group=gpu&sort=hourly.desc", 5, 30],
    ["filtered to NVLink, spot, stale shown", "ic=NVLINK&pm=SPOT&stale=1", 0, 50],
    ["past the end", "", 100_000, 10],
    // The traits are read only for need=… (server/matrix/load-page.ts matrixContext).
    ["needing InfiniBand", "need=infiniband", 0, 100],
    ["needing managed Kubernetes, second page", "need=k8s", 10, 10],
  ])("answers %s exactly as getMatrixPage", async (_name, qs, offset, limit) => {
    const raw = {
      ...Object.fromEntries(new URLSearchParams(qs)),
      offset: String(offset),
      limit: String(limit),
    };
    const answer = await matrixRows(db.prisma, matrixRowsQuerySchema.parse(raw), {
      locale: "en",
      currency: "USD",
      now: NOW,
    });
    const { state } = parseMatrixParams(Object.fromEntries(new URLSearchParams(qs)));
    const expected = await getMatrixPage(db.prisma, {
      state,
      fits: null,
      traits: await getProviderTraits(db.prisma),
      locale: "en",
      currency: "USD",
      now: NOW,
      offset,
      limit,
      // Past the first page the route leaves the facets out (the table reads page 0's).
      withFacets: offset === 0,
    });
    const { invalid, ...wire } = answer;
    expect(invalid).toEqual([]);
    expect(decodeMatrixPage(wire)).toEqual(expected);
    if (offset < expected.total) expect(expected.offers.length).toBeGreaterThan(0);
    if (state.need.length > 0) {
      // The filter keeps some rows and drops others on the seed.
      const all = await getMatrixPage(db.prisma, {
        state: { ...state, need: [] },
        fits: null,
        traits: {},
        locale: "en",
        currency: "USD",
        now: NOW,
        offset,
        limit,
      });
      expect(expected.total).toBeGreaterThan(0);
      expect(expected.total).toBeLessThan(all.total);
    }
  });

  it("counts a checked facet's other values as what checking them would add", async () => {
    const view = async (qs: string) =>
      decodeMatrixPage(
        await matrixRows(
          db.prisma,
          matrixRowsQuerySchema.parse({ ...Object.fromEntries(new URLSearchParams(qs)), limit: "1" }),
          { locale: "en", currency: "USD", now: NOW },
        ),
      );
    const h100 = await view("family=H100&stale=1");
    const a100 = await view("family=A100&stale=1");
    const both = await view("family=H100,A100&stale=1");
    expect(h100.total).toBeGreaterThan(0);
    expect(a100.total).toBeGreaterThan(0);
    expect(both.total).toBe(h100.total + a100.total);
    // With H100 checked, A100 reads the rows checking it adds (not 0), H100 its own rows.
    expect(h100.facets.family["A100"]).toBe(a100.total);
    expect(h100.facets.family["H100"]).toBe(h100.total);
    expect(both.facets.family).toEqual(h100.facets.family);
    // A facet with no filter of its own counts the rows the filters keep.
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(sum(h100.facets.provider)).toBe(h100.total);
    expect(Object.keys(h100.facets.gpu).every((slug) => slug.includes("h100"))).toBe(true);
    // Another facet's filter still applies: checking a provider narrows the family counts.
    const provider = Object.keys(h100.facets.provider)[0]!;
    const narrowed = await view(`family=H100&provider=${provider}&stale=1`);
    expect(narrowed.facets.family["H100"]).toBe(narrowed.total);
    expect(narrowed.facets.provider[provider]).toBe(narrowed.total);
    expect(sum(narrowed.facets.provider)).toBe(h100.total);
  });

  it("ignores and lists bad matrix parameters, and takes cur=… over the preference", async () => {
    const answer = await matrixRows(
      db.prisma,
      matrixRowsQuerySchema.parse({ sort: "nonsense.up", minGpus: "-3", cur: "CNY", limit: "5" }),
      { locale: "zh-CN", currency: "USD", now: NOW },
    );
    expect(answer.invalid.map((p) => p.key).sort()).toEqual(["minGpus", "sort"]);
    expect(answer.currency).toBe("CNY");
    expect(answer.offers.length).toBe(5);
  });

  it("exports every filtered row in the page's order with the visible columns", async () => {
    const qs = "sort=hourly.desc&cols=provider,gpu,gpuCount,hourly,gpuHour,interconnect,age";
    const { state } = parseMatrixParams(Object.fromEntries(new URLSearchParams(qs)));
    const ctx = await matrixContext(db.prisma, state, "en");
    const options = {
      locale: "en" as const,
      currency: "USD" as const,
      headerLabel: (id: string, cur: string) => `${id} (${cur})`,
      interconnectLabel: (ic: string) => `ic:${ic}`,
      now: NOW,
    };
    // Small pages, so the loop over pages is exercised on the seed's ~100 rows.
    let chunks = 0;
    let csv = "";
    for await (const chunk of matrixCsvChunks(db.prisma, ctx, { ...options, pageSize: 7 })) {
      csv += chunk;
      chunks++;
    }
    const whole = await getMatrixPage(db.prisma, {
      state,
      fits: null,
      traits: ctx.traits,
      locale: "en",
      currency: "USD",
      now: NOW,
      offset: 0,
      limit: 100_000,
    });
    expect(whole.total).toBeGreaterThan(14);
    expect(chunks).toBe(1 + Math.ceil(whole.total / 7));
    const columns = visibleColumns(state.cols, false);
    const cell = {
      locale: "en",
      currency: "USD",
      now: new Date(whole.now),
      interconnectLabel: options.interconnectLabel,
    };
    const expected =
      toCsv(
        columns.map((id) => `${id} (USD)`),
        [],
      ) +
      csvLines(
        buildRows(whole, "ON_DEMAND", null).map((row) => columns.map((id) => csvValue(row, id, cell))),
      );
    expect(csv).toBe(expected);
    expect(csv.startsWith("\uFEFFprovider (USD),gpu (USD),gpuCount (USD),gpuHour (USD),hourly (USD)")).toBe(
      true,
    );
    expect(csv.split("\r\n").length - 2).toBe(whole.total);
    expect(csv).toContain("ic:");
  });

  it("exports only the filtered rows, one page read when they fit", async () => {
    const { state } = parseMatrixParams({ gpu: "h100-sxm-80gb", stale: "1" });
    const ctx = await matrixContext(db.prisma, state, "en");
    const lines: string[] = [];
    for await (const chunk of matrixCsvChunks(db.prisma, ctx, {
      locale: "en",
      currency: "USD",
      headerLabel: (id) => id,
      interconnectLabel: (ic) => ic,
      now: NOW,
    }))
      lines.push(chunk);
    const body = lines.join("").split("\r\n").slice(1, -1);
    expect(body.length).toBeGreaterThan(0);
    const gpuCol = visibleColumns(null, false).indexOf("gpu");
    for (const line of body) expect(line.split(",")[gpuCol]).toMatch(/H100 SXM/);
  });
});
