// Catalog import from the browser, end to end on a production server with the embedded
// database, where GPU_SCOUT_CATALOG_EDITORS grants two accounts (nobody edits by default): a
// fresh sign-up is told how to get the grant; an editor opens the import page from the account menu, uploads a SkyPilot
// file, watch the outcome, read the stored report (corrections, unknown GPU names), and see
// the new offers in the offers API. A broken file changes nothing and says why, in Chinese too.
import { expect, test, type Browser, type Page } from "@playwright/test";

import { freshDataDir, startApp, type AppServer } from "./app-server.ts";

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(3221, await freshDataDir(), undefined, {
    GPU_SCOUT_CATALOG_EDITORS: "catalog-editor@example.test, catalog-editor-zh@example.test",
  });
});

test.afterAll(async () => {
  await app?.stop();
});

const SKYPILOT = [
  "AcceleratorName,InstanceType,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region",
  `H100,8x-H100-e2e,8,208,1800,"{'Gpus': [{'Name': 'H100', 'Count': 8, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 655360}",23.92,12.0,us-east-1`,
  `H100,1x-H100-e2e,1,26,225,"{'Gpus': [{'Name': 'H100', 'Count': 1, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}",2.99,,us-east-1`,
  `Mystery9000,1x-Mystery,1,8,64,,1.50,,us-east-1`,
].join("\n");

async function newEditor(browser: Browser, locale: "en" | "zh-CN", email: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: app.url }]);
  const page = await context.newPage();
  await page.goto(`${app.url}/signup`);
  await page.locator("input[type=email]").fill(email);
  await page.locator("input[name=name]").fill("Catalog editor");
  await page.locator("input[type=password]").first().fill("a long passphrase for e2e");
  await page.locator("form:has(input[type=email]) button[type=submit]").click();
  await expect(page.getByTestId("account-menu")).toBeVisible();
  return page;
}

test("an editor uploads a SkyPilot file and reads the report; the offers are in the API", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const page = await newEditor(browser, "en", "catalog-editor@example.test");
  await page.getByTestId("account-menu").click();
  await page.getByRole("link", { name: "Catalog imports" }).click();
  await expect(page).toHaveURL(/\/catalog\/imports$/);
  await expect(page.getByTestId("catalog-import-table")).toContainText("Curated seed");

  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "e2ecloud-vms.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(SKYPILOT),
  });
  // The kind is guessed from the header; the cloud comes from the file name when left empty.
  await expect(page.getByLabel("What the file holds")).toHaveValue("SKYPILOT");
  await page.getByLabel("Prices observed on").fill("2026-11-20");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const status = page.getByTestId("catalog-import-status");
  await expect(status).toContainText("Imported: 3 rows read, 2 imported, 1 rejected.");
  await expect(page.getByTestId("catalog-import-table")).toContainText("upload:e2ecloud-vms.csv");

  await status.getByRole("link", { name: "Open the report" }).click();
  const report = page.getByTestId("catalog-import-report");
  await expect(report).toContainText("upload:e2ecloud-vms.csv");
  await expect(report).toContainText("Mystery9000");
  await expect(report).toContainText("Succeeded");

  const offers = await request.get(`${app.url}/api/v1/offers?provider=e2ecloud&includeStale=true`);
  expect(offers.status()).toBe(200);
  const items = ((await offers.json()) as { items: { instanceType: string; gpuCount: number }[] }).items;
  expect(items.map((o) => `${o.instanceType}:${o.gpuCount}`).sort()).toEqual([
    "1x-H100-e2e:1",
    "8x-H100-e2e:8",
  ]);
});

test("a broken file imports nothing and says why (zh-CN)", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newEditor(browser, "zh-CN", "catalog-editor-zh@example.test");
  await page.goto(`${app.url}/catalog/imports`);
  await page.getByLabel("文件", { exact: true }).setInputFiles({
    name: "quote.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("provider,price\nquote-cloud,1.0\n"),
  });
  await expect(page.getByLabel("文件内容")).toHaveValue("NATIVE");
  await page.getByRole("button", { name: "导入", exact: true }).click();
  await expect(page.getByTestId("catalog-import-status")).toContainText("没有导入任何数据");
  await expect(page.getByTestId("catalog-import-status")).toContainText("Missing required column");
  await expect(page.getByTestId("catalog-import-table")).toContainText("失败");
  await page.screenshot({ path: "test-results/catalog-import-zh.png", fullPage: true });
});

test("signed-out visitors are asked to sign in", async ({ page }) => {
  await page.goto(`${app.url}/catalog/imports`);
  await expect(page.getByTestId("catalog-import-signed-out")).toBeVisible();
});

test("a fresh sign-up is no catalog editor and is told how to become one (no menu link, no import)", async ({
  browser,
}) => {
  const page = await newEditor(browser, "en", "newcomer@example.test");
  await page.getByTestId("account-menu").click();
  await expect(page.getByRole("link", { name: "Catalog imports" })).toHaveCount(0);
  const res = await page.goto(`${app.url}/catalog/imports`);
  expect(res?.status()).toBe(200);
  const note = page.getByTestId("catalog-import-not-editor");
  await expect(note).toContainText("npm run catalog:editors -- add newcomer@example.test");
  await expect(page.getByLabel("File", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("catalog-import-table")).toHaveCount(0);
});
