// The offer comparison in Chromium against the seeded catalog: offers found through the
// public API, their specs and prices on the page equal the API's, the default job's TCO and
// its chart render, both languages, removing an offer, and bad links explained (never a 500).
import { expect, test, type BrowserContext } from "@playwright/test";

import { formatMoney } from "../../lib/format/money.ts";
import { freshDataDir, startApp, type AppServer } from "./app-server.ts";

let app: AppServer;

interface ApiOffer {
  id: string;
  provider: { slug: string; name: string };
  region: { code: string };
  instanceType: string;
  gpuCount: number;
  vramTotalGb: number;
  prices: { pricingModel: string; currency: string; hourly: string; perGpuHour: string }[];
}

const PICKS = [
  { provider: "coreweave", region: "US-EAST-01", instanceType: "gd-8xh100ib-i128" },
  { provider: "lambda", region: "us-east-1", instanceType: "gpu_8x_h100_sxm5" },
  { provider: "gcp", region: "us-central1", instanceType: "a3-highgpu-8g" },
];

let offers: ApiOffer[] = [];

test.beforeAll(async ({ request }) => {
  app = await startApp(3141, await freshDataDir());
  const res = await request.get(`${app.url}/api/v1/offers?gpu=h100-sxm-80gb&includeStale=true&pageSize=100`);
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { items: ApiOffer[] }).items;
  offers = PICKS.map((p) => {
    const hit = items.find(
      (o) =>
        o.provider.slug === p.provider && o.region.code === p.region && o.instanceType === p.instanceType,
    );
    if (!hit) throw new Error(`seeded offer ${p.instanceType} not found through the API`);
    return hit;
  });
});

test.afterAll(async () => {
  await app?.stop();
});

async function prefer(context: BrowserContext, locale: string, currency: string) {
  await context.addCookies([
    { name: "NEXT_LOCALE", value: locale, url: app.url },
    { name: "GPU_SCOUT_CURRENCY", value: currency, url: app.url },
  ]);
}

const compareUrl = (ids: string[]) => `${app.url}/matrix/compare?offers=${ids.join(",")}`;

