// The selection checklist on a shortlist, against a production server on its own database:
// sign up, put an offer on a shortlist, mark two checklist items (one OK with evidence, one
// Problem), reload — they persisted and progress reads "1 of 7 OK · 1 problem"; the share link shows the
// statuses (read-only, no inputs).
import { expect, test, type Page } from "@playwright/test";

import { freshDataDir, startApp, type AppServer } from "./app-server.ts";

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(3211, await freshDataDir());
});

test.afterAll(async () => {
  await app?.stop();
});

const PASSWORD = "a long passphrase for e2e";
const EVIDENCE = "200 LoRA steps ran at 71 GiB peak VRAM";

async function signUp(page: Page, email: string, name: string): Promise<void> {
  await page.goto(`${app.url}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  const submit = page.getByRole("button", { name: "Create account" });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/shortlists$/);
}

test("checklist entries persist, count in progress and show on the share link", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  await context.addCookies([
    { name: "NEXT_LOCALE", value: "en", url: app.url },
    { name: "GPU_SCOUT_CURRENCY", value: "USD", url: app.url },
  ]);
  const page = await context.newPage();
  await signUp(page, "checker@example.test", "Checker");

  const create = page.getByTestId("create-shortlist-form");
  await create.getByLabel("Name").fill("Checklist candidates");
  await create.getByRole("button").click();
  await expect(page).toHaveURL(/\/shortlists\/[\w-]+$/);
  const shortlistUrl = page.url();

  await page.goto(`${app.url}/matrix`);
  await page.locator("tbody input[type=checkbox]").first().check();
  const adder = page.getByTestId("add-to-shortlist");
  const select = adder.getByLabel("Add to shortlist");
  const value = await select
    .locator("option", { hasText: "Checklist candidates" })
    .first()
    .getAttribute("value");
  await select.selectOption(value ?? "");
  await adder.getByRole("button", { name: /Add 1 offer/ }).click();
  await expect(page.getByTestId("add-to-shortlist-done")).toBeVisible();

  await page.goto(shortlistUrl);
  const item = page.getByTestId("shortlist-item");
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("checklist-progress-text")).toHaveText("0 of 7 OK · no problems");
  await item.getByTestId("checklist-toggle").click();

  // 1. OK with evidence text.
  const vram = item.locator('[data-testid="checklist-form"][data-item="VRAM_CONFIRMED_BY_RUN"]');
  // A click before hydration would be undone when React takes over the controlled radios.
  await expect(vram).toHaveAttribute("data-hydrated", "true");
  // Click the visible option (the radio itself is visually hidden), as a user does.
  await vram.locator("label").filter({ hasText: /OK$/ }).click();
  await expect(vram.getByRole("radio", { name: "OK" })).toBeChecked();
  await vram.getByLabel("Evidence").fill(EVIDENCE);
  await vram.getByTestId("checklist-save").click();
  await expect(vram.getByTestId("checklist-saved")).toHaveText("Saved.");

  // A link that is not http(s) is refused with a field error, nothing saved.
  const disk = item.locator('[data-testid="checklist-form"][data-item="DISK_AND_SNAPSHOTS"]');
  await disk.locator("label").filter({ hasText: /OK$/ }).click();
  await disk.getByLabel("Link").fill("javascript:alert(1)");
  await disk.getByTestId("checklist-save").click();
  await expect(disk.getByTestId("checklist-url-error")).toBeVisible();

  // 2. Problem.
  const billing = item.locator('[data-testid="checklist-form"][data-item="BILLING_RULES_CLEAR"]');
  await billing
    .locator("label")
    .filter({ hasText: /Problem$/ })
    .click();
  await expect(billing.getByRole("radio", { name: "Problem" })).toBeChecked();
  await billing.getByTestId("checklist-save").click();
  await expect(billing.getByTestId("checklist-saved")).toHaveText("Saved.");

  await page.reload();
  await expect(item.getByTestId("checklist-progress-text")).toHaveText("1 of 7 OK · 1 problem");
  await expect(page.getByTestId("checklist-summary")).toContainText("1 open problem");
  await item.getByTestId("checklist-toggle").click();
  await expect(vram.getByLabel("Evidence")).toHaveValue(EVIDENCE);
  await expect(vram.getByTestId("checklist-status-OK")).toBeChecked();
  await expect(billing.getByTestId("checklist-status-PROBLEM")).toBeChecked();
  await expect(disk.getByTestId("checklist-status-UNKNOWN")).toBeChecked();
  await expect(item.getByTestId("checklist-score-changes")).toContainText("Hardware");

  // The share link (without notes): statuses and progress, no inputs, no evidence text.
  await page.getByTestId("share-create").click();
  const shareUrl = await page.getByTestId("share-url").inputValue();
  const visitor = await browser.newContext();
  await visitor.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);
  const shared = await visitor.newPage();
  await shared.goto(shareUrl);
  const sharedItem = shared.getByTestId("shortlist-item");
  await expect(sharedItem.getByTestId("checklist-progress-text")).toHaveText("1 of 7 OK · 1 problem");
  await sharedItem.getByTestId("checklist-toggle").click();
  const statuses = sharedItem.getByTestId("checklist-status");
  await expect(statuses).toHaveCount(7);
  await expect(statuses.nth(0)).toHaveAttribute("data-status", "OK");
  await expect(statuses.nth(4)).toHaveAttribute("data-status", "PROBLEM");
  await expect(sharedItem.getByTestId("checklist-form")).toHaveCount(0);
  expect(await shared.content()).not.toContain(EVIDENCE);

  await visitor.close();
  await context.close();
});
