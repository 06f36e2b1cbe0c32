// Trials end to end, against a production server on its own database: sign up, start a trial
// of an 8×H100 offer, fill the five steps, import a probe file, verify nvidia-smi output that
// shows fewer GPUs than sold (a mismatch in plain words), save, reload (values persisted), see
// it in /trials with its cost per step in both languages, and hand it to the scenario builder.
// Another user cannot open the trial (404).
import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test, type Browser, type Page } from "@playwright/test";

import { freshDataDir, startApp, type AppServer } from "./app-server.ts";

let app: AppServer;
let offerId = "";

test.beforeAll(async ({ request }) => {
  app = await startApp(3201, await freshDataDir());
  const res = await request.get(`${app.url}/api/v1/offers?gpu=h100-sxm-80gb&includeStale=true&pageSize=100`);
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { items: { id: string; gpuCount: number }[] }).items;
  const eight = items.find((o) => o.gpuCount === 8);
  if (!eight) throw new Error("no seeded 8×H100 SXM offer");
  offerId = eight.id;
});

test.afterAll(async () => {
  await app?.stop();
});

const PASSWORD = "a long passphrase for e2e";
const SMI = readFileSync(
  path.resolve(process.cwd(), "../shared/data/nvidia-smi/h100-sxm-80gb-multi-1.txt"),
  "utf8",
)
  .split("\n")
  .filter((line) => !line.startsWith("# "))
  .join("\n");

/** A probe file as probe.sh writes it (only the parts the form reads, plus required ones). */
const PROBE = JSON.stringify({
  schema: "gpu-scout-probe",
  version: 1,
  scriptRevision: "2026-11-30",
  createdAt: "2026-11-30T10:00:00Z",
  label: "e2e",
  durationSeconds: 42,
  timeLimitSeconds: 300,
  host: { uptimeSeconds: 600, bootedAt: "2026-11-30T09:50:00Z" },
  gpu: { count: 8, driverVersion: "565.57.01", cudaVersion: "12.7", smi: SMI },
  frameworks: { python: "3.11.7", torch: "2.4.0" },
  disk: { writeMBps: 1850.5, readMBps: 2400, tool: "dd" },
  steps: [],
});

