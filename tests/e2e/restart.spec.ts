// Data survives a server restart; the page reads the database (a row added while the server
// is stopped shows up after the restart); a second server on the same folder is refused.
import { expect, test } from "@playwright/test";

import { formatCount } from "../../lib/format/number.ts";
import { refreshCurrentPrices } from "../../server/catalog/current-prices.ts";
import { openDatabase } from "../../server/db/connect.ts";
import { freshDataDir, startApp, startAppExpectingFailure } from "./app-server.ts";

test("saved data survives restarts and a second server on the same folder is refused", async ({
  page,
  context,
}) => {
  const dataDir = await freshDataDir();
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: "http://127.0.0.1:3112" }]);

  let app = await startApp(3112, dataDir);
  await page.goto(app.url);
  const providersBefore = Number(await page.getByTestId("stat-providers").getAttribute("data-value"));
  const offersBefore = Number(await page.getByTestId("stat-offers").getAttribute("data-value"));
  expect(providersBefore).toBeGreaterThanOrEqual(10);

  // A second server on the same data folder must fail at once, saying why.
  const second = await startAppExpectingFailure(3113, dataDir);
  expect(second.code).not.toBe(0);
  expect(second.output).toContain("already in use by process");
  expect(second.ms).toBeLessThan(30_000);
  await page.reload();
  await expect(page.getByTestId("stat-providers")).toHaveAttribute("data-value", String(providersBefore));
  await app.stop();

  // While no server runs, save a provider with an offer cheaper than any H100 in the seed.
  const db = openDatabase({ kind: "pglite", dataDir });
  // The home page counts offers with a current price (stale and undated ones are said apart).
  let storedBefore = 0;
  try {
    storedBefore = await db.prisma.offer.count();
    const provider = await db.prisma.provider.create({
      data: {
        slug: "e2e-cloud",
        nameEn: "E2E Test Cloud",
        nameZh: "端到端测试云",
        kind: "GPU_CLOUD",
        hqCountry: "DE",
        website: "https://e2e.example",
        regions: { create: { code: "eu-e2e", name: "E2E Region", continent: "EUROPE" } },
      },
      include: { regions: true },
    });
    const gpu = await db.prisma.gpuModel.findFirstOrThrow({ where: { family: "H100" } });
    const offer = await db.prisma.offer.create({
      data: {
        providerId: provider.id,
        regionId: provider.regions[0]?.id as string,
        instanceType: "e2e.h100x2",
        gpuModelId: gpu.id,
        gpuCount: 2,
        interconnect: "NVLINK",
        sourceUrl: "https://e2e.example/prices",
        prices: {
          create: {
            pricingModel: "ON_DEMAND",
            hourlyAmount: "0.62",
            currency: "USD",
            observedAt: new Date(),
            sourceUrl: "https://e2e.example/prices",
          },
        },
      },
    });
    // Written past the importers, so kept current here as every writer keeps it
    // (the current-price read model the pages read).
    await refreshCurrentPrices(db.prisma, [offer.id]);
    expect(await db.prisma.provider.count()).toBe(providersBefore + 1);
  } finally {
    await db.close();
  }

  for (let restart = 0; restart < 2; restart++) {
    app = await startApp(3112, dataDir);
    await page.goto(app.url);
    await expect(page.getByTestId("stat-providers")).toHaveAttribute(
      "data-value",
      String(providersBefore + 1),
    );
    await expect(page.getByTestId("stat-offers")).toHaveAttribute("data-value", String(offersBefore + 1));
    await expect(page.getByTestId("stat-offers")).toHaveText(formatCount(offersBefore + 1, "en"));
    await expect(page.getByTestId("cheapest-h100")).toContainText("E2E Test Cloud");
    await expect(page.getByTestId("cheapest-price-h100")).toContainText("0.31");
    await app.stop();
  }

  // The numbers on the page are the database's: the one new offer, stored once.
  const check = openDatabase({ kind: "pglite", dataDir });
  try {
    expect(await check.prisma.offer.count()).toBe(storedBefore + 1);
  } finally {
    await check.close();
  }
});
