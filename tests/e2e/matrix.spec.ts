// The provider matrix in Chromium against the seeded catalog: filters whose answer the seed
// implies, grouping, the whole view in the URL, "fits my workload" from the Sizing page, and a
// CSV export equal to the table. Stale prices are shown (stale=1) wherever row counts are
// asserted, so the answers do not depend on today's date.
import { readFile } from "node:fs/promises";
import { get } from "node:http";

import { expect, test, type Page } from "@playwright/test";

import { seedData } from "../../prisma/seed/index.ts";
import { freshDataDir, startApp, type AppServer } from "./app-server.ts";

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(3131, await freshDataDir());
});

test.afterAll(async () => {
  await app?.stop();
});

const gpuBySlug = new Map(seedData.gpuModels.map((g) => [g.slug, g]));
const providerBySlug = new Map(seedData.providers.map((p) => [p.slug, p]));

/** Latest on-demand price per GPU-hour of a seed offer (the seed is in USD). */
function onDemandPerGpu(offer: (typeof seedData.offers)[number]): number | null {
  const latest = offer.prices
    .filter((p) => p.model === "ON_DEMAND")
    .sort((a, b) => b.observedAt.localeCompare(a.observedAt))[0];
  return latest ? Number(latest.hourly) / offer.gpuCount : null;
}

const MAX = 7;
/** 8× H100 with NVLink under $7 per GPU-hour, cheapest first, as the seed implies. */
const expectedH100 = seedData.offers
  .filter((o) => gpuBySlug.get(o.gpu)?.family === "H100" && o.gpuCount >= 8 && o.interconnect === "NVLINK")
  .map((o) => ({ o, perGpu: onDemandPerGpu(o) }))
  .filter(
    (x): x is { o: (typeof seedData.offers)[number]; perGpu: number } => x.perGpu !== null && x.perGpu <= MAX,
  )
  .sort((a, b) => a.perGpu - b.perGpu);

async function prepare(page: Page) {
  await page.context().addCookies([
    { name: "NEXT_LOCALE", value: "en", url: app.url },
    { name: "GPU_SCOUT_CURRENCY", value: "USD", url: app.url },
  ]);
}

/** Opens a matrix URL and waits until React runs it (a control used before would be reset). */
async function openMatrix(page: Page, pathAndQuery: string) {
  await page.goto(`${app.url}${pathAndQuery}`);
  await expect(page.getByTestId("matrix-view")).toHaveAttribute("data-hydrated", "true");
}

/** Waits until the rows on screen are the answer for the URL (no request in flight). */
async function settled(page: Page) {
  await expect(page.getByTestId("matrix-updating")).toHaveCount(0);
}

async function tableRows(page: Page) {
  return page.getByTestId("offer-row").evaluateAll((rows) =>
    rows.map((r) => {
      const cell = (col: string) => r.querySelector(`[data-col="${col}"]`)?.textContent?.trim() ?? "";
      return {
        provider: cell("provider"),
        instance: cell("instance"),
        region: cell("region"),
        gpu: cell("gpu"),
        gpuHour: cell("gpuHour"),
        gpusNeeded: cell("gpusNeeded"),
      };
    }),
  );
}

