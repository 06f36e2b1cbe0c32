// The seeds' story end to end, in Chromium against a production server on its own database:
// a 7B LoRA fine-tune is sized on the Sizing page and sent to the scenario builder; offers are
// added ("the cheapest that fit" on spot, 1-year reserved and on-demand) and compared on those
// pricing models; the scenario is saved, edited into a second version, the two versions are
// compared, and the report is printed to PDF by Chromium and read back for its totals.
// Then a second tab saving from the old version is told about the conflict.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { freshDataDir, startApp, type AppServer } from "./app-server.ts";
import { englishUsd } from "./helpers-scout.ts";

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(3191, await freshDataDir());
});

test.afterAll(async () => {
  await app?.stop();
});

const PASSWORD = "a long passphrase for e2e";

async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId("result-row").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("recalculating")).toHaveCount(0, { timeout: 30_000 });
}

/** Row key → total text, in the order shown. */
async function totals(page: Page, rowTestId: string, totalTestId: string): Promise<Map<string, string>> {
  const rows = page.getByTestId(rowTestId);
  const out = new Map<string, string>();
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const key = (await row.getAttribute("data-key")) ?? String(i);
    out.set(key, (await row.getByTestId(totalTestId).innerText()).trim());
  }
  return out;
}

test("a 7B fine-tune: sized, three offers on on-demand vs spot vs reserved, saved, edited, compared, printed", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext();
  await englishUsd(context, app.url);
  const page = await context.newPage();

  // An account first (saving needs one; the draft survives signing in, but keep it simple).
  await page.goto(`${app.url}/signup`);
  await page.getByLabel("Email").fill(`lead-${Date.now()}@example.test`);
  await page.getByLabel("Name").fill("Team lead");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("account-menu")).toBeVisible();

  // 1. Sized on the Sizing page, then "Cost the whole job".
  await page.goto(`${app.url}/sizing?mode=training&model=llama-2-7b&method=lora&tokens=2e9`);
  await page.getByTestId("cost-this-job").click();
  await expect(page).toHaveURL(/\/scenarios\/new\?fits=/);
  const builder = page.getByTestId("scenario-builder");
  await expect(builder.getByRole("radio", { name: /A sizing/ })).toBeChecked();

  // The sized job arrives with its three cheapest fitting on-demand offers; start from none.
  await expect(page.getByTestId("offer-item")).toHaveCount(3);
  while ((await page.getByTestId("offer-item").count()) > 0) {
    await page
      .getByTestId("offer-item")
      .first()
      .getByRole("button", { name: /^Remove / })
      .click();
  }

  // 2. Offers: the cheapest that fit on spot, on 1-year reserved and on on-demand.
  const addForm = page.getByTestId("add-cheapest").locator("xpath=ancestor::form");
  for (const model of ["Spot", "1-year reserved", "On-demand"]) {
    await addForm.getByLabel("How many").fill("1");
    await addForm.getByLabel("Pricing model").selectOption({ label: model });
    await page.getByTestId("add-cheapest").click();
    await expect(addForm.getByText(/Found \d+ offer/)).toBeVisible({ timeout: 30_000 });
  }
  await expect(page.getByTestId("offer-item")).toHaveCount(3);
  await settled(page);
  const keys = [...(await totals(page, "result-row", "result-total")).keys()];
  const models = new Set(keys.map((k) => k.split(":")[1]));
  expect([...models].sort()).toEqual(["on_demand", "reserved_1y", "spot"]);

  // 3. Saved.
  await page.getByTestId("scenario-name").fill("7B LoRA fine-tune");
  await page.getByTestId("scenario-save").click();
  await expect(page).toHaveURL(/\/scenarios\/[\w-]+$/, { timeout: 30_000 });
  const scenarioUrl = page.url();
  await settled(page);
  const v1 = await totals(page, "result-row", "result-total");

  // 4. Edited: ten times the downloads → version 2 costs more wherever egress is priced.
  const data = page.getByRole("group", { name: /Data & storage/ });
  await data.getByLabel(/^Egress/).fill("500");
  await expect(page.getByTestId("recalculating")).toHaveCount(0, { timeout: 30_000 });
  await settled(page);
  await page.getByTestId("scenario-note").fill("Downloads of every checkpoint");
  await page.getByTestId("scenario-save").click();
  await expect(page.getByTestId("save-status")).toContainText("Saved as version 2");
  const v2 = await totals(page, "result-row", "result-total");
  expect(v2.size).toBe(v1.size);

  // 5. The two versions compared side by side.
  await page.goto(`${scenarioUrl}/compare?a=1&b=2`);
  const compare = page.getByTestId("version-compare");
  await expect(compare).toBeVisible();
  await expect(page.getByTestId("compare-change")).toHaveCount(1);
  await expect(page.getByTestId("compare-change").first()).toContainText("500");
  await expect(page.getByTestId("compare-result").first()).toBeVisible();

  // 6. The report, printed to PDF by Chromium; its totals are the saved version's.
  await page.goto(`${scenarioUrl}/report?v=2`);
  await expect(page.getByTestId("scenario-report")).toBeVisible();
  const reportTotals = await page.getByTestId("report-total").allInnerTexts();
  expect(reportTotals.map((t) => t.trim())).toEqual([...v2.values()]);
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "A4", printBackground: false });
  const dir = mkdtempSync(path.join(tmpdir(), "gpu-scout-report-"));
  const file = path.join(dir, "report.pdf");
  writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  expect(text).toContain("7B LoRA fine-tune");
  for (const total of reportTotals.slice(0, 3)) expect(text).toContain(total.trim());
  expect(text).toMatch(/checklist/i);
  await page.emulateMedia({ media: "screen" });

  // 7. Someone still on version 1 saves: told, not overwritten.
  const stale = await context.newPage();
  await stale.goto(`${scenarioUrl}?v=1`);
  await settled(stale);
  await stale
    .getByRole("group", { name: /Data & storage/ })
    .getByLabel(/^Upload \(GB\)/)
    .fill("999");
  await settled(stale);
  // Saving from an old version claims the latest; make it stale by saving meanwhile in tab 1.
  await page.goto(scenarioUrl);
  await settled(page);
  await page
    .getByRole("group", { name: /Data & storage/ })
    .getByLabel(/^Snapshots \(GB\)/)
    .fill("10");
  await settled(page);
  await page.getByTestId("scenario-save").click();
  await expect(page.getByTestId("save-status")).toContainText("Saved as version 3");
  await stale.getByTestId("scenario-save").click();
  const dialog = stale.getByTestId("conflict-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("3");
  await context.close();
});

