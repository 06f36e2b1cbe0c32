// npm run screenshots -- --base http://127.0.0.1:3000 [--out DIR] [--widths 390,768,1366,1920]
//                        [--locales en,zh-CN] [--only matrix,home] [--height 2400]
// Screenshots of the pages people compare on, in Debian's Chromium (CHROMIUM_PATH), at phone,
// tablet, laptop and desktop widths, in English and Chinese, of a running app (`npm start` or
// `npm run dev`; the seeded database is enough, the public catalog shows more). Each page is
// captured from its top down to --height CSS pixels (the whole page when shorter), after its
// scripts have loaded and its deferred parts settled. A shortlist of five 8× H100 offers is made
// through the app (sign-up, shortlist, public link) for the shared view and the compare page.
// Prints the files written and, per shot, how far the page overflows the viewport sideways
// (a phone layout should not scroll sideways: the tables scroll inside their own boxes).
// Look at them: the file name says page, width and locale (e.g. matrix-390-zh-CN.png).
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";

import { chromium } from "playwright";

import { shareCheapestH100s } from "./lib/share-link.ts";
import { runScript } from "./run-script.ts";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:3000" },
    out: { type: "string", default: "screenshots" },
    widths: { type: "string", default: "390,768,1366,1920" },
    locales: { type: "string", default: "en,zh-CN" },
    only: { type: "string" },
    height: { type: "string", default: "2400" },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
  },
});

runScript("screenshots", async () => {
  const base = values.base.replace(/\/$/, "");
  const out = path.resolve(values.out);
  await mkdir(out, { recursive: true });
  const { offerIds: ids, path: sharePath } = await shareCheapestH100s(
    base,
    "screenshots",
    "H100 ×8 for the fine-tune",
  );
  const pages: [name: string, pathname: string][] = [
    ["home", "/"],
    ["matrix", "/matrix"],
    ["matrix-grouped", "/matrix?group=gpu"],
    ["provider", "/providers/aws"],
    ["gpu", "/gpus/h100-sxm-80gb"],
    ["compare", `/matrix/compare?offers=${ids.join(",")}`],
    ["shared", sharePath],
    ["builder", `/scenarios/new?offers=${ids.slice(0, 3).join(",")}`],
    ["sizing", "/sizing"],
  ];
  const only = values.only?.split(",").map((s) => s.trim());
  const chosen = pages.filter(([name]) => !only || only.includes(name));
  const maxHeight = Number(values.height);
  const browser = await chromium.launch({
    executablePath: values.chromium,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    for (const locale of values.locales.split(",")) {
      for (const width of values.widths.split(",").map(Number)) {
        const context = await browser.newContext({
          viewport: { width, height: width < 640 ? 844 : width < 1024 ? 1024 : 900 },
          deviceScaleFactor: 1,
          isMobile: width < 640,
          hasTouch: width < 1024,
          locale,
        });
        await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: base }]);
        const page = await context.newPage();
        for (const [name, pathname] of chosen) {
          await page.goto(base + pathname, { waitUntil: "load", timeout: 60_000 });
          // Deferred parts (streamed tables, charts loaded on view) settle.
          await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
          await page.waitForTimeout(500);
          const size = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            height: document.documentElement.scrollHeight,
          }));
          const file = path.join(out, `${name}-${width}-${locale}.png`);
          await page.screenshot({
            path: file,
            fullPage: true,
            clip: { x: 0, y: 0, width, height: Math.min(size.height, maxHeight) },
          });
          const overflow = size.scrollWidth - width;
          console.log(
            `${path.relative(process.cwd(), file)}  page ${size.height}px tall${overflow > 0 ? `, ${overflow}px wider than the screen` : ""}`,
          );
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
});
