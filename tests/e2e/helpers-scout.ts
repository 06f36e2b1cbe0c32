// Shared steps for the production-readiness e2e specs (scale-out, security headers): a fresh
// Postgres database beside TEST_DATABASE_URL's, and the UI steps that make an account and a
// shared shortlist.
import { randomBytes } from "node:crypto";

import { expect, type BrowserContext, type Page } from "@playwright/test";
import pg from "pg";

export const E2E_PASSWORD = "a long passphrase for e2e";

function assertLocal(url: string): URL {
  const parsed = new URL(url);
  if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(parsed.hostname)) {
    throw new Error(`Refusing to create e2e databases on non-local host "${parsed.hostname}".`);
  }
  return parsed;
}

export interface ScratchDatabase {
  name: string;
  url: string;
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** An empty database `<prefix>_<random>` on the server of `adminUrl`; drop() removes it again. */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const admin = assertLocal(adminUrl);
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  try {
    await adminClient.query(`CREATE DATABASE ${name}`);
  } finally {
    await adminClient.end();
  }
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<T>(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** English UI and USD prices for this context on `baseUrl`'s host (cookies ignore the port). */
export async function englishUsd(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.addCookies([
    { name: "NEXT_LOCALE", value: "en", url: baseUrl },
    { name: "GPU_SCOUT_CURRENCY", value: "USD", url: baseUrl },
  ]);
}

export async function signUp(page: Page, baseUrl: string, email: string, name = "E2E"): Promise<void> {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  const submit = page.getByRole("button", { name: "Create account" });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/shortlists$/);
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

/** Fills and sends the sign-in form; the caller checks the outcome. */
export async function submitSignIn(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Creates a shortlist (signed-in page, personal workspace) and a public link; returns both URLs. */
export async function createSharedShortlist(
  page: Page,
  baseUrl: string,
  name: string,
): Promise<{ shortlistUrl: string; shareUrl: string; token: string }> {
  await page.goto(`${baseUrl}/shortlists`);
  const create = page.getByTestId("create-shortlist-form");
  await create.getByLabel("Name").fill(name);
  await create.getByRole("button").click();
  await expect(page).toHaveURL(/\/shortlists\/[\w-]+$/);
  const shortlistUrl = page.url();
  await page.getByTestId("share-create").click();
  const shareUrl = await page.getByTestId("share-url").inputValue();
  const token = /\/s\/([A-Za-z0-9_-]+)$/.exec(shareUrl)?.[1];
  if (!token) throw new Error(`Unexpected share URL: ${shareUrl}`);
  return { shortlistUrl, shareUrl, token };
}
