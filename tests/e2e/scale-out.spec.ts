// Two production instances (`npm start`, started together, so the migrate/seed advisory lock is
// exercised) on ONE fresh Postgres database with a shared NEXTAUTH_SECRET: a session made on A
// is valid on B, a share link made on A opens on B and its revocation on B is seen by A at once,
// login throttling counts failures from both, and the scheduled catalog sync runs once between
// them. Nothing is kept in one process's memory. Needs TEST_DATABASE_URL (skipped without it).
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { sourceLabel } from "../../lib/catalog/source-label.ts";
import { freshDataDir, startApp, type AppServer } from "./app-server.ts";
import {
  E2E_PASSWORD,
  createScratchDatabase,
  createSharedShortlist,
  englishUsd,
  signUp,
  submitSignIn,
  type ScratchDatabase,
} from "./helpers-scout.ts";

const adminUrl = process.env.TEST_DATABASE_URL || undefined;
const PORT_A = 3411;
const PORT_B = 3412;
const SKYPILOT_CATALOG = path.resolve(process.cwd(), "..", "shared", "data", "skypilot-catalog");

/** Whether the production build in .next has the scheduled catalog sync (server/catalog/sync.ts). */
function buildHasCatalogSync(): boolean {
  const walk = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.name.endsWith(".js") && readFileSync(full, "utf8").includes("catalog sync finished");
    });
  const server = path.join(process.cwd(), ".next", "server");
  return existsSync(server) && walk(server);
}

test.describe.configure({ mode: "serial" });
test.skip(!adminUrl, "TEST_DATABASE_URL is not set: the scale-out test needs a Postgres server.");
test.skip(Boolean(process.env.E2E_BASE_URL), "starts its own pair of instances; not for E2E_BASE_URL.");

/** The smallest <cloud>/vms.csv of the shared SkyPilot catalog (any version folder), or null. */
function smallestSkyPilotFile(): string | null {
  if (!existsSync(SKYPILOT_CATALOG)) return null;
  let best: { file: string; size: number } | null = null;
  for (const version of readdirSync(SKYPILOT_CATALOG, { withFileTypes: true })) {
    if (!version.isDirectory()) continue;
    for (const cloud of readdirSync(path.join(SKYPILOT_CATALOG, version.name), { withFileTypes: true })) {
      const file = path.join(SKYPILOT_CATALOG, version.name, cloud.name, "vms.csv");
      if (!cloud.isDirectory() || !existsSync(file)) continue;
      const size = statSync(file).size;
      if (!best || size < best.size) best = { file, size };
    }
  }
  return best?.file ?? null;
}

interface LogLine {
  msg?: string;
  [key: string]: unknown;
}

function jsonLines(output: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const line of output.split("\n")) {
    const trimmed = line.trim();
    if (!trimmed.startsWith("{")) continue;
    try {
      lines.push(JSON.parse(trimmed) as LogLine);
    } catch {
      // not a log line
    }
  }
  return lines;
}

let db: ScratchDatabase | undefined;
let a: AppServer | undefined;
let b: AppServer | undefined;
let syncDir: string | undefined;
/** GPU_SCOUT_CATALOG_SYNC_SOURCE: a copy in a fresh folder, so its ImportBatch rows are ours alone. */
let syncSource: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  db = await createScratchDatabase(adminUrl as string, "gs_scale");
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"), // one secret for both instances
  };
  const catalogFile = smallestSkyPilotFile();
  if (catalogFile) {
    syncDir = await mkdtemp(path.join(os.tmpdir(), "gs-h2-sync-"));
    const cloud = path.basename(path.dirname(catalogFile));
    await mkdir(path.join(syncDir, cloud));
    await copyFile(catalogFile, path.join(syncDir, cloud, "vms.csv"));
    syncSource = path.join(syncDir, cloud, "vms.csv");
    env.GPU_SCOUT_CATALOG_SYNC_SOURCE = syncSource;
    env.GPU_SCOUT_CATALOG_SYNC_DELAY_SECONDS = "1";
    env.GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES = "360";
  }
  // Both at once: one migrates and seeds under the advisory lock, the other waits for it.
  const [first, second] = await Promise.allSettled([
    startApp(PORT_A, await freshDataDir(), 240_000, env),
    startApp(PORT_B, await freshDataDir(), 240_000, env),
  ]);
  if (first.status === "fulfilled") a = first.value;
  if (second.status === "fulfilled") b = second.value;
  if (first.status === "rejected") throw first.reason;
  if (second.status === "rejected") throw second.reason;
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
  if (syncDir) await rm(syncDir, { recursive: true, force: true });
});

