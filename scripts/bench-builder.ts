// npm run bench:builder (after `npm run build`) — does the scenario builder answer as you type?
// (issue 23 §5: an edit shows updated totals in ≤ 250 ms p95.) Starts the production app on a
// fresh embedded database (the curated seed), opens /scenarios/new with the seed's H100 offers
// in Debian's Chromium, and edits the block-storage field --edits times. Per edit it records:
// - shown: from the keystroke until the first result total on screen changed (what the user
//   sees — priced in the browser when the edit keeps the context, lib/scenarios/price.ts);
// - server: from the keystroke until the server's answer to the recompute arrived (the
//   reference, measured in the same run: 400 ms debounce plus the server action).
// Prints p50 / p95 of both and their ratio. Numbers, not pass/fail.
import { parseArgs } from "node:util";

import { chromium } from "playwright";

import { freshPgliteDir, startAppProcess } from "./lib/app-client.ts";
import { runScript } from "./run-script.ts";

const { values } = parseArgs({
  options: {
    edits: { type: "string", default: "20" },
    port: { type: "string", default: "3971" },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
  },
});

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};

runScript("bench:builder", async () => {
  const app = await startAppProcess(Number(values.port), {
    kind: "pglite",
    dataDir: await freshPgliteDir("gpu-scout-bench-builder-"),
  });
  const browser = await chromium.launch({ executablePath: values.chromium });
  try {
    const offers = (await (await fetch(`${app.url}/api/v1/offers?gpu=h100-sxm-80gb`)).json()) as {
      items: { id: string }[];
    };
    const ids = offers.items.slice(0, 6).map((o) => o.id);
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${app.url}/scenarios/new?offers=${ids.join(",")}`, { waitUntil: "load" });
    await page.getByTestId("result-total").first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    const field = page
      .getByRole("group", { name: /Data & storage/ })
      .getByRole("textbox", { name: "Block storage (GB)", exact: true });
    // A first edit, not timed: it loads the builder's engine (validation and in-browser pricing,
    // requested on the first interaction); the page sent the pricing context with its result.
    await field.fill("1000");
    await page.waitForTimeout(2500);
    const shown: number[] = [];
    const server: number[] = [];
    const edits = Number(values.edits);
    for (let i = 0; i < edits; i++) {
      const before = await page.getByTestId("result-total").allTextContents();
      const answered = page.waitForResponse(
        (r) => r.request().method() === "POST" && r.request().headers()["next-action"] !== undefined,
        { timeout: 30_000 },
      );
      const t0 = Date.now();
      await field.fill(String(500 + (i + 1) * 1370));
      await page.waitForFunction(
        (prev) => {
          const now = [...document.querySelectorAll('[data-testid="result-total"]')].map(
            (e) => e.textContent,
          );
          return now.length > 0 && now.join("|") !== prev.join("|");
        },
        before,
        { timeout: 30_000, polling: "raf" },
      );
      shown.push(Date.now() - t0);
      await answered;
      server.push(Date.now() - t0);
      await page.waitForTimeout(300);
    }
    const row = (name: string, xs: number[]) =>
      `${name.padEnd(34)} ${String(pct(xs, 50)).padStart(6)} ${String(pct(xs, 95)).padStart(6)}`;
    console.log(`\nScenario builder, ${ids.length} offers, ${edits} edits of the block-storage field (ms)`);
    console.log(`${"".padEnd(34)} ${"p50".padStart(6)} ${"p95".padStart(6)}`);
    console.log(row("updated totals shown", shown));
    console.log(row("server answer arrived (reference)", server));
    console.log(`shown / server at p95: ${(pct(shown, 95) / pct(server, 95)).toFixed(2)}`);
  } finally {
    await browser.close();
    await app.stop();
  }
});
