// The Sizing page in Chromium against the seeded catalog: the seeds' 7B example in one click
// (16/24 GB cards cannot hold full fine-tuning; QLoRA fits them), state in the URL, both
// languages, invalid input shown beside its field.
import { expect, test } from "@playwright/test";

import { freshDataDir, startApp, type AppServer } from "./app-server.ts";

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(3121, await freshDataDir());
});

test.afterAll(async () => {
  await app?.stop();
});

test("the 7B example: full fine-tuning does not fit 16/24 GB cards, QLoRA does", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);
  await page.goto(`${app.url}/sizing`);
  await expect(page.getByRole("heading", { level: 1, name: "VRAM sizing" })).toBeVisible();
  await page.getByRole("link", { name: "Example: fine-tune a 7B model" }).click();

  await expect(page).toHaveURL(/method=full/);
  await expect(page.getByTestId("example-story")).toBeVisible();
  // Full fine-tuning of Llama 2 7B: > 100 GB on one GPU.
  await expect(page.getByTestId("sizing-total")).toContainText(/1[0-9]{2}(\.\d)? GB/);

  // The method comparison: full FT fits neither 16 nor 24 GB; QLoRA fits both.
  for (const gb of [16, 24]) {
    await expect(page.getByTestId(`compare-full-${gb}`)).toHaveText(/Does not fit/);
    await expect(page.getByTestId(`compare-qlora-${gb}`)).toHaveText(/Fits/);
  }
  await expect(page.getByTestId("compare-lora-48")).toHaveText(/Fits/);
  await expect(page.getByTestId("compare-lora-80")).toHaveText(/Fits/);

  // The catalog's 16 GB and 24 GB GPUs do not fit full fine-tuning.
  for (const slug of ["t4-16gb", "v100-pcie-16gb", "rtx-4090-24gb", "l4-24gb", "a10g-24gb"]) {
    await expect(page.getByTestId(`fit-${slug}-needed`)).toHaveText("Does not fit");
  }

  // Switch to QLoRA through the form: one card of 16 and 24 GB is enough.
  await page.getByLabel("Method").selectOption("qlora");
  await page.getByRole("button", { name: "Calculate" }).click();
  await expect(page).toHaveURL(/method=qlora/);
  for (const slug of ["t4-16gb", "rtx-4090-24gb", "l4-24gb"]) {
    await expect(page.getByTestId(`fit-${slug}-needed`)).toHaveText("1 ×");
  }
  await expect(page.getByTestId("breakdown-table")).toContainText("Weights");
  await page.getByTestId("breakdown-table").scrollIntoViewIfNeeded(); // the chart loads in view
  await expect(page.getByTestId("breakdown-chart")).toBeVisible();

  // The whole state is in the URL: reloading the address gives the same answer.
  const url = page.url();
  await page.goto(url);
  await expect(page.getByTestId("fit-t4-16gb-needed")).toHaveText("1 ×");
  const offers = page.getByTestId("show-offers");
  await expect(offers).toHaveAttribute("href", /^\/matrix\?fits=.*method%3Dqlora/);
});

test("inference: Llama 2 7B at 4,096 tokens has a 2 GiB KV cache", async ({ page, context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);
  await page.goto(
    `${app.url}/sizing?mode=inference&model=llama-2-7b&wprec=fp16&ctx=4096&batch=1&kvprec=fp16`,
  );
  const kv = page.getByTestId("part-kvCacheBytes");
  await expect(kv).toContainText("KV cache");
  await expect(kv.locator("td").nth(1)).toHaveText("2");
  await expect(page.getByTestId("method-comparison")).toHaveCount(0);
});

test("bad input is shown beside its field, not as a crash", async ({ page, context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);
  await page.goto(`${app.url}/sizing?mode=training&mb=0&seq=abc`);
  await expect(page.getByTestId("sizing-errors")).toBeVisible();
  await expect(page.getByLabel("Micro-batch size")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Sequence length (tokens)")).toHaveAttribute("aria-invalid", "true");
});

test("Chinese sizing page speaks natural Chinese", async ({ page, context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "zh-CN", url: app.url }]);
  await page.goto(`${app.url}/sizing`);
  await page.getByRole("link", { name: "示例：微调一个 7B 模型" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "显存估算" })).toBeVisible();
  await expect(page.getByTestId("compare-full-24")).toHaveText(/放不下/);
  await expect(page.getByTestId("compare-qlora-16")).toHaveText(/放得下/);
  await expect(page.locator("body")).toContainText("全量微调");
  await expect(page.locator("body")).toContainText("梯度检查点");
});

test("screenshots at 1280 and 375 px in both languages; phones get one card per GPU", async ({
  page,
  context,
}) => {
  for (const locale of ["en", "zh-CN"]) {
    await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: app.url }]);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.url}/sizing?mode=training&model=llama-2-7b&method=full&example=7b`);
      const fits = width < 640 ? page.getByTestId("fit-card-t4-16gb") : page.getByTestId("fits-table");
      await expect(fits).toBeVisible();
      await expect(fits).toContainText(locale === "en" ? "Does not fit" : "放不下");
      await page.screenshot({ path: `test-results/sizing-${locale}-${width}.png`, fullPage: true });
      // Viewport-sized views of each part, for reading at full resolution.
      await page.screenshot({ path: `test-results/sizing-${locale}-${width}-top.png` });
      await page.getByTestId("breakdown-table").scrollIntoViewIfNeeded(); // the chart loads in view
      for (const id of ["breakdown-chart", "method-comparison"]) {
        await page.getByTestId(id).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/sizing-${locale}-${width}-${id}.png` });
      }
      await fits.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/sizing-${locale}-${width}-fits.png` });
    }
  }
});