function appA(): AppServer {
  if (!a) throw new Error("instance A did not start");
  return a;
}
function appB(): AppServer {
  if (!b) throw new Error("instance B did not start");
  return b;
}

const owner = `scale-${Date.now().toString(36)}@example.test`;
let shortlistPath = "";
let shareToken = "";

test("started together, one instance migrated and seeded, the other waited and found it done", async () => {
  const outputs = [appA().output(), appB().output()];
  expect(outputs.filter((out) => out.includes("[db-prepare] Applied migrations:"))).toHaveLength(1);
  expect(outputs.filter((out) => out.includes("[db-prepare] Migrations are current."))).toHaveLength(1);
  expect(outputs.filter((out) => out.includes("[db-prepare] Seeded a fresh catalog"))).toHaveLength(1);
  const duplicates = await db!.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" GROUP BY migration_name HAVING count(*) > 1`,
  );
  expect(duplicates).toEqual([]);
  const seeds = await db!.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "ImportBatch" WHERE source = 'prisma/seed'`,
  );
  expect(seeds[0]?.n).toBeGreaterThan(0);
  // Both serve the same catalog.
  const total = async (app: AppServer) =>
    ((await (await fetch(`${app.url}/api/v1/offers?pageSize=1`)).json()) as { total: number }).total;
  const [totalA, totalB] = [await total(appA()), await total(appB())];
  expect(totalA).toBeGreaterThan(0);
  expect(totalB).toBe(totalA);
});

test("a session made on A is signed in on B", async ({ browser }) => {
  const context = await browser.newContext();
  await englishUsd(context, appA().url); // cookies are per host, not per port: B sees them too
  const page = await context.newPage();
  await signUp(page, appA().url, owner, "Scale Owner");

  await page.goto(`${appB().url}/account`);
  await expect(page).toHaveURL(`${appB().url}/account`);
  await expect(page.getByTestId("account-email")).toHaveText(owner);

  // And the shortlist + share link made on A (next test) belong to this session.
  const shared = await createSharedShortlist(page, appA().url, "Scale-out candidates");
  shortlistPath = new URL(shared.shortlistUrl).pathname;
  shareToken = shared.token;
  await context.close();
});

test("a share link made on A opens on B for an anonymous visitor", async ({ browser }) => {
  expect(shareToken).not.toBe("");
  const anonymous = await browser.newContext();
  await englishUsd(anonymous, appB().url);
  const page = await anonymous.newPage();
  const response = await page.goto(`${appB().url}/s/${shareToken}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("shared-shortlist")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Scale-out candidates");
  await anonymous.close();
});

test("revoking on B: A's next request for the link is refused", async ({ browser }) => {
  expect(shareToken).not.toBe("");
  const ownerContext = await browser.newContext();
  await englishUsd(ownerContext, appB().url);
  const ownerPage = await ownerContext.newPage();
  await submitSignIn(ownerPage, appB().url, owner, E2E_PASSWORD);
  await expect(ownerPage.getByTestId("account-who")).toHaveText("Scale Owner");

  // A serves the link right before the revocation (so nothing is merely "not yet seen" on A).
  const before = await fetch(`${appA().url}/s/${shareToken}`);
  expect(before.status).toBe(200);

  await ownerPage.goto(`${appB().url}${shortlistPath}`);
  await ownerPage.getByTestId("share-revoke").click();
  await ownerPage.getByTestId("share-revoke-confirm").click();
  await expect(ownerPage.getByTestId("share-link-row")).toContainText("Revoked");

  const anonymous = await browser.newContext();
  await englishUsd(anonymous, appA().url);
  const page = await anonymous.newPage();
  const refused = await page.goto(`${appA().url}/s/${shareToken}`);
  expect(refused?.status()).toBe(404);
  await expect(page.getByTestId("shared-shortlist")).toHaveCount(0);
  await expect(page.getByText("Scale-out candidates")).toHaveCount(0);
  await anonymous.close();
  await ownerContext.close();
});

