// The provider list and profiles in Chromium against the seeded catalog: every provider
// listed, a profile's six dimensions with sourced facts, SLA downtime, offers matching the
// seed, the price history figure with its table, the matrix link, Chinese headings, and the
// not-found page for an unknown slug.
import { expect, test, type BrowserContext } from "@playwright/test";

import { formatCount } from "../../lib/format/number.ts";
import { OFFERS_SHOWN_ON_PAGES } from "../../lib/limits/pages.ts";
import { seedData } from "../../prisma/seed/index.ts";
import { freshDataDir, startApp, type AppServer } from "./app-server.ts";

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(3151, await freshDataDir());
});

test.afterAll(async () => {
  await app?.stop();
});

const english = async (context: BrowserContext) =>
  context.addCookies([
    { name: "NEXT_LOCALE", value: "en", url: app.url },
    { name: "GPU_SCOUT_CURRENCY", value: "USD", url: app.url },
  ]);

test("the list shows every seeded provider, with offers counted honestly", async ({ page, context }) => {
  await english(context);
  await page.goto(`${app.url}/providers`);
  await expect(page.getByRole("heading", { level: 1, name: "Providers" })).toBeVisible();
  for (const p of seedData.providers) {
    const row = page.getByTestId(`provider-${p.slug}`);
    await expect(row.getByRole("link", { name: p.nameEn })).toBeVisible();
    const offers = seedData.offers.filter((o) => o.provider === p.slug).length;
    await expect(row.getByTestId("provider-counts")).toContainText(`${offers} offer`);
  }
  // Alibaba has no offers in the seed: it says so instead of showing a price.
  await expect(page.getByTestId("provider-alibaba")).toContainText("No offers in the catalog");
  await page.getByTestId("provider-lambda").getByRole("link", { name: "Lambda" }).click();
  await expect(page).toHaveURL(/\/providers\/lambda$/);
});

