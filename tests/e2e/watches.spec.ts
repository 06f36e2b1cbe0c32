// Watches in Chromium: the matrix's "Watch this view" dialog and the alerts page, in both
// languages. Their messages come from the sections that render them (components/
// client-messages.tsx), not from every page: a message missing there would show its key or
// log MISSING_MESSAGE, which fails here.
import { expect, test } from "@playwright/test";

import { freshDataDir, startApp, type AppServer } from "./app-server.ts";
import { englishUsd, signUp } from "./helpers-scout.ts";

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(3261, await freshDataDir());
});

test.afterAll(async () => {
  await app?.stop();
});

const EXPECTED = {
  en: {
    dialog: "Watch this view",
    saved: "Watch saved",
    alerts: "Alerts",
    drop: "Price drop of at least 10",
  },
  "zh-CN": { dialog: "关注此视图", saved: "已保存关注", alerts: "提醒", drop: "降价至少 10" },
} as const;

test("a view is watched from the matrix and listed on the alerts page, in English and Chinese", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const locale of ["en", "zh-CN"] as const) {
    const words = EXPECTED[locale];
    const context = await browser.newContext();
    await englishUsd(context, app.url);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.text().includes("MISSING_MESSAGE")) problems.push(m.text());
    });
    await signUp(page, app.url, `watch-${locale}-${Date.now()}@example.test`, "Watcher");
    await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: app.url }]);

    await page.goto(`${app.url}/matrix?family=H100`);
    await page.getByTestId("watch-view").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: words.dialog })).toBeVisible();
    await dialog.getByRole("textbox").first().fill(`H100 ${locale}`);
    await page.getByTestId("watch-save").click();
    await expect(dialog).toContainText(words.saved);
    const dialogText = await dialog.innerText();

    await page.goto(`${app.url}/alerts`);
    await expect(page.getByRole("heading", { level: 1, name: words.alerts })).toBeVisible();
    const watch = page.getByTestId("watch").filter({ hasText: `H100 ${locale}` });
    await expect(watch).toContainText(words.drop);
    const alertsText = await page.locator("main").innerText();
    for (const text of [dialogText, alertsText]) expect(text).not.toMatch(/\b(watches|matrix)\.[a-z]\w*/);
    expect(problems).toEqual([]);
    await context.close();
  }
});