test("login throttling counts failures made on both instances", async ({ browser }) => {
  const victim = `throttle-${Date.now().toString(36)}@example.test`;
  const setup = await browser.newContext();
  await englishUsd(setup, appB().url);
  await signUp(await setup.newPage(), appB().url, victim, "Throttled");
  await setup.close();

  const context = await browser.newContext();
  await englishUsd(context, appA().url);
  const page = await context.newPage();
  // ACCOUNT_POLICY.free = 5 failures, alternately on A and B: 3 on A, 2 on B. Neither instance
  // alone has seen more than 3, so only a shared count can lock the account after the sixth.
  const instances = [appA(), appB()];
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const app = instances[(attempt - 1) % 2]!;
    await submitSignIn(page, app.url, victim, `wrong-password-${attempt}`);
    await expect(page.getByTestId("signin-error"), `attempt ${attempt} on ${app.url}`).toHaveText(
      "Wrong email or password. Check both and try again.",
    );
  }
  // The sixth failure (on B) is over the allowance: refused as throttled.
  await submitSignIn(page, appB().url, victim, "wrong-password-6");
  await expect(page.getByTestId("signin-error")).toHaveText(/^Too many failed attempts\. Try again in about/);
  // On A even the right password is now refused, without being checked.
  await submitSignIn(page, appA().url, victim, E2E_PASSWORD);
  await expect(page.getByTestId("signin-error")).toHaveText(/^Too many failed attempts\. Try again in about/);
  await expect(page.getByTestId("header-sign-in")).toBeVisible();
  await context.close();

  // docs/security.md: the account-wide count slows but never refuses; the lock is on this
  // client × account (no known-device cookie here, and no trusted proxy: the "direct" address).
  const rows = await db!.query<{ key: string; failures: number; locked: boolean | null }>(
    `SELECT key, failures, "lockedUntil" > now() AS locked FROM "LoginThrottle"
      WHERE key = $1 OR key LIKE $2 ORDER BY key`,
    [`email:${victim}`, `login:${victim}|%`],
  );
  expect(rows).toEqual([
    { key: `email:${victim}`, failures: 6, locked: null },
    { key: `login:${victim}|ip:direct`, failures: 6, locked: true },
  ]);
});

test("the scheduled catalog sync runs once for both instances", async () => {
  test.skip(!syncSource, "../shared/data/skypilot-catalog is absent: no SkyPilot file to sync.");
  // server/catalog/sync.ts (GPU_SCOUT_CATALOG_SYNC_SOURCE / _DELAY_SECONDS, log lines "catalog
  // sync finished" / "catalog sync skipped"): a fixme while the production build predates it.
  test.fixme(!buildHasCatalogSync(), "the production build in .next has no scheduled catalog sync: rebuild.");
  const syncLines = (app: AppServer) =>
    jsonLines(app.output()).filter((line) => /^catalog sync (finished|skipped|failed)$/.test(line.msg ?? ""));

  // Both instances start their first run 1 s after start-up; wait until both have reported.
  await expect
    .poll(() => syncLines(appA()).length + syncLines(appB()).length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(2);
  const lines = [...syncLines(appA()), ...syncLines(appB())];
  expect(lines.filter((line) => line.msg === "catalog sync failed")).toEqual([]);
  expect(lines.filter((line) => line.msg === "catalog sync finished")).toHaveLength(1);
  expect(lines.filter((line) => line.msg === "catalog sync skipped")).toHaveLength(1);
  // One per instance: the one that ran and the one that found it running (or just done).
  expect(syncLines(appA())).toHaveLength(1);
  expect(syncLines(appB())).toHaveLength(1);

  const batches = await db!.query<{ status: string }>(
    // A batch stores the source's neutral label ("imported file vms.csv"), never its path.
    `SELECT status::text AS status FROM "ImportBatch" WHERE source = $1`,
    [sourceLabel(syncSource!)],
  );
  expect(batches).toEqual([{ status: "SUCCEEDED" }]);
});