test("the AWS profile: dimensions, sourced facts, SLA downtime, offers, history, matrix link", async ({
  page,
  context,
}) => {
  await english(context);
  await page.goto(`${app.url}/providers/aws`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Amazon Web Services");
  await expect(page.getByTestId("provider-kind")).toHaveText("Hyperscaler");

  for (const name of [
    "Hardware as sold",
    "Network and data transfer",
    "Fault handling and SLA",
    "Billing and hidden costs",
    "Support and images",
    "Security and compliance",
  ])
    await expect(page.getByTestId("dimensions").getByRole("heading", { level: 3, name })).toBeVisible();
  // Security is scored from AWS's one sourced security fact (security groups); hardware has
  // no evidence: unknown, not zero.
  await expect(page.getByTestId("dimension-security")).toContainText(
    "Stated by the provider: security groups / firewall rules — yes",
  );
  await expect(page.getByTestId("dimension-hardware")).toContainText("Unknown");
  // Issue 27: the profile groups show a stated fact with its quote, and the rest as unknown.
  const securityGroup = page.getByTestId("profile-group-securityCompliance");
  await expect(securityGroup.getByTestId("profile-fact-security_groups")).toContainText("virtual firewall");
  await expect(securityGroup.getByTestId("profile-fact-hipaa_baa")).toContainText(
    "Business Associate Addendum",
  );
  await expect(securityGroup.getByTestId("profile-fact-pci_dss-unknown")).toContainText("Not stated");

  // A fact with its source link and date.
  const snapshot = page.getByTestId("cost-block_storage_ssd_per_gb_month");
  await expect(snapshot).toContainText("$0.08/GB-month");
  await expect(snapshot.getByRole("link", { name: /Source/ })).toHaveAttribute(
    "href",
    "https://www.saisci.com/aws/gp2-vs-gp3-cost-comparison-ebs-volumes/",
  );
  await expect(snapshot).toContainText("Feb 4, 2021");

  // 99.99 % region SLA = 52.56 minutes a year, 4.38 a month.
  const region = page.getByTestId("sla-region");
  await expect(region.getByTestId("downtime-year")).toHaveText("52.56 min");
  await expect(region.getByTestId("downtime-month")).toHaveText("4.38 min");
  await expect(page.getByTestId("sla-instance").getByTestId("downtime-year")).toHaveText("43.8 h");

  const seedOffers = seedData.offers.filter((o) => o.provider === "aws").length;
  await expect(page.getByTestId("offer-count")).toHaveAttribute("data-value", String(seedOffers));
  await expect(page.getByTestId("offer-count")).toHaveText(formatCount(seedOffers, "en"));
  // The cheapest OFFERS_SHOWN_ON_PAGES rows; the page says so and links to the matrix for the rest.
  await expect(page.getByTestId("offer-row")).toHaveCount(Math.min(seedOffers, OFFERS_SHOWN_ON_PAGES));
  if (seedOffers > OFFERS_SHOWN_ON_PAGES)
    await expect(page.getByTestId("offers-shown")).toHaveText(
      `Showing the ${OFFERS_SHOWN_ON_PAGES} cheapest of ${formatCount(seedOffers, "en")}; the matrix lists them all.`,
    );
  await expect(page.getByTestId("matrix-link")).toHaveAttribute("href", "/matrix?provider=aws");
  await expect(page.getByTestId("offer-row").first().getByRole("link")).toHaveAttribute(
    "href",
    /^\/gpus\/[a-z0-9-]+$/,
  );

  // History: the chart draws, the same numbers are in the table, one date so far.
  const figure = page.getByTestId("history-figure");
  await figure.scrollIntoViewIfNeeded(); // charts load when scrolled into view
  await expect(figure.locator(".recharts-surface").first()).toBeVisible();
  await expect(page.getByTestId("history-one-date")).toContainText("Mar 1, 2025");
  await figure.getByText(/as a table/).click();
  const table = figure.getByRole("table");
  await expect(table).toBeVisible();
  await expect(table).toContainText("2025-03-01");
  await expect(table).toContainText("H100 SXM 80GB");
});

test("a provider without offers says what to do", async ({ page, context }) => {
  await english(context);
  await page.goto(`${app.url}/providers/alibaba`);
  await expect(page.getByTestId("offers-none")).toContainText("public price catalogs");
  await expect(page.getByTestId("offers-none")).not.toContainText("npm run");
  await expect(page.getByTestId("history-none")).toBeVisible();
  await expect(page.getByTestId("offer-count")).toHaveText("0");
});

test("zh-CN renders Chinese headings and yuan with the rate", async ({ page, context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: app.url }]);
  await page.goto(`${app.url}/providers/lambda`);
  await expect(page.getByRole("heading", { level: 2, name: "五个维度加安全与合规" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "小时单价之外的隐性成本" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "在售实例" })).toBeVisible();
  await expect(page.getByTestId("fx-notes")).toContainText("1 USD = 6.9843 CNY");
  await expect(page.getByTestId("offer-row").first().getByTestId("offer-on-demand")).toContainText("¥");
  await page.goto(`${app.url}/providers`);
  await expect(page.getByRole("heading", { level: 1, name: "云服务商" })).toBeVisible();
});

test("an unknown slug shows the provider not-found page", async ({ page, context }) => {
  await english(context);
  const response = await page.goto(`${app.url}/providers/no-such-cloud`);
  await expect(page.getByTestId("provider-not-found")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Provider not found" })).toBeVisible();
  // The slug is checked in the [slug] layout, before any loading state streams: a real 404.
  expect(response?.status()).toBe(404);
});

test("an offer's GPU link navigates in the page (one delegated island), and a ctrl-click is the browser's", async ({
  page,
  context,
}) => {
  await english(context);
  await page.goto(`${app.url}/providers/aws`);
  const link = page.getByTestId("offers-table").getByRole("link").first();
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/gpus\//);
  // A full page load would lose this; a client-side navigation keeps it.
  await page.evaluate(() => ((window as unknown as { __kept: number }).__kept = 42));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __kept?: number }).__kept)).toBe(42);

  // With a modifier the delegation steps aside: the browser opens its own tab.
  await page.goBack();
  await expect(page).toHaveURL(/\/providers\/aws$/);
  const popup = context.waitForEvent("page");
  await page
    .getByTestId("offers-table")
    .getByRole("link")
    .first()
    .click({ modifiers: ["ControlOrMeta"] });
  const opened = await popup;
  await opened.waitForLoadState();
  expect(new URL(opened.url()).pathname).toBe(href);
  await expect(page).toHaveURL(/\/providers\/aws$/);
});
