// The flows a new user found broken in a walkthrough, walked the way a person does in Chromium,
// against a production server whose catalog holds the curated seed (cuid ids) plus offers from
// the SkyPilot and native importers (UUID ids):
// - compare from the matrix and from a shortlist with imported offers in it;
// - Sizing → "cost this job" for a QLoRA 7B fine-tune (zh-CN) and a 70B inference (en): the
//   builder arrives with the cheapest fitting offers, priced, and says what it assumed;
// - creating a team five times in a row, once clicked before the page's scripts have loaded;
// - unknown ids answer 404, signed in and signed out.
import { spawnSync } from "node:child_process";

import { expect, test, type BrowserContext, type Page } from "@playwright/test";

import { freshDataDir, startApp, type AppServer } from "./app-server.ts";

let app: AppServer;
const PASSWORD = "a long passphrase for e2e";
const TODAY = new Date().toISOString().slice(0, 10);

function importFixtures(dataDir: string) {
  for (const args of [
    ["--skypilot", "tests/catalog/fixtures/good-vms.csv", "--cloud", "fixturecloud", "--observed-at", TODAY],
    ["--native", "tests/catalog/fixtures/native-offers.csv", "--observed-at", TODAY],
  ]) {
    const run = spawnSync("npx", ["tsx", "scripts/catalog-import.ts", ...args], {
      cwd: process.cwd(),
      env: { ...process.env, PGLITE_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 120_000,
    });
    if (run.status !== 0)
      throw new Error(`catalog:import ${args.join(" ")} failed:\n${run.stdout}\n${run.stderr}`);
  }
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const dataDir = await freshDataDir();
  importFixtures(dataDir); // prepares (migrates, seeds) the folder, then imports
  app = await startApp(3231, dataDir);
});

test.afterAll(async () => {
  await app?.stop();
});

async function prefer(context: BrowserContext, locale: "en" | "zh-CN", currency: "USD" | "CNY") {
  await context.addCookies([
    { name: "NEXT_LOCALE", value: locale, url: app.url },
    { name: "GPU_SCOUT_CURRENCY", value: currency, url: app.url },
  ]);
}

