// Catalog import from the browser (importCatalogFile and the import reports) on real PGlite
// and Postgres: an editor's SkyPilot and native files land with a stored report, a re-import
// adds nothing, a broken file changes nothing and is recorded as FAILED, and only catalog
// editors (GPU_SCOUT_CATALOG_EDITORS) may import or read the reports.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { executeOperation } from "../../server/access/operation.ts";
import { catalogEditorPolicy, listCatalogEditors, setCatalogEditor } from "../../server/catalog/editors.ts";
import { catalogOperations, MAX_UI_IMPORT_CHARS } from "../../server/catalog/ui-operations.ts";
import { applySeed } from "../../server/db/seed.ts";
import { miniSeed } from "../fixtures/mini-seed.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";
import { buildWorld, type World } from "../shortlists/world.ts";

const SKYPILOT_CSV = [
  "AcceleratorName,InstanceType,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region",
  `H100,8x-H100-SXM,8,208,1800,"{'Gpus': [{'Name': 'H100', 'Count': 8, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 655360}",23.92,12.0,us-east-1`,
  `H100,1x-H100-SXM,1,26,225,"{'Gpus': [{'Name': 'H100', 'Count': 1, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}",2.99,,us-east-1`,
  `NoSuchGPU,1x-Mystery,1,8,64,,1.50,,us-east-1`,
].join("\n");

const NATIVE_CSV = [
  "provider,provider_name,region,region_name,country,continent,instance_type,gpu,gpu_count,gpu_memory_gb,vcpus,ram_gb,interconnect,pricing_model,price,currency,price_unit,observed_at,source_url",
  "quote-cloud,Quote Cloud,cn-sh-1,Shanghai 1,CN,ASIA,q.8xh100,H100 SXM,8,80,128,1024,NVLINK,on_demand,180.00,CNY,hour,2026-11-01,https://example.com/quote",
].join("\n");

describe("catalogEditorPolicy", () => {
  it("reads GPU_SCOUT_CATALOG_EDITORS; unset means nobody, on every database", () => {
    expect(catalogEditorPolicy({ GPU_SCOUT_CATALOG_EDITORS: " A@x.io , b@y.io ," })).toEqual(
      new Set(["a@x.io", "b@y.io"]),
    );
    expect(catalogEditorPolicy({ GPU_SCOUT_CATALOG_EDITORS: "*" })).toBe("everyone");
    expect(catalogEditorPolicy({})).toEqual(new Set());
    expect(catalogEditorPolicy({ GPU_SCOUT_CATALOG_EDITORS: "" })).toEqual(new Set());
    expect(catalogEditorPolicy({ DATABASE_URL: "postgresql://x/y" })).toEqual(new Set());
  });
});

