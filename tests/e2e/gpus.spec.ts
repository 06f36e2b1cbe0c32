// The GPU list and GPU pages in Chromium against the seeded catalog: every seeded GPU listed,
// the H100 SXM page with its specs, every seed offer, the spread chart with its table, the
// matrix link and a working link to the Sizing page; Chinese headings; unknown slug → 404.
import { expect, test } from "@playwright/test";

import { seedData } from "../../prisma/seed/index.ts";
import { freshDataDir, startApp, type AppServer } from "./app-server.ts";

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(3161, await freshDataDir());
});

test.afterAll(async () => {
  await app?.stop();
});

const H100 = "h100-sxm-80gb";

test("the list shows every seeded GPU with a link to its page", async ({ page, context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);
  await page.goto(`${app.url}/gpus`);
  await expect(page.getByRole("heading", { level: 1, name: "GPU models" })).toBeVisible();
  await expect(page).toHaveTitle(/GPU models/);
  for (const gpu of seedData.gpuModels) {
    await expect(page.getByTestId(`gpu-row-${gpu.slug}`)).toContainText(gpu.name);
  }
  const h100Offers = seedData.offers.filter((o) => o.gpu === H100).length;
  await expect(page.getByTestId(`gpu-offers-${H100}`)).toHaveText(String(h100Offers));
  // A GPU without offers says it is not priced.
  const unpriced = seedData.gpuModels.find((g) => !seedData.offers.some((o) => o.gpu === g.slug));
  if (unpriced) await expect(page.getByTestId(`gpu-cheapest-${unpriced.slug}`)).toHaveText("Not priced yet");
  await page.getByRole("link", { name: "H100 SXM 80GB" }).click();
  await expect(page).toHaveURL(new RegExp(`/gpus/${H100}$`));
  await expect(page.getByRole("heading", { level: 1, name: "H100 SXM 80GB" })).toBeVisible();
});

test("the H100 SXM page: specs, every offer, spread chart with table, matrix and sizing links", async ({
  page,
  context,
}) => {
  await context.addCookies([
    { name: "NEXT_LOCALE", value: "en", url: app.url },
    { name: "GPU_SCOUT_CURRENCY", value: "USD", url: app.url },
  ]);
  await page.goto(`${app.url}/gpus/${H100}`);
  await expect(page.getByTestId("spec-memory")).toContainText("80 GB HBM3");
  await expect(page.getByTestId("spec-bandwidth")).toContainText("3,350 GB/s");
  await expect(page.getByTestId("spec-bf16")).toContainText("989.4 TFLOPS");
  await expect(page.getByTestId("spec-nvlink")).toContainText("900 GB/s");

  const seedOffers = seedData.offers.filter((o) => o.gpu === H100);
  await expect(page.getByTestId("offer-row")).toHaveCount(seedOffers.length);
  await expect(page.getByTestId("gpu-offer-count")).toHaveText(String(seedOffers.length));
  await expect(page.getByTestId("gpu-cheapest")).toContainText("$");

  const matrix = page.getByTestId("matrix-link");
  await expect(matrix).toHaveAttribute("href", `/matrix?gpu=${H100}`);

  // The spread chart draws, and its numbers are in the table under the disclosure.
  const spread = page.getByTestId("spread-figure");
  await spread.scrollIntoViewIfNeeded(); // charts load when scrolled into view
  await expect(spread.locator(".recharts-surface").first()).toBeVisible();
  await spread.locator("summary").click();
  const providers = new Set(seedOffers.map((o) => o.provider));
  await expect(spread.locator("table tbody tr")).not.toHaveCount(0);
  expect(await spread.locator("table tbody tr").count()).toBeGreaterThanOrEqual(providers.size);
  await expect(spread.locator("table")).toContainText("Lambda");

  await expect(page.getByTestId("history-figure")).toBeVisible();
  // Said to a reader, not an operator: no command line on a public page.
  await expect(page.getByTestId("benchmarks-empty")).toContainText("MLCommons");
  await expect(page.getByTestId("benchmarks-empty")).not.toContainText("npm run");

  // Which models fit: a 7B model in BF16 on one card; the link opens the same sizing.
  const fit = page.getByTestId("fit-qwen2.5-7b-inferenceBf16");
  await expect(fit).toHaveText("1 ×");
  await fit.click();
  await expect(page).toHaveURL(/\/sizing\?mode=inference&model=qwen2\.5-7b&wprec=bf16/);
  await expect(page.getByTestId(`fit-${H100}-needed`)).toHaveText("1 ×");
});

test("the fits table and the Sizing page agree on QLoRA of a 70B model", async ({ page, context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);
  await page.goto(`${app.url}/gpus/${H100}`);
  const cell = page.getByTestId("fit-llama-3.1-70b-qlora");
  const text = (await cell.textContent())?.trim() ?? "";
  await cell.click();
  await expect(page).toHaveURL(/method=qlora/);
  await expect(page.getByTestId(`fit-${H100}-needed`)).toHaveText(text);
});

test("Chinese GPU pages speak Chinese", async ({ page, context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: app.url }]);
  await page.goto(`${app.url}/gpus`);
  await expect(page.getByRole("heading", { level: 1, name: "GPU 型号" })).toBeVisible();
  await page.goto(`${app.url}/gpus/${H100}`);
  for (const name of ["规格参数", "全部报价", "价格分布", "价格历史", "MLPerf 成绩", "能跑多大的模型"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expect(page.getByTestId("matrix-link")).toHaveText(/在对比矩阵中查看/);
  // Yuan by default for Chinese readers, with the rate shown.
  await expect(page.getByTestId("gpu-cheapest")).toContainText("¥");
  await expect(page.getByTestId("fx-note")).toContainText("6.9843");
});

test("an unknown GPU is a 404 page", async ({ page, context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);
  const response = await page.goto(`${app.url}/gpus/no-such-gpu`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("gpu-not-found")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "GPU model not found" })).toBeVisible();
  await page.goto(`${app.url}/gpus/BAD%20SLUG!`);
  await expect(page.getByTestId("gpu-not-found")).toBeVisible();
});

test("screenshots of the list and two GPU pages, both languages, desktop and phone", async ({
  page,
  context,
}) => {
  for (const locale of ["en", "zh-CN"]) {
    await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: app.url }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, ready] of [
        ["/gpus", `gpu-row-${H100}`],
        [`/gpus/${H100}`, "fits-table"],
        ["/gpus/rtx-4090-24gb", "fits-table"],
      ] as const) {
        await page.goto(`${app.url}${path}`);
        await expect(page.getByTestId(ready)).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} ${locale} ${width}`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `test-results/gpus${path.replace(/\//g, "-")}-${locale}-${width}.png`,
          fullPage: true,
        });
      }
    }
  }
});
