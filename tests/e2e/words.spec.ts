// Every page of the app, in zh-CN and English, read as a person reads it (the visible text,
// after the page has rendered in Chromium), checked for words that are the code's and not the
// reader's: a camelCase identifier, an ALL_CAPS enum value, a message key, and on a zh-CN page
// an English sentence. Product names and units are allowed (ALLOWED below). The pages that need
// an account, a team's data or a share link are made through the UI first.
import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { freshDataDir, startApp, type AppServer } from "./app-server.ts";
import { createSharedShortlist, englishUsd, signUp } from "./helpers-scout.ts";
import enMessages from "../../messages/en.json" with { type: "json" };

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(3251, await freshDataDir());
});

test.afterAll(async () => {
  await app?.stop();
});

/** Product, provider, model and unit names that look like code but are the world's words. */
const ALLOWED = new Set([
  "iPhone",
  "macOS",
  "vCPU",
  "vCPUs",
  "vGPU",
  "vLLM",
  "nvidia-smi",
  "eGPU",
  "kWh",
  "mTLS",
  "gRPC",
  "iOS",
  "npm",
  "pgvector",
  "pdfTeX",
  "DeepSpeed",
  "PyTorch",
  "JavaScript",
  "TypeScript",
  "GitHub",
  "CoreWeave",
  "RunPod",
  "DigitalOcean",
  "OpenAI",
  "FlashAttention",
  "DeepSeek",
  "MLPerf",
  "SkyPilot",
  "PGlite",
  "PostgreSQL",
  "NVLink",
  "InfiniBand",
  "RoCE",
]);

/** Every message key path ("scenarioBuilder.offers.cheapest.add"), and its last two parts. */
function messageKeys(value: unknown, prefix = "", into = new Set<string>()): Set<string> {
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) messageKeys(v, prefix ? `${prefix}.${k}` : k, into);
  } else if (prefix.includes(".")) {
    into.add(prefix);
    into.add(prefix.split(".").slice(-2).join("."));
  }
  return into;
}
const KEYS = [...messageKeys(enMessages)].filter((k) => /[A-Z]/.test(k) || k.split(".").length > 2);

/** Every value of every enum in prisma/schema.prisma (ON_DEMAND, NVLINK, GPU_CLOUD, …). */
const ENUM_VALUES = new Set(
  [
    ...readFileSync(path.join(process.cwd(), "prisma/schema.prisma"), "utf8").matchAll(
      /^enum \w+ \{([^}]*)\}/gm,
    ),
  ]
    .flatMap((m) => m[1]!.split("\n"))
    .map((line) => line.replace(/\/\/.*$/, "").trim())
    .filter((v) => /^[A-Z][A-Z0-9_]+$/.test(v))
    // Values that are also the world's spelling: vendors, a form factor, "OK".
    .filter((v) => !["NVIDIA", "AMD", "INTEL", "SXM", "OAM", "OK"].includes(v)),
);

const STOPWORDS = new Set(
  "the a an of to is are and or for in with on by not this that be from your you it as at was we can will no".split(
    " ",
  ),
);

interface Finding {
  page: string;
  kind: string;
  text: string;
}

function findProblems(page: string, text: string, locale: "en" | "zh-CN"): Finding[] {
  const out: Finding[] = [];
  const add = (kind: string, found: string) => out.push({ page, kind, text: found });
  for (const m of text.matchAll(/\b[a-z]+[A-Z][A-Za-z0-9]*\b/g)) {
    if (!ALLOWED.has(m[0])) add("camelCase identifier", m[0]);
  }
  // Our own enum values (a provider's instance type such as H100_SXM_COMMUNITY is its name).
  for (const m of text.matchAll(/(?<![\w-])[A-Z][A-Z0-9_]+(?![\w-])/g)) {
    if (ENUM_VALUES.has(m[0])) add("enum value", m[0]);
  }
  for (const key of KEYS) if (text.includes(key)) add("message key", key);
  if (locale === "zh-CN") {
    // Four or more English words in a row, at least two of them everyday words: a sentence.
    for (const m of text.matchAll(/[A-Za-z][A-Za-z'’-]*(?:[ ,]+[A-Za-z][A-Za-z'’-]*){3,}/g)) {
      const words = m[0].toLowerCase().split(/[ ,]+/);
      if (words.filter((w) => STOPWORDS.has(w)).length >= 2) add("English sentence", m[0]);
    }
  }
  return out;
}

/**
 * What a reader gets: the page's accessibility tree as Playwright serialises it (each text,
 * name and cell on its own line, as a screen reader separates them). On a zh-CN page, text
 * marked lang="en" (a provider's own words quoted from its English page) is left out.
 */