async function signUp(page: Page, email: string) {
  await page.goto(`${app.url}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill("Flow Tester");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  const submit = page.getByRole("button", { name: "Create account" });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/shortlists$/);
}

test("compare imported offers from the matrix and from a shortlist", async ({ page, context }) => {
  await prefer(context, "en", "USD");
  await signUp(page, "compare@example.test");

  // The matrix, filtered to the two imported providers; pick one offer of each.
  await page.goto(`${app.url}/matrix?provider=fixturecloud,yunfix&sort=gpuHour`);
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const fixtureRow = rows.filter({ hasText: "8x-H100-SXM" }).first();
  const yunRow = rows.filter({ hasText: "gn8.8xh100" }).first();
  await fixtureRow.locator("input[type=checkbox]").check();
  await yunRow.locator("input[type=checkbox]").check();
  await page.getByTestId("compare-link").click();

  await expect(page).toHaveURL(/\/matrix\/compare\?offers=/);
  const ids = new URL(page.url()).searchParams.get("offers")!.split(",");
  expect(ids).toHaveLength(2);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/); // importer UUIDs
  await expect(page.getByRole("heading", { level: 1, name: "Compare 2 offers" })).toBeVisible();
  await expect(page.getByTestId("specs-instanceType-0")).toBeVisible();
  await expect(page.getByText(/not valid|无效/)).toHaveCount(0);

  // Into a shortlist, then "compare these offers" from the shortlist.
  await page.goto(`${app.url}/shortlists`);
  const create = page.getByTestId("create-shortlist-form");
  await create.getByLabel("Name").fill("Imported H100s");
  await create.getByRole("button").click();
  await expect(page).toHaveURL(/\/shortlists\/[\w-]+$/);
  const shortlistUrl = page.url();
  await page.goto(`${app.url}/matrix/compare?offers=${ids.join(",")}`);
  const adder = page.getByTestId("add-to-shortlist");
  await adder.getByLabel("Add to shortlist").selectOption({ label: "Imported H100s · Personal workspace" });
  await adder.getByRole("button", { name: "Add 2 offers" }).click();
  await expect(page.getByTestId("add-to-shortlist-done")).toContainText("2 offers added");
  await page.goto(shortlistUrl);
  await expect(page.getByTestId("shortlist-item")).toHaveCount(2);
  await page.getByRole("link", { name: "Compare these offers side by side" }).click();
  await expect(page).toHaveURL(/\/matrix\/compare\?offers=/);
  await expect(page.getByRole("heading", { level: 1, name: "Compare 2 offers" })).toBeVisible();
});

test("QLoRA 7B sizing → cost this job, in Chinese: the builder arrives with fitting offers, priced", async ({
  page,
  context,
}) => {
  await prefer(context, "zh-CN", "CNY");
  await page.goto(
    `${app.url}/sizing?mode=training&model=llama-2-7b&method=qlora&prec=bf16&opt=adamw&mb=1&seq=2048&ckpt=1&zero=0&gpus=1`,
  );
  await page.getByTestId("cost-this-job").click();
  await expect(page).toHaveURL(/\/scenarios\/new\?fits=/);
  // No training tokens in the sizing: the builder says which hours it priced.
  // An assumption, not an error: announced politely (role=status), never as an alert.
  await expect(page.getByRole("status").filter({ hasText: "24 实例小时" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "24 实例小时" })).toHaveCount(0);
  await expect(page.getByTestId("offer-item")).toHaveCount(3);
  await expect(page.getByTestId("result-row").first()).toBeVisible();
  // Totals in the reader's currency.
  await expect(page.getByTestId("result-row").first()).toContainText("¥");
  // "Add the 3 cheapest that fit" now finds them (all already listed), and never a bare refusal.
  await page.getByTestId("add-cheapest").click();
  await expect(page.getByText(/找到 3 个报价/)).toBeVisible();
  await expect(page.getByText("无法执行此操作。")).toHaveCount(0);
});

test("70B inference sizing → cost this job, in English, with one month of serving priced", async ({
  page,
  context,
}) => {
  await prefer(context, "en", "USD");
  await page.goto(`${app.url}/sizing?mode=inference&model=llama-2-70b&wprec=bf16&ctx=4096&batch=1`);
  await page.getByTestId("cost-this-job").click();
  await expect(page).toHaveURL(/\/scenarios\/new\?fits=/);
  await expect(page.getByRole("status").filter({ hasText: "730 instance hours" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "730 instance hours" })).toHaveCount(0);
  await expect(page.getByTestId("offer-item")).toHaveCount(3);
  await expect(page.getByTestId("result-row").first()).toBeVisible();

  // Clearing the hours: "add cheapest" explains what is missing instead of "could not be done".
  const hours = page.getByLabel("Instance hours to price");
  await hours.fill("");
  await page.getByTestId("add-cheapest").click();
  await expect(page.getByRole("alert").filter({ hasText: "This sizing cannot be priced yet" })).toBeVisible();
});

test("Sizing → show the offers that fit: the matrix opens with its banner in view", async ({
  page,
  context,
}) => {
  await prefer(context, "zh-CN", "CNY");
  await page.goto(`${app.url}/sizing?mode=training&model=llama-2-7b&method=qlora&example=7b`);
  const link = page.getByTestId("show-offers");
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await link.click();
  await expect(page).toHaveURL(/\/matrix\?fits=/);
  // A walkthrough once arrived 778 px down the matrix, the banner out of sight (not reproduced
  // since): this keeps it from coming back.
  await expect(page.getByTestId("fits-banner")).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("creating a team works every time, even before the page's scripts have run", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000);
  await prefer(context, "en", "USD");
  await signUp(page, "teams@example.test");
  const created: string[] = [];
  for (let i = 1; i <= 5; i++) {
    await page.goto(`${app.url}/teams`);
    await page.getByLabel("Team name").fill(`Team ${i}`);
    await page.getByRole("button", { name: "Create team" }).click();
    await expect(page).toHaveURL(/\/teams\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: `Team ${i}` })).toBeVisible();
    created.push(page.url());
  }
  expect(new Set(created).size).toBe(5);

  // The app's script files never arrive (only the page's inline scripts run, as before
  // hydration on a slow link): the form still posts, creates the team and lands on its page.
  // Before this was fixed the same click did nothing a server could see.
  const noScript = await browser.newContext();
  await noScript.addCookies([...(await context.cookies())]);
  await noScript.route("**/_next/static/chunks/**", (route) => route.abort());
  const bare = await noScript.newPage();
  await bare.goto(`${app.url}/teams`);
  await bare.getByLabel("Team name").fill("Without scripts");
  await bare.getByRole("button", { name: "Create team" }).click();
  await expect(bare).toHaveURL(/\/teams\/[\w-]+$/);
  await expect(bare.getByRole("heading", { level: 1, name: "Without scripts" })).toBeVisible();
  // An empty name without scripts: refused by the server, said beside the field.
  await bare.goto(`${app.url}/teams`);
  await bare.getByRole("button", { name: "Create team" }).click();
  await expect(bare.getByTestId("team-name-error")).toHaveText("Enter a name for the team.");
  await noScript.close();
  await page.goto(`${app.url}/teams`);
  for (const name of ["Team 1", "Team 5", "Without scripts"]) {
    await expect(page.getByRole("link", { name })).toBeVisible();
  }
});

const UNKNOWN = [
  "/scenarios/nope",
  "/scenarios/nope/report",
  "/scenarios/nope/compare",
  "/trials/nope",
  "/teams/nope",
  "/shortlists/nope",
  "/s/nope",
  "/s/nope/scenarios/nope",
  "/providers/nope",
  "/gpus/nope",
  "/catalog/imports/nope",
];

test("unknown ids answer 404, signed out and signed in", async ({ page, context }) => {
  await prefer(context, "en", "USD");
  for (const path of UNKNOWN.filter((p) => !p.startsWith("/teams") && !p.startsWith("/shortlists"))) {
    const res = await page.request.get(`${app.url}${path}`);
    expect(res.status(), `${path} signed out`).toBe(404);
  }
  await signUp(page, "notfound@example.test");
  for (const path of UNKNOWN) {
    const res = await page.request.get(`${app.url}${path}`);
    expect(res.status(), `${path} signed in`).toBe(404);
  }
  // And the page a person sees says so in their language.
  await prefer(context, "zh-CN", "CNY");
  const res = await page.goto(`${app.url}/scenarios/nope`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("不存在");
});