describe.each(testDbKinds)("catalog import from the browser on %s", (kind) => {
  let db: TestDatabase;
  let world: World;
  const as = (who: keyof World["actors"]) => ({ db: db.prisma, actor: world.actors[who] });
  const counts = async () => ({
    offers: await db.prisma.offer.count(),
    prices: await db.prisma.priceObservation.count(),
    providers: await db.prisma.provider.count(),
  });

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await applySeed(db.prisma, miniSeed);
    world = await buildWorld(db.prisma);
  });
  afterAll(async () => {
    await db?.destroy();
  });
  afterEach(() => {
    delete process.env.GPU_SCOUT_CATALOG_EDITORS;
  });

  const editorOnly = () => {
    process.env.GPU_SCOUT_CATALOG_EDITORS = world.actors.editor.user.email ?? "";
  };

  it("imports a SkyPilot file (cloud from the file name), stores the report and reports unknown GPUs", async () => {
    editorOnly();
    const before = await counts();
    const result = await executeOperation(catalogOperations.importCatalogFile, as("editor"), {
      kind: "SKYPILOT",
      fileName: "lambda-vms.csv",
      text: SKYPILOT_CSV,
      observedAt: "2026-11-20",
    });
    expect(result).toMatchObject({
      ok: true,
      data: { status: "SUCCEEDED", rowsRead: 3, rowsImported: 2, rowsRejected: 1, message: null },
    });
    if (!result.ok) return;
    const after = await counts();
    expect(after.offers - before.offers).toBe(2);
    // 8x: on-demand + spot; 1x: on-demand only (no spot price).
    expect(after.prices - before.prices).toBe(3);
    const provider = await db.prisma.provider.findUnique({ where: { slug: "lambda" } });
    expect(provider).not.toBeNull();

    const batch = await executeOperation(catalogOperations.getImportBatch, as("editor"), {
      batchId: result.data.batchId,
    });
    expect(batch.ok).toBe(true);
    if (!batch.ok) return;
    expect(batch.data).toMatchObject({
      kind: "SKYPILOT",
      source: "upload:lambda-vms.csv",
      status: "SUCCEEDED",
      createdBy: "editor",
    });
    expect(batch.data.report?.unknownGpuNames).toEqual({ NoSuchGPU: 1 });
    expect(batch.data.report?.observedAt).toBe("2026-11-20T00:00:00.000Z");

    // The same file again adds nothing.
    const again = await executeOperation(catalogOperations.importCatalogFile, as("editor"), {
      kind: "SKYPILOT",
      fileName: "lambda-vms.csv",
      text: SKYPILOT_CSV,
      observedAt: "2026-11-20",
    });
    expect(again.ok).toBe(true);
    expect(await counts()).toEqual(after);
  });

  it("imports a native quote, and a broken file changes nothing but is recorded as FAILED", async () => {
    process.env.GPU_SCOUT_CATALOG_EDITORS = "*";
    const ok = await executeOperation(catalogOperations.importCatalogFile, as("viewer"), {
      kind: "NATIVE",
      fileName: "quote.csv",
      text: NATIVE_CSV,
    });
    expect(ok).toMatchObject({ ok: true, data: { status: "SUCCEEDED", rowsImported: 1 } });

    const before = await counts();
    const broken = await executeOperation(catalogOperations.importCatalogFile, as("viewer"), {
      kind: "NATIVE",
      fileName: "broken.csv",
      text: "provider,price\nquote-cloud,1.0\n",
    });
    expect(broken.ok).toBe(true);
    if (!broken.ok) return;
    expect(broken.data.status).toBe("FAILED");
    expect(broken.data.message).toMatch(/Missing required column/);
    expect(await counts()).toEqual(before);
    const stored = await db.prisma.importBatch.findUnique({ where: { id: broken.data.batchId } });
    expect(stored?.status).toBe("FAILED");

    const list = await executeOperation(catalogOperations.listImportBatches, as("viewer"), {});
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    // Newest first: the failed upload, then the native quote.
    expect(list.data.batches.slice(0, 2).map((b) => [b.source, b.status])).toEqual([
      ["upload:broken.csv", "FAILED"],
      ["upload:quote.csv", "SUCCEEDED"],
    ]);
  });

  it("refuses people who are not catalog editors, and oversized or path-like input", async () => {
    editorOnly();
    const before = await counts();
    const input = { kind: "NATIVE", fileName: "quote.csv", text: NATIVE_CSV };
    expect(await executeOperation(catalogOperations.importCatalogFile, as("owner"), input)).toEqual({
      ok: false,
      error: { code: "FORBIDDEN" },
    });
    expect(
      await executeOperation(
        catalogOperations.listImportBatches,
        { db: db.prisma, actor: { kind: "anonymous" } },
        {},
      ),
    ).toEqual({ ok: false, error: { code: "SIGN_IN_REQUIRED" } });
    const huge = await executeOperation(catalogOperations.importCatalogFile, as("editor"), {
      ...input,
      text: "x".repeat(MAX_UI_IMPORT_CHARS + 1),
    });
    expect(huge).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    const path = await executeOperation(catalogOperations.importCatalogFile, as("editor"), {
      ...input,
      fileName: "../../etc/passwd",
    });
    expect(path).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    // A binary file read as text carries NUL: refused with a reason the page turns into "the
    // file is not text" (not a bare "some fields are not valid").
    const binary = await executeOperation(catalogOperations.importCatalogFile, as("editor"), {
      ...input,
      text: `${NATIVE_CSV}\u0000\u0000PK\u0003\u0004`,
    });
    expect(binary).toMatchObject({ ok: false, error: { code: "INVALID_INPUT", reason: "unstorable-text" } });
    // zod runs refinements after a failed format check: a non-date must not reach toISOString.
    for (const observedAt of ["not a date", "2026-13-45", ""]) {
      const refused = await executeOperation(catalogOperations.importCatalogFile, as("editor"), {
        ...input,
        observedAt,
      });
      expect(refused).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    }
    expect(await counts()).toEqual(before);
  });

  it("grants nothing by default: a fresh account cannot import until the operator grants it", async () => {
    delete process.env.GPU_SCOUT_CATALOG_EDITORS;
    const before = await counts();
    const input = { kind: "NATIVE", fileName: "quote.csv", text: NATIVE_CSV };
    // Unset GPU_SCOUT_CATALOG_EDITORS on the embedded database used to mean everyone.
    for (const who of ["owner", "editor", "viewer", "stranger"] as const) {
      expect(await executeOperation(catalogOperations.importCatalogFile, as(who), input)).toEqual({
        ok: false,
        error: { code: "FORBIDDEN" },
      });
      expect(await executeOperation(catalogOperations.listImportBatches, as(who), {})).toEqual({
        ok: false,
        error: { code: "FORBIDDEN" },
      });
    }
    expect(await counts()).toEqual(before);

    // npm run catalog:editors -- add EMAIL (the same function), in any letter case.
    const email = world.actors.stranger.user.email!;
    await setCatalogEditor(db.prisma, email.toUpperCase(), true);
    expect(await listCatalogEditors(db.prisma)).toEqual([email]);
    const granted = await executeOperation(catalogOperations.importCatalogFile, as("stranger"), input);
    expect(granted).toMatchObject({ ok: true, data: { status: "SUCCEEDED" } });
    await setCatalogEditor(db.prisma, email, false);
    expect(await executeOperation(catalogOperations.listImportBatches, as("stranger"), {})).toEqual({
      ok: false,
      error: { code: "FORBIDDEN" },
    });
    await expect(setCatalogEditor(db.prisma, "nobody@example.test", true)).rejects.toThrow(/Sign up/);
  });
});