async function newUser(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([
    { name: "NEXT_LOCALE", value: "en", url: app.url },
    { name: "GPU_SCOUT_CURRENCY", value: "USD", url: app.url },
  ]);
  const page = await context.newPage();
  await page.goto(`${app.url}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill("Trial tester");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("account-menu")).toBeVisible();
  return page;
}

test("a trial: five steps, probe import, hardware mismatch, list and cost per step, to a scenario", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await newUser(browser, "trialist@example.test");

  await page.goto(`${app.url}/trials`);
  await expect(page.getByTestId("trials-empty")).toBeVisible();

  await page.goto(`${app.url}/trials/new?offer=${offerId}`);
  await expect(page.getByTestId("new-trial-offer")).toContainText("× 8");
  await page.getByLabel("Label (optional)").fill("LoRA 7B on 8×H100");
  await page.getByTestId("new-trial-start").click();
  await expect(page).toHaveURL(/\/trials\/[a-z0-9]+$/);
  const trialUrl = page.url();

  // Probe import: the diff lists the driver, then "Fill in" fills the form.
  await page.getByTestId("probe-paste").fill(PROBE);
  await page.getByTestId("probe-read").click();
  await expect(page.getByTestId("probe-diff")).toContainText("565.57.01");
  await page.getByTestId("probe-apply").click();
  await expect(page.getByTestId("trial-driverVersion")).toHaveValue("565.57.01");
  await expect(page.getByTestId("trial-diskWriteMBps")).toHaveValue("1850.5");

  await page.getByTestId("trial-bootMinutes").fill("3");
  await page.getByTestId("trial-bootSeconds").fill("20");
  await page.getByTestId("trial-stepTimeSeconds").fill("1.8");
  await page.getByTestId("trial-peakVramGb").fill("74");
  await page.getByTestId("trial-samplesPerStep").fill("16");
  await page.getByTestId("trial-reboot-yes").check();
  await page.getByTestId("trial-billedHourlyPrice").fill("24");
  await page.getByTestId("trial-durationMinutes").fill("45");
  // 24 $/h × 1.8 s ÷ 3600 = $0.012 per step; 45 min × 24 $/h = $18.
  await expect(page.getByTestId("result-cost-step")).toHaveText("$0.012");
  await expect(page.getByTestId("result-trial-cost")).toHaveText("$18.00");
  await page.getByTestId("trial-save").click();
  await expect(page.getByTestId("trial-save-status")).toHaveText("Saved.");

  // Hardware: the probe's nvidia-smi is in the panel; claim 16 GPUs → "16 advertised, 8 visible".
  await expect(page.getByTestId("hardware-output")).not.toHaveValue("");
  await page.getByTestId("hardware-panel").getByLabel("GPU count").fill("16");
  await page.getByTestId("hardware-verify").click();
  const report = page.getByTestId("hardware-report").first();
  await expect(report.getByTestId("verdict-badge")).toHaveAttribute("data-verdict", "mismatch");
  await expect(report.getByTestId("hardware-mismatches")).toContainText("16");
  await expect(report.getByTestId("hardware-gpus").locator("tbody tr")).toHaveCount(8);

  // Reload: persisted.
  await page.reload();
  await expect(page.getByTestId("trial-stepTimeSeconds")).toHaveValue("1.8");
  await expect(page.getByTestId("trial-bootMinutes")).toHaveValue("3");
  await expect(page.getByTestId("hardware-checks").locator("li")).toHaveCount(1);

  // The list: steps done, verdict, cost per step; select → scenario builder with ?trials=.
  await page.goto(`${app.url}/trials`);
  const row = page.getByTestId("trial-row").first();
  await expect(row).toContainText("LoRA 7B on 8×H100");
  await expect(row).toContainText("$0.012");
  await expect(row.getByTestId("verdict-badge")).toHaveAttribute("data-verdict", "mismatch");
  await row.getByTestId("trial-select").check();
  const trialId = trialUrl.split("/").pop() ?? "";
  await expect(page.getByTestId("trials-cost-job")).toHaveAttribute(
    "href",
    `/scenarios/new?trials=${trialId}`,
  );

  // The builder starts from the trial: its offer, its measured step time and boot, priced on
  // the server (no FLOPs estimate).
  await page.getByTestId("trials-cost-job").click();
  await expect(page).toHaveURL(/\/scenarios\/new\?trials=/);
  const measured = page.getByTestId("offer-measured");
  await expect(measured).toContainText("LoRA 7B on 8×H100");
  await expect(measured).toContainText("1.8 s/step");
  await expect(measured).toContainText("boot 3.33 min");
  await expect(page.getByTestId("result-row").first()).toBeVisible();
  // 10,000 steps (no full-job length recorded) × 1.8 s = 5 h of work, at the billed $24/h.
  await expect(page.getByTestId("result-row").first()).toContainText("$");

  // Chinese: the same trial, seed wording.
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: app.url }]);
  await page.goto(trialUrl);
  await expect(page.getByTestId("trial-step-reboot")).toContainText("主动重启一次");
  await expect(page.getByTestId("hardware-checks")).toContainText("与所购不符");
  await page.goto(`${app.url}/scenarios/new?trials=${trialId}`);
  await expect(page.getByTestId("offer-measured")).toContainText("每步 1.8 秒");
  await expect(page.getByTestId("result-row").first()).toBeVisible();

  // Another user: the trial is not there for them.
  const other = await newUser(browser, "outsider@example.test");
  const res = await other.goto(trialUrl);
  expect(res?.status()).toBe(404);
});

test("bad links to /trials/new are explained, never a 500", async ({ browser }) => {
  const page = await newUser(browser, "linker@example.test");
  await page.goto(`${app.url}/trials/new`);
  await expect(page.getByTestId("new-trial-notice")).toContainText("Which offer");
  const res = await page.goto(`${app.url}/trials/new?offer=doesnotexist000000000000`);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("new-trial-notice")).toContainText("not in the catalog");
});