test("three offers side by side: specs and prices equal the API's, TCO and chart render", async ({
  page,
  context,
}) => {
  await prefer(context, "en", "USD");
  const res = await page.goto(compareUrl(offers.map((o) => o.id)));
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Compare 3 offers" })).toBeVisible();
  for (const name of ["Specifications", "Prices", "Provider facts", "Cost of a default job"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }

  for (const [i, offer] of offers.entries()) {
    await expect(page.getByTestId(`specs-instanceType-${i}`)).toHaveText(offer.instanceType);
    await expect(page.getByTestId(`specs-gpuCount-${i}`)).toHaveText(String(offer.gpuCount));
    await expect(page.getByTestId(`specs-vramTotal-${i}`)).toContainText(`${offer.vramTotalGb} GB`);
    for (const price of offer.prices.filter((p) => p.currency === "USD")) {
      const cell = page.getByTestId(`prices-${price.pricingModel}-${i}`);
      await expect(cell.getByTestId("per-instance-hour")).toHaveText(
        `${formatMoney(price.hourly, "USD", "en")} per instance-hour`,
      );
      await expect(cell.getByTestId("per-gpu-hour")).toHaveText(
        `${formatMoney(price.perGpuHour, "USD", "en")} per GPU-hour`,
      );
    }
  }
  // Lambda lists no spot price: a dash, said in words to screen readers.
  await expect(page.getByTestId("prices-SPOT-1")).toContainText("No such price");
  // The lowest on-demand price per GPU-hour is marked in words.
  const perGpu = offers.map((o) => Number(o.prices.find((p) => p.pricingModel === "ON_DEMAND")?.perGpuHour));
  const cheapest = perGpu.indexOf(Math.min(...perGpu));
  await expect(page.getByTestId(`prices-ON_DEMAND-${cheapest}`).getByTestId("best")).toHaveText(/Best/);

  // TCO of the default job: a total per offer, the job stated, the chart and its table.
  const tco = page.getByTestId("tco-section");
  await expect(tco.getByTestId("tco-job")).toContainText("LoRA fine-tune of a 7-billion-parameter model");
  for (const i of [0, 1, 2]) {
    await expect(page.getByTestId(`tco-total-on_demand-${i}`)).toHaveText(/^\$[\d,]+\.\d{2}/);
  }
  // Charts load when scrolled into view.
  const figure = page.getByTestId("tco-figure");
  await figure.scrollIntoViewIfNeeded();
  await expect(page.getByTestId("tco-chart")).toBeVisible();
  await figure.getByText(/Show the data of/).click();
  await expect(figure.locator("tbody tr")).toHaveCount(3);
  if (!process.env.E2E_BASE_URL) {
    // After hydration recharts draws one stacked bar segment per offer and cost line.
    await expect(figure.locator(".recharts-bar-rectangle").first()).toBeVisible();
  }

  const ids = offers.map((o) => o.id).join(",");
  await expect(page.getByTestId("build-scenario")).toHaveAttribute("href", `/scenarios/new?offers=${ids}`);
  await expect(page.getByTestId("back-to-matrix").first()).toHaveAttribute("href", "/matrix");

  // Removing an offer rewrites offers= and keeps the others.
  await page.getByTestId(`remove-${offers[1]!.id}`).click();
  await expect(page).toHaveURL(new RegExp(`offers=${offers[0]!.id},${offers[2]!.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Compare 2 offers" })).toBeVisible();

  // The scenario builder opens with those offers, already priced on the server.
  await page.getByTestId("build-scenario").click();
  await expect(page).toHaveURL(/\/scenarios\/new\?offers=/);
  await expect(page.getByTestId("offer-item")).toHaveCount(2);
  await expect(page.getByTestId("result-row").first()).toBeVisible();
});

test("Chinese headings and prices in yuan with the dated rate", async ({ page, context }) => {
  await prefer(context, "zh-CN", "CNY");
  await page.goto(compareUrl(offers.slice(0, 2).map((o) => o.id)));
  await expect(page.getByRole("heading", { level: 1, name: "对比 2 个报价" })).toBeVisible();
  for (const name of ["配置规格", "价格", "服务商条款", "默认任务的总成本"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expect(page.getByTestId("prices-ON_DEMAND-0").getByTestId("per-gpu-hour")).toContainText("¥");
  await expect(page.getByTestId("prices-fx")).toContainText("1 美元 =");
  await expect(page.getByTestId("tco-total-on_demand-0")).toContainText("¥");
});

test("bad links explain what to do instead of failing", async ({ page, context }) => {
  await prefer(context, "en", "USD");
  const one = await page.goto(compareUrl([offers[0]!.id]));
  expect(one?.status()).toBe(200);
  await expect(page.getByTestId("compare-invalid")).toContainText("at least 2 different offers");
  await expect(page.getByTestId("back-to-matrix")).toHaveAttribute("href", "/matrix");

  const unknown = "ckzzzzzzzzzzzzzzzzzzzzzzz";
  const res = await page.goto(compareUrl([offers[0]!.id, offers[1]!.id, unknown]));
  expect(res?.status()).toBeLessThan(500);
  await expect(page.getByTestId("compare-invalid")).toContainText(unknown);
  await expect(page.getByTestId("keep-known")).toHaveAttribute(
    "href",
    `/matrix/compare?offers=${offers[0]!.id},${offers[1]!.id}`,
  );

  const malformed = await page.goto(`${app.url}/matrix/compare?offers=${offers[0]!.id},not%20an%20id`);
  expect(malformed?.status()).toBeLessThan(500);
  await expect(page.getByTestId("compare-invalid")).toContainText("not an id");

  const many = await page.goto(
    compareUrl(Array.from({ length: 6 }, (_, i) => `ckaaaaaaaaaaaaaaaaaaaaaa${i}`)),
  );
  expect(many?.status()).toBeLessThan(500);
  await expect(page.getByTestId("compare-invalid")).toContainText("At most 5 offers");
});