async function visibleText(page: Page, locale: "en" | "zh-CN"): Promise<string> {
  if (locale === "zh-CN") {
    await page.evaluate(() => {
      for (const el of document.body.querySelectorAll("[lang]")) {
        if (el.getAttribute("lang")?.toLowerCase().startsWith("en")) el.textContent = "";
      }
    });
  }
  const tree = await page.locator("body").ariaSnapshot();
  // Link targets are addresses, not words.
  return tree
    .split("\n")
    .filter((line) => !/^\s*- \/url:/.test(line))
    .join("\n");
}

test("no page shows code words, message keys or untranslated English", async ({ page, context, browser }) => {
  test.setTimeout(600_000);
  await englishUsd(context, app.url);
  await signUp(page, app.url, "words@example.test", "Words Tester");

  // Data behind the signed-in pages: a team, a shortlist with two offers and a public link,
  // a saved scenario, a trial.
  await page.goto(`${app.url}/teams`);
  await page.getByLabel("Team name").fill("Evaluation team");
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page).toHaveURL(/\/teams\/[\w-]+$/);
  const teamPath = new URL(page.url()).pathname;

  const { shortlistUrl, shareUrl } = await createSharedShortlist(page, app.url, "H100 candidates");
  await page.goto(`${app.url}/matrix?gpu=h100-sxm-80gb`);
  const boxes = page.locator("tbody input[type=checkbox]");
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const compareHref = await page.getByTestId("compare-link").getAttribute("href");
  const offerIds = new URL(`${app.url}${compareHref}`).searchParams.get("offers")!.split(",");
  const adder = page.getByTestId("add-to-shortlist");
  await adder.getByLabel("Add to shortlist").selectOption({ label: "H100 candidates · Personal workspace" });
  await adder.getByRole("button", { name: "Add 2 offers" }).click();
  await expect(page.getByTestId("add-to-shortlist-done")).toContainText("2 offers added");

  await page.goto(`${app.url}/scenarios/new?offers=${offerIds.join(",")}`);
  await expect(page.getByTestId("result-row").first()).toBeVisible();
  await page.getByTestId("scenario-name").fill("Words scenario");
  await page.getByTestId("scenario-save").click();
  await expect(page).toHaveURL(/\/scenarios\/[\w-]+$/, { timeout: 30_000 });
  const scenarioPath = new URL(page.url()).pathname;

  await page.goto(`${app.url}/trials/new?offer=${offerIds[0]}`);
  await page.getByTestId("new-trial-start").click();
  await expect(page).toHaveURL(/\/trials\/[\w-]+$/);
  const trialPath = new URL(page.url()).pathname;

  const sharePath = new URL(shareUrl).pathname;
  const pages = [
    "/",
    "/matrix",
    `/matrix/compare?offers=${offerIds.join(",")}`,
    "/providers",
    "/providers/aws",
    "/providers/aliyun",
    "/gpus",
    "/gpus/h100-sxm-80gb",
    "/sizing",
    "/sizing?mode=training&model=llama-2-7b&method=qlora&example=7b",
    "/sizing?mode=inference&model=llama-2-70b",
    "/account",
    "/teams",
    teamPath,
    "/shortlists",
    new URL(shortlistUrl).pathname,
    "/trials",
    `/trials/new?offer=${offerIds[0]}`,
    trialPath,
    "/scenarios",
    "/scenarios/new",
    scenarioPath,
    `${scenarioPath}/report`,
    "/catalog/imports",
    "/no-such-page",
  ];
  const anonymousPages = ["/signin", "/signup", sharePath, "/scenarios", "/shortlists"];

  const findings: Finding[] = [];
  for (const locale of ["zh-CN", "en"] as const) {
    await context.addCookies([
      { name: "NEXT_LOCALE", value: locale, url: app.url },
      { name: "GPU_SCOUT_CURRENCY", value: locale === "zh-CN" ? "CNY" : "USD", url: app.url },
    ]);
    for (const path of pages) {
      await page.goto(`${app.url}${path}`);
      await page.waitForLoadState("networkidle");
      findings.push(...findProblems(`${locale} ${path}`, await visibleText(page, locale), locale));
    }
    const anonymous = await browser.newContext();
    await anonymous.addCookies([{ name: "NEXT_LOCALE", value: locale, url: app.url }]);
    const visitor = await anonymous.newPage();
    for (const path of anonymousPages) {
      await visitor.goto(`${app.url}${path}`);
      await visitor.waitForLoadState("networkidle");
      findings.push(
        ...findProblems(`${locale} ${path} (signed out)`, await visibleText(visitor, locale), locale),
      );
    }
    await anonymous.close();
  }
  const unique = [...new Map(findings.map((f) => [`${f.page}|${f.kind}|${f.text}`, f])).values()];
  expect(unique, unique.map((f) => `${f.page}: ${f.kind} "${f.text}"`).join("\n")).toEqual([]);
});