test("the builder with results fits a phone: no sideways scroll in either language", async ({ browser }) => {
  test.setTimeout(120_000);
  const list = (await (await fetch(`${app.url}/api/v1/offers?gpu=h100&pageSize=3`)).json()) as {
    items: { id: string }[];
  };
  const ids = list.items.map((o) => o.id);
  expect(ids.length).toBeGreaterThan(0);
  for (const locale of ["en", "zh-CN"]) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: app.url }]);
    const page = await context.newPage();
    await page.goto(`${app.url}/scenarios/new?offers=${ids.join(",")}`);
    await settled(page);
    // The results table scrolls inside its own box; nothing (not even a screen-reader-only
    // header label, positioned against the page) may widen the page itself. Against the phone's
    // width, not innerWidth: a mobile browser zooms out to a wider page and innerWidth follows.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - 390);
    expect(overflow, locale).toBeLessThanOrEqual(0);
    await context.close();
  }
});

test("the builder's checks load when needed: the empty form's errors come with the page, a what-if quote is checked and sent to the server, the draft survives a reload, a bad file is explained", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  await englishUsd(context, app.url);
  const page = await context.newPage();
  // The validation and pricing chunk (zod + the engine) is not part of the page: it is requested
  // only after the user first points or types.
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await page.goto(`${app.url}/scenarios/new`);
  const builder = page.getByTestId("scenario-builder");
  await expect(builder.getByText("Add at least one offer to see results.")).toBeVisible();
  await page.waitForLoadState("networkidle");
  const onLoad = scripts.length;

  // A what-if quote without a price is refused in words; with one, it is added and priced.
  await builder.getByText("Add a what-if offer (a quote you received)").click();
  expect(scripts.length, "the engine chunk is requested on the first interaction").toBeGreaterThan(onLoad);
  const whatIf = builder.locator("details", { hasText: "Add a what-if offer" });
  await whatIf.getByLabel("Name").fill("Quote A");
  await whatIf.getByRole("button", { name: "Add what-if offer" }).click();
  await expect(whatIf.getByText("Give at least one price.")).toBeVisible();
  await whatIf.getByLabel("On-demand").fill("20");
  await whatIf.getByRole("button", { name: "Add what-if offer" }).click();
  await expect(page.getByTestId("offer-item")).toHaveCount(1);
  // Priced by the server (the quote has no GPU model, so the FLOPs job cannot be placed on it:
  // the options are listed as not priced, with their reasons).
  await expect(page.getByText(/^Computed in \d+ ms/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("3 options could not be priced")).toBeVisible();

  // The unsaved draft comes back after a reload (checked with the schema, which loads for it).
  await page.waitForTimeout(1_000); // the draft is kept 600 ms after the last edit
  await page.reload();
  await expect(builder.getByText(/Resumed your unsaved draft/)).toBeVisible();
  await expect(page.getByTestId("offer-item")).toHaveCount(1);
  // Priced by the server (the quote has no GPU model, so the FLOPs job cannot be placed on it:
  // the options are listed as not priced, with their reasons).
  await expect(page.getByText(/^Computed in \d+ ms/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("3 options could not be priced")).toBeVisible();

  // A file with values out of range is explained, and the scenario is kept.
  await page.getByTestId("import-json").setInputFiles({
    name: "bad.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ schemaVersion: 1, workload: { gpuHours: -5 }, offers: [] })),
  });
  await expect(page.getByTestId("actions-status")).toContainText("That file is not a GPU Scout scenario");
  await expect(page.getByTestId("offer-item")).toHaveCount(1);
  await context.close();
});

test("a builder opened with offers prices the first edit in the browser, before the server answers", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const list = (await (await fetch(`${app.url}/api/v1/offers?gpu=h100&pageSize=3`)).json()) as {
    items: { id: string }[];
  };
  const context = await browser.newContext();
  await englishUsd(context, app.url);
  const page = await context.newPage();
  await page.goto(`${app.url}/scenarios/new?offers=${list.items.map((o) => o.id).join(",")}`);
  await settled(page);
  const before = await totals(page, "result-row", "result-total");
  // The page sent its pricing context with the result: the edit is priced with it at once, so
  // "Recalculating…" never shows (it shows while an edit waits for the server).
  await page.evaluate(() => {
    const w = window as unknown as { __recalculating: boolean };
    w.__recalculating = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="recalculating"]')) w.__recalculating = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const field = page
    .getByRole("group", { name: /Data & storage/ })
    .getByRole("textbox", { name: "Block storage (GB)", exact: true });
  await field.click(); // the first interaction loads the engine
  await page.waitForLoadState("networkidle");
  await field.fill("20000");
  await expect.poll(async () => totals(page, "result-row", "result-total")).not.toEqual(before);
  await page.waitForTimeout(1_000); // the server's answer (400 ms debounce) has arrived
  expect(await page.evaluate(() => (window as unknown as { __recalculating: boolean }).__recalculating)).toBe(
    false,
  );
  await context.close();
});