/** RFC 4180 parser (quoted fields with commas, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r") continue;
    else if (c === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

test("8× H100 with NVLink under $7/GPU-h: exactly the offers the seed implies, cheapest first", async ({
  page,
}) => {
  await prepare(page);
  // The instance column is not in the default view (the table fits its box): ask for it.
  await openMatrix(page, `/matrix?cols=provider,gpu,gpuCount,gpuHour,hourly,region,instance`);
  await expect(page.getByRole("heading", { level: 1, name: "Provider matrix" })).toBeVisible();
  // The server already rendered rows.
  await expect(page.getByTestId("offer-row").first()).toBeVisible();

  const filters = page.getByTestId("filter-panel");
  await filters.getByTestId("filter-family").getByLabel("H100", { exact: true }).check();
  await filters.getByLabel("Minimum GPUs per instance").fill("8");
  await filters.getByTestId("filter-ic").getByLabel("NVLink").check();
  await filters.getByLabel("Max price per GPU-hour (USD)").fill(String(MAX));
  await filters.getByLabel("Show stale prices").check();

  await expect(page.getByTestId("offer-row")).toHaveCount(expectedH100.length);
  const rows = await tableRows(page);
  expect(rows.map((r) => `${r.instance}@${r.region}`).sort()).toEqual(
    expectedH100.map((x) => `${x.o.instanceType}@${x.o.region}`).sort(),
  );
  const prices = rows.map((r) => Number(r.gpuHour.replace(/[^0-9.]/g, "")));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  expect(prices).toEqual(expectedH100.map((x) => Math.round(x.perGpu * 100) / 100));
  await expect(page.getByTestId("row-count")).toHaveText(
    new RegExp(`^${expectedH100.length} of \\d+ offers$`),
  );
  await expect(page).toHaveURL(/family=H100/);
  await expect(page).toHaveURL(/minGpus=8/);
  await expect(page).toHaveURL(/ic=NVLINK/);
  await expect(page).toHaveURL(/max=7/);

  // Sorting by clicking a header: aria-sort follows.
  const priceHeader = page.getByRole("columnheader", { name: /USD\/GPU-h/ });
  await expect(priceHeader).toHaveAttribute("aria-sort", "ascending");
  await priceHeader.getByRole("button").click();
  await expect(priceHeader).toHaveAttribute("aria-sort", "descending");
  // The rows come from the server in the new order a moment later.
  await expect
    .poll(async () => (await tableRows(page)).map((r) => Number(r.gpuHour.replace(/[^0-9.]/g, ""))))
    .toEqual([...prices].reverse());
});

test("grouping by GPU shows group rows with their offer counts", async ({ page }) => {
  await prepare(page);
  // Tall enough that the virtualised table renders every row of these groups.
  await page.setViewportSize({ width: 1280, height: 2600 });
  await openMatrix(page, `/matrix?family=H100,H200&stale=1`);
  await page.getByLabel("Group by").selectOption("gpu");
  await expect(page).toHaveURL(/group=gpu/);
  const groups = page.getByTestId("group-row");
  const expected = new Map<string, number>();
  for (const o of seedData.offers) {
    const gpu = gpuBySlug.get(o.gpu);
    if (!gpu || !["H100", "H200"].includes(gpu.family) || onDemandPerGpu(o) === null) continue;
    expected.set(o.gpu, (expected.get(o.gpu) ?? 0) + 1);
  }
  await expect(groups).toHaveCount(expected.size);
  const got = await groups.evaluateAll((rows) =>
    rows.map((r) => [r.getAttribute("data-group"), Number(r.getAttribute("data-count"))] as const),
  );
  expect(new Map(got)).toEqual(expected);
  // Collapsing a group hides its offers.
  const first = groups.first().getByRole("button");
  const before = await page.getByTestId("offer-row").count();
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("offer-row")).toHaveCount(before - got[0]![1]);
});

test("the whole view is in the URL: a reload shows the same rows and controls", async ({ page }) => {
  await prepare(page);
  await openMatrix(page, `/matrix`);
  const filters = page.getByTestId("filter-panel");
  await filters.getByLabel("Pricing model").selectOption("SPOT");
  await filters.getByLabel("Show stale prices").check();
  await filters.getByTestId("filter-kind").getByLabel("GPU cloud").check();
  await page.getByLabel("Group by").selectOption("provider");
  await page.getByRole("columnheader", { name: /^GPUs/ }).getByRole("button").click();
  await expect(page).toHaveURL(/pm=SPOT/);
  await expect(page).toHaveURL(/sort=gpuCount\.desc/);
  await expect(page).toHaveURL(/kind=GPU_CLOUD/);
  await settled(page);
  const before = await tableRows(page);
  expect(before.length).toBeGreaterThan(0);
  const url = page.url();

  await openMatrix(page, url.slice(app.url.length));
  await expect(page.getByTestId("filter-panel").getByLabel("Pricing model")).toHaveValue("SPOT");
  await expect(page.getByLabel("Group by")).toHaveValue("provider");
  await expect(page.getByTestId("filter-panel").getByLabel("Show stale prices")).toBeChecked();
  await expect(page.getByTestId("filter-kind").getByLabel("GPU cloud")).toBeChecked();
  await expect(page.getByRole("columnheader", { name: /^GPUs/ })).toHaveAttribute("aria-sort", "descending");
  await settled(page);
  expect(await tableRows(page)).toEqual(before);

  // An invalid value is ignored with a notice, never an error page.
  await openMatrix(page, `/matrix?minGpus=lots&pm=MONTHLY`);
  await expect(page.getByTestId("invalid-params")).toContainText("minGpus");
  await expect(page.getByTestId("offer-row").first()).toBeVisible();
});

test("fits my workload: the Sizing page's 7B example lists only offers that can hold it", async ({
  page,
}) => {
  await prepare(page);
  await page.goto(`${app.url}/sizing`);
  await page.getByRole("link", { name: "Example: fine-tune a 7B model" }).click();
  await expect(page).toHaveURL(/method=full/);
  await page.getByTestId("show-offers").click();
  await expect(page).toHaveURL(/\/matrix\?fits=/);
  await expect(page.getByTestId("fits-banner")).toContainText("Llama 2 7B");
  await expect(page.getByRole("columnheader", { name: /GPUs needed/ })).toBeVisible();
  await page.getByTestId("filter-panel").getByLabel("Show stale prices").check();

  // Full fine-tuning of 7B (~120 GB) on one GPU without sharding: only cards above 120 GB.
  const fitting = new Set(seedData.gpuModels.filter((g) => g.memoryGb * 0.95 >= 121).map((g) => g.name));
  const expected = seedData.offers.filter(
    (o) => fitting.has(gpuBySlug.get(o.gpu)!.name) && onDemandPerGpu(o) !== null,
  );
  expect(expected.length).toBeGreaterThan(0);
  await expect(page.getByTestId("offer-row")).toHaveCount(expected.length);
  for (const row of await tableRows(page)) {
    expect(fitting.has(row.gpu)).toBe(true);
    expect(row.gpusNeeded).toBe("1");
  }

  await page.getByTestId("clear-fits").click();
  await expect(page.getByTestId("fits-banner")).toHaveCount(0);
  await expect(page).not.toHaveURL(/fits=/);
});

test("CSV export has exactly the table's columns and rows, in order", async ({ page }) => {
  await prepare(page);
  await openMatrix(
    page,
    `/matrix?family=H100&minGpus=8&ic=NVLINK&max=${MAX}&stale=1&cols=provider,gpu,region,instance,gpuHour`,
  );
  await expect(page.getByTestId("offer-row")).toHaveCount(expectedH100.length);
  const download = page.waitForEvent("download");
  // A link to the server's export (the whole filtered set, not the rows the browser holds).
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^gpu-scout-matrix-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await file.path(), "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header, ...body] = parseCsv(text.slice(1));
  const domHeader = await page
    .getByTestId("matrix-table")
    .locator("thead th button")
    .evaluateAll((bs) => bs.map((b) => b.firstChild?.textContent?.trim() ?? ""));
  expect(header).toEqual(domHeader);
  expect(header).toHaveLength(5);
  // The DOM's cells in column order, against the CSV's fields.
  const domCells = await page
    .getByTestId("offer-row")
    .evaluateAll((rows) =>
      rows.map((r) =>
        [...r.querySelectorAll("td[data-col]")].map((td) => [
          td.getAttribute("data-col"),
          td.textContent?.trim() ?? "",
        ]),
      ),
    );
  expect(body).toHaveLength(domCells.length);
  body.forEach((csvRow, i) => {
    const dom = domCells[i]!;
    expect(dom.map(([col]) => col)).toEqual(["provider", "gpu", "gpuHour", "region", "instance"]);
    dom.forEach(([col, text], j) => {
      if (col === "gpuHour")
        expect(Number(Number(csvRow[j]).toFixed(2))).toBe(Number(text!.replace(/[^0-9.]/g, "")));
      else expect(csvRow[j]).toBe(text);
    });
    // The seed's providers appear by their English names.
    expect([...providerBySlug.values()].some((p) => p.nameEn === csvRow[0])).toBe(true);
  });
});

test("a filter change asks the rows route for page 0 and shows its rows; columns and selection never ask", async ({
  page,
}) => {
  await prepare(page);
  await openMatrix(page, `/matrix?stale=1`);
  await expect(page.getByTestId("offer-row").first()).toBeVisible();
  const requests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/matrix/rows") requests.push(r.url());
  });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/matrix/rows");
  await page.getByTestId("filter-panel").getByTestId("filter-family").getByLabel(/^H100/).check();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  const url = new URL(response.url());
  expect(url.searchParams.get("family")).toBe("H100");
  expect(url.searchParams.get("offset")).toBe("0");
  const h100 = seedData.offers.filter(
    (o) => gpuBySlug.get(o.gpu)?.family === "H100" && onDemandPerGpu(o) !== null,
  ).length;
  await expect(page.getByTestId("row-count")).toContainText(`${h100} of`);
  await expect(page.getByTestId("matrix-updating")).toHaveCount(0);
  for (const row of await tableRows(page)) expect(row.gpu).toMatch(/H100/);
  // The facet counts follow the filtered rows.
  // (The count is the checkbox's description: found through aria-describedby.)
  const countId = await page
    .getByTestId("filter-family")
    .getByLabel("H100", { exact: true })
    .getAttribute("aria-describedby");
  await expect(page.locator(`[id="${countId}"]`)).toHaveText(`(${h100})`);
  // Another family reads what checking it would add, not 0 (values of a facet are alternatives).
  const a100 = seedData.offers.filter(
    (o) => gpuBySlug.get(o.gpu)?.family === "A100" && onDemandPerGpu(o) !== null,
  ).length;
  expect(a100).toBeGreaterThan(0);
  const a100CountId = await page
    .getByTestId("filter-family")
    .getByLabel("A100", { exact: true })
    .getAttribute("aria-describedby");
  await expect(page.locator(`[id="${a100CountId}"]`)).toHaveText(`(${a100})`);

  // Selection and columns stay in the browser.
  const before = requests.length;
  await page.getByTestId("offer-row").first().locator("input[type=checkbox]").check();
  await expect(page.getByTestId("selection-bar")).toBeVisible();
  await page.locator("summary", { hasText: "Columns" }).click();
  await page.getByRole("group", { name: "Columns" }).getByLabel("vCPUs").check();
  await expect(page).toHaveURL(/cols=/);
  await page.waitForTimeout(300);
  expect(requests.length).toBe(before);

  // The route refuses a bad limit with a message, and never a 500.
  const bad = await page.request.get(`${app.url}/matrix/rows?limit=100000`);
  expect(bad.status()).toBe(400);
  expect(JSON.stringify(await bad.json())).toContain("limit");
});

test("a new view updates the table in place at its top, and a scrolled table starts the new view at its top", async ({
  page,
}) => {
  await prepare(page);
  await openMatrix(page, `/matrix?stale=1`);
  await expect(page.getByTestId("offer-row").first()).toBeVisible();
  const box = page.getByTestId("matrix-scroll");
  await box.evaluate((el) => ((el as HTMLElement & { __mark?: number }).__mark = 1));
  const family = page.getByTestId("filter-panel").getByTestId("filter-family");

  // Not scrolled: the same table element shows the new view's rows.
  await family.getByLabel(/^H100/).check();
  await expect(page.getByTestId("matrix-updating")).toHaveCount(0);
  await expect.poll(async () => (await tableRows(page)).every((r) => /H100/.test(r.gpu))).toBe(true);
  expect(await box.evaluate((el) => (el as HTMLElement & { __mark?: number }).__mark)).toBe(1);

  // Scrolled down: the next view starts at its top.
  await family.getByLabel(/^H100/).uncheck();
  await expect(page.getByTestId("matrix-updating")).toHaveCount(0);
  await box.evaluate((el) => el.scrollTo(0, 600));
  await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await family.getByLabel(/^A100/).check();
  await expect(page.getByTestId("matrix-updating")).toHaveCount(0);
  await expect.poll(async () => (await tableRows(page)).every((r) => /A100/.test(r.gpu))).toBe(true);
  expect(await page.getByTestId("matrix-scroll").evaluate((el) => el.scrollTop)).toBe(0);
  expect(await page.getByTestId("offer-row").first().getAttribute("aria-rowindex")).toBe("2");
});

test("on a phone the rows are cards, price first, with labelled tap targets", async ({ page }) => {
  await prepare(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await openMatrix(page, `/matrix?stale=1`);
  const card = page.getByTestId("offer-card").first();
  await expect(card).toBeVisible();
  await expect(card).toContainText("$");
  await expect(card).toContainText("/GPU-h");
  const box = await page.getByTestId("offer-row").first().locator("label").first().boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(24);
  expect(box!.height).toBeGreaterThanOrEqual(24);
  await expect(page.getByTestId("offer-row").first().getByRole("checkbox")).toHaveAccessibleName(/^Select /);
  // Nothing sideways: the table fits the phone.
  const scroll = page.getByTestId("matrix-scroll");
  expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
});

test("the heading and a skeleton are sent before the offers are read: the page starts painting while the database works", async () => {
  // Each chunk of the HTML response, in arrival order. The embedded database runs queries on
  // the server's one thread; server/db/connect.ts yields before each so the page's first part
  // is written first. Without that, the whole page arrived in one piece after the queries.
  const chunks = await new Promise<string[]>((resolve, reject) => {
    const parts: string[] = [];
    get(`${app.url}/matrix`, { headers: { "accept-encoding": "identity" } }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => parts.push(chunk));
      res.on("end", () => resolve(parts));
      res.on("error", reject);
    }).on("error", reject);
  });
  const withHeading = chunks.findIndex((_, i) =>
    chunks
      .slice(0, i + 1)
      .join("")
      .includes('id="matrix-heading"'),
  );
  expect(withHeading).toBeGreaterThanOrEqual(0);
  const sentFirst = chunks.slice(0, withHeading + 1).join("");
  expect(sentFirst).toContain("animate-pulse");
  expect(sentFirst).not.toContain('data-testid="matrix-table"');
  expect(chunks.join("")).toContain('data-testid="matrix-table"');
});
