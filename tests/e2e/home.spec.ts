// The home page in both languages shows the seeded catalog's numbers, read from the
// database; the language and currency choices are remembered.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { formatCount } from "../../lib/format/number.ts";
import { seedData } from "../../prisma/seed/index.ts";
import { freshDataDir, startApp, type AppServer } from "./app-server.ts";

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(3111, await freshDataDir());
});

test.afterAll(async () => {
  await app?.stop();
});

const expectedCounts = {
  providers: seedData.providers.length,
  "gpu-models": seedData.gpuModels.length,
  regions: seedData.regions.length,
};

/**
 * "Offers" counts what GET /api/v1/offers counts (a current price), the one rule of
 * server/catalog/offer-counts.ts; the note under it says what that leaves out, so the seed's
 * offers are all accounted for.
 */
async function expectOfferCount(page: Page, request: APIRequestContext, locale: string) {
  const api = (await (await request.get(`${app.url}/api/v1/offers?pageSize=1`)).json()) as { total: number };
  expect(api.total).toBeGreaterThan(0);
  await expect(page.getByTestId("stat-offers")).toHaveAttribute("data-value", String(api.total));
  await expect(page.getByTestId("stat-offers")).toHaveText(formatCount(api.total, locale));
  expect(api.total).toBeLessThanOrEqual(seedData.offers.length);
}

test("English home page shows the seeded catalog", async ({ page, context, request }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);
  await page.goto(app.url);
  await expect(page).toHaveTitle(/GPU Scout/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  for (const [key, count] of Object.entries(expectedCounts)) {
    await expect(page.getByTestId(`stat-${key}`)).toHaveAttribute("data-value", String(count));
    await expect(page.getByTestId(`stat-${key}`)).toHaveText(formatCount(count, "en"));
  }
  await expectOfferCount(page, request, "en");
  for (const group of ["h100", "a100-80gb", "l40s", "l4", "rtx-4090"]) {
    await expect(page.getByTestId(`cheapest-price-${group}`)).toContainText(/\d/);
  }
  await expect(page.getByRole("navigation").first()).toBeVisible();
});

test("Chinese home page shows the same numbers, in Chinese", async ({ page, context, request }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: app.url }]);
  await page.goto(app.url);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.locator("body")).toContainText("服务商");
  for (const [key, count] of Object.entries(expectedCounts)) {
    await expect(page.getByTestId(`stat-${key}`)).toHaveAttribute("data-value", String(count));
    await expect(page.getByTestId(`stat-${key}`)).toHaveText(formatCount(count, "zh-CN"));
  }
  await expectOfferCount(page, request, "zh-CN");
});

test("switching language is remembered across reloads", async ({ page, context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);
  await page.goto(app.url);
  // Each language is named in itself, to assistive technology too: the button is "中文" in
  // Chinese (its glyphs are laid out without a language, segmented-form.tsx says why).
  const chinese = page.getByRole("button", { name: "中文", exact: true });
  await expect(chinese).toHaveAttribute("lang", "zh-CN");
  await expect(chinese).toHaveText("中文");
  await chinese.click();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  const cookies = await context.cookies(app.url);
  expect(cookies.find((c) => c.name === "NEXT_LOCALE")?.value).toBe("zh-CN");
});

test("health endpoint reports a current database", async ({ request }) => {
  const response = await request.get(`${app.url}/api/health`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    status: string;
    migrations: { current: boolean; pending: string[] };
    database: { kind: string };
  };
  expect(body.status).toBe("ok");
  expect(body.migrations.current).toBe(true);
  expect(body.database.kind).toBe("pglite");
});

test("links prefetch on intent, not on sight: no RSC request until a link is hovered", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);
  const rsc: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["rsc"] === "1" || request.url().includes("_rsc=")) rsc.push(request.url());
  });
  await page.goto(app.url, { waitUntil: "networkidle" });
  await page.waitForTimeout(1000);
  // Eight header links and the home page's own links are all in view: none was fetched.
  expect(rsc).toEqual([]);
  const nav = page.getByRole("navigation").first();
  await nav.getByRole("link", { name: "Matrix", exact: true }).hover();
  await expect.poll(() => rsc.filter((u) => new URL(u).pathname === "/matrix").length).toBeGreaterThan(0);
  // The prefetched route still navigates like any link.
  await nav.getByRole("link", { name: "Matrix", exact: true }).click();
  await expect(page).toHaveURL(/\/matrix$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a navigation the server has not answered yet shows the progress bar, and it goes when the page arrives", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);
  // The next page's server answer (an RSC request) is held back for 1.5 s.
  await page.route(
    (url) => url.pathname === "/providers",
    async (route) => {
      if (route.request().headers()["rsc"] !== "1") return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return route.continue();
    },
  );
  await page.goto(app.url, { waitUntil: "networkidle" });
  const bar = page.getByRole("progressbar", { name: "Loading the page…" });
  await expect(bar).toHaveCount(0);
  await page.getByRole("navigation").first().getByRole("link", { name: "Providers", exact: true }).click();
  await expect(bar).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading the page…" })).toHaveCount(1);
  await expect(page).toHaveURL(/\/providers$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(bar).toHaveCount(0);
});
