// GET /api/v1/offers/export?format=csv never hands a spreadsheet a formula: an imported
// instance type or region that starts with = + - @ comes out with a leading ' (lib/csv/write.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseCsv } from "../../lib/catalog/csv.ts";
import { EXPORT_COLUMNS, exportOffers } from "../../server/catalog/export-offers.ts";
import { importNativeOffers } from "../../server/catalog/import-native.ts";
import { exportQuerySchema } from "../../server/catalog/offers.validation.ts";
import { applySeed } from "../../server/db/seed.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";
import { gpuModelsOnly } from "./helpers.ts";

const EVIL = '=HYPERLINK("http://evil.example","click")';
const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;
// Observed today, so the prices are fresh whenever this runs.
const TODAY = new Date().toISOString().slice(0, 10);

const NATIVE = [
  "provider,provider_name,region,country,continent,instance_type,gpu,gpu_count,gpu_memory_gb,pricing_model,price,currency,price_unit,observed_at,source_url",
  `evilcloud,Evil Cloud,@region,US,NORTH_AMERICA,${quoted(EVIL)},H100 SXM,1,80,on_demand,2.50,USD,hour,${TODAY},https://evil.example/pricing`,
  `evilcloud,Evil Cloud,us-1,US,NORTH_AMERICA,-1+cmd|' /C calc'!A0,L4,1,24,on_demand,0.80,USD,hour,${TODAY},https://evil.example/pricing`,
].join("\n");

describe("offers CSV export with hostile catalog text", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    await applySeed(db.prisma, gpuModelsOnly);
    const result = await importNativeOffers(db.prisma, "x.csv", { text: NATIVE });
    expect(result.report).toMatchObject({ status: "SUCCEEDED", rowsRejected: 0, rowsImported: 2 });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("prefixes ' to cells that start a formula and keeps the rest as it was", async () => {
    const q = exportQuerySchema.parse({ provider: "evilcloud", includeStale: "true", format: "csv" });
    const { body, contentType } = await exportOffers(db.prisma, q);
    expect(contentType).toBe("text/csv; charset=utf-8");
    expect(body.startsWith("offer_id,")).toBe(true);
    expect(body.endsWith("\r\n")).toBe(true);
    expect(body).toContain(`,${quoted(`'${EVIL}`)},`);
    expect(body).not.toContain(`,${quoted(EVIL)},`);

    const [header, ...rows] = parseCsv(body.replace(/\r\n$/, ""));
    expect(header).toEqual([...EXPORT_COLUMNS]);
    const records = rows.map((cells) => Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, cells[i]])));
    expect(records.map((r) => r.instance_type).sort()).toEqual([`'-1+cmd|' /C calc'!A0`, `'${EVIL}`]);
    expect(records.find((r) => r.instance_type === `'${EVIL}`)).toMatchObject({
      region: "'@region",
      provider: "evilcloud",
      gpu_count: "1",
      price_per_hour: "2.5",
      stale: "false",
      observed_at: TODAY,
    });
    // No cell anywhere starts a formula.
    for (const cells of [header!, ...rows])
      for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
