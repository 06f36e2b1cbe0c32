// Security headers on every response of a production server (NODE_ENV=production, embedded
// database): every page and API route found in app/ (walked here, so a new route is covered
// without editing this file), static files, a 404 and a POST. Then: each <script> carries the
// response's CSP nonce and nonces differ per request; real pages in Chromium run with no CSP
// violation and stay interactive; body size limits answer 413; x-request-id is echoed only
// when it is sane. proxy.ts sets all of this.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { freshDataDir, startApp, type AppServer } from "./app-server.ts";
import { createSharedShortlist, englishUsd, signUp } from "./helpers-scout.ts";

const PORT = 3413;
const APP_DIR = path.join(process.cwd(), "app");
const MADE_UP_ID = "cnotarealid0000000000000000";
const MADE_UP_TOKEN = "Zm9yLWUyZS1vbmx5LW5vdC1hLXJlYWwtdG9rZW4tMDAw"; // 43+ url-safe chars

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(PORT, await freshDataDir());
});

test.afterAll(async () => {
  await app?.stop();
});

// ---------------------------------------------------------------------------------------------
// Routes from the filesystem

interface AppRoute {
  /** e.g. /gpus/[slug] (route groups dropped). */
  pattern: string;
  file: string;
  kind: "page" | "route";
  /** HTTP methods a route.ts exports (pages: GET). */
  methods: string[];
}

function walk(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...walk(full));
    else if (entry.name === "page.tsx" || entry.name === "route.ts") files.push(full);
  }
  return files;
}

const METHOD =
  /export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b|\bas\s+(GET|POST|PUT|PATCH|DELETE)\b/g;

function appRoutes(): AppRoute[] {
  return walk(APP_DIR)
    .map((file): AppRoute => {
      const segments = path
        .relative(APP_DIR, path.dirname(file))
        .split(path.sep)
        .filter((segment) => segment && !/^\(.*\)$/.test(segment) && !segment.startsWith("@"));
      const kind = file.endsWith("page.tsx") ? "page" : "route";
      const methods =
        kind === "page"
          ? ["GET"]
          : [...new Set([...readFileSync(file, "utf8").matchAll(METHOD)].map((m) => (m[1] ?? m[2])!))];
      return { pattern: `/${segments.join("/")}`, file: path.relative(process.cwd(), file), kind, methods };
    })
    .sort((x, y) => x.pattern.localeCompare(y.pattern));
}

interface SeedValues {
  gpuSlug: string;
  providerSlug: string;
  offerId: string;
}

async function seedValues(baseUrl: string): Promise<SeedValues> {
  const offers = (await (await fetch(`${baseUrl}/api/v1/offers`)).json()) as {
    items: { id: string; provider: { slug: string }; gpu: { slug: string } }[];
  };
  const offer = offers.items[0];
  if (!offer) throw new Error("The seeded database has no offers.");
  return { gpuSlug: offer.gpu.slug, providerSlug: offer.provider.slug, offerId: offer.id };
}

/** A real value for every dynamic segment; an unknown one fails loudly so a new route gets one. */
function concretePath(pattern: string, seed: SeedValues): string {
  const parts = pattern.split("/");
  return parts
    .map((part, index) => {
      const dynamic = /^\[(?:\.\.\.)?(\w+)\]$/.exec(part);
      if (!dynamic) return part;
      const key = `${parts[index - 1]}/${dynamic[1]}`;
      const values: Record<string, string> = {
        "gpus/slug": seed.gpuSlug,
        "providers/slug": seed.providerSlug,
        "offers/id": seed.offerId,
        "auth/nextauth": "session",
        "s/token": MADE_UP_TOKEN,
        "invite/token": MADE_UP_TOKEN,
        "scenarios/scenarioId": MADE_UP_ID,
        "shortlists/shortlistId": MADE_UP_ID,
        "trials/trialId": MADE_UP_ID,
        "imports/batchId": MADE_UP_ID,
        "teams/teamId": MADE_UP_ID,
      };
      const value = values[key];
      if (!value)
        throw new Error(`No test value for dynamic segment ${part} in ${pattern}: add one (key "${key}").`);
      return value;
    })
    .join("/");
}

// ---------------------------------------------------------------------------------------------
// Header checks

function cspOf(headers: Headers): string | null {
  return headers.get("content-security-policy");
}

function nonceOf(csp: string | null): string | null {
  return /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? null;
}

/** Problems with one response's headers (empty when all is well). */
function headerProblems(headers: Headers): string[] {
  const problems: string[] = [];
  const csp = cspOf(headers);
  if (!csp) problems.push("no Content-Security-Policy");
  else {
    const scriptSrc = csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src "));
    if (!scriptSrc) problems.push("CSP has no script-src");
    else {
      if (!scriptSrc.includes("'nonce-")) problems.push("script-src has no nonce");
      if (scriptSrc.includes("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
    }
    if (!/(?:^|;)\s*frame-ancestors 'none'\s*(?:;|$)/.test(csp))
      problems.push("CSP lacks frame-ancestors 'none'");
  }
  if (!/max-age=\d{7,}/.test(headers.get("strict-transport-security") ?? "")) {
    problems.push(`Strict-Transport-Security: ${headers.get("strict-transport-security")}`);
  }
  if (headers.get("x-content-type-options") !== "nosniff")
    problems.push("X-Content-Type-Options is not nosniff");
  if (!headers.get("referrer-policy")) problems.push("no Referrer-Policy");
  if (!/camera=\(\)/.test(headers.get("permissions-policy") ?? "")) problems.push("no Permissions-Policy");
  if (headers.get("x-frame-options") !== "DENY") problems.push("X-Frame-Options is not DENY");
  if (!headers.get("x-request-id")) problems.push("no x-request-id");
  return problems;
}

interface Probe {
  label: string;
  url: string;
  init?: RequestInit;
}

async function checkAll(probes: Probe[]): Promise<{ checked: string[]; problems: string[] }> {
  const checked: string[] = [];
  const problems: string[] = [];
  for (const probe of probes) {
    const response = await fetch(probe.url, { redirect: "manual", ...probe.init });
    await response.arrayBuffer();
    const label = `${probe.init?.method ?? "GET"} ${probe.label} → ${response.status}`;
    checked.push(label);
    if (response.status >= 500) problems.push(`${label}: server error`);
    for (const problem of headerProblems(response.headers)) problems.push(`${label}: ${problem}`);
  }
  return { checked, problems };
}

test("every route, static file, 404 and POST carries the security headers", async () => {
  const routes = appRoutes();
  // The walk finds what the app has (guards against a broken walk silently checking nothing).
  expect(routes.length).toBeGreaterThanOrEqual(30);
  for (const expected of ["/", "/gpus", "/gpus/[slug]", "/s/[token]", "/api/health", "/api/v1/tco"]) {
    expect(routes.map((r) => r.pattern)).toContain(expected);
  }
  const seed = await seedValues(app.url);
  const probes: Probe[] = [];
  for (const route of routes) {
    const concrete = concretePath(route.pattern, seed);
    expect(route.methods.length, `${route.file} exports no HTTP method`).toBeGreaterThan(0);
    for (const method of route.methods) {
      probes.push({
        label: `${concrete} (${route.file})`,
        url: `${app.url}${concrete}`,
        init:
          method === "GET"
            ? undefined
            : { method, headers: { "content-type": "application/json" }, body: "{}" },
      });
    }
  }
  const html = await (await fetch(`${app.url}/`)).text();
  const chunk = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(chunk, "a /_next/static chunk referenced by /").toBeTruthy();
  probes.push(
    { label: chunk!, url: `${app.url}${chunk}` },
    { label: "/icon.svg", url: `${app.url}/icon.svg` },
    { label: "/probe.sh", url: `${app.url}/probe.sh` },
    { label: "404", url: `${app.url}/no-such-page-${Date.now()}` },
    { label: "API 404", url: `${app.url}/api/v1/no-such-endpoint` },
    {
      label: "/api/v1/tco (valid-shaped POST)",
      url: `${app.url}/api/v1/tco`,
      init: { method: "POST", headers: { "content-type": "application/json" }, body: '{"offers":[]}' },
    },
  );
  const { checked, problems } = await checkAll(probes);
  test.info().annotations.push({ type: "checked", description: checked.join("\n") });
  expect(problems).toEqual([]);
  expect(checked.length).toBe(probes.length);
  // The static file and the 404 really are what they claim (not a page answering for them).
  expect(checked.find((c) => c.startsWith(`GET ${chunk}`))).toMatch(/→ 200$/);
  expect(checked.find((c) => c.startsWith("GET 404"))).toMatch(/→ 404$/);
});

test("every <script> carries the response's nonce, and nonces differ per request", async () => {
  const seed = await seedValues(app.url);
  const nonces = new Set<string>();
  for (const pathname of ["/", "/matrix", `/gpus/${seed.gpuSlug}`, "/signin", `/s/${MADE_UP_TOKEN}`]) {
    const response = await fetch(`${app.url}${pathname}`);
    const nonce = nonceOf(cspOf(response.headers));
    expect(nonce, pathname).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length, `${pathname} has scripts`).toBeGreaterThan(0);
    const without = scripts.filter((tag) => !tag.includes(` nonce="${nonce}"`));
    expect(without, `${pathname}: scripts without this response's nonce`).toEqual([]);
    nonces.add(nonce!);
  }
  const again = nonceOf(cspOf((await fetch(`${app.url}/`)).headers));
  nonces.add(again!);
  expect(nonces.size).toBe(6); // six responses, six different nonces
});

// ---------------------------------------------------------------------------------------------
// In Chromium: no CSP violation, and the page works

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  line: number;
}

async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const store: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = store;
    document.addEventListener("securitypolicyviolation", (event) => {
      store.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: event.sourceFile,
        line: event.lineNumber,
      });
    });
  });
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (/content security policy|content-security-policy/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  return async () => {
    const events = await page.evaluate(
      () => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? [],
    );
    return [
      ...events.map((v) => `${v.directive} blocked ${v.blocked} (${v.source}:${v.line})`),
      ...consoleErrors,
    ];
  };
}

test("pages run in Chromium without CSP violations and stay interactive", async ({ browser }) => {
  test.setTimeout(240_000);
  const seed = await seedValues(app.url);
  const owner = await browser.newContext();
  await englishUsd(owner, app.url);
  const ownerPage = await owner.newPage();
  await signUp(ownerPage, app.url, `csp-${Date.now().toString(36)}@example.test`, "CSP");
  const { token } = await createSharedShortlist(ownerPage, app.url, "CSP check");
  await owner.close();

  const context = await browser.newContext();
  await englishUsd(context, app.url);
  const pages = [
    "/",
    "/matrix",
    `/gpus/${seed.gpuSlug}`,
    `/providers/${seed.providerSlug}`,
    "/sizing",
    "/scenarios/new",
    "/signin",
    `/s/${token}`,
  ];
  for (const pathname of pages) {
    const page = await context.newPage();
    const violations = await watchCsp(page);
    const response = await page.goto(`${app.url}${pathname}`);
    expect(response?.status(), pathname).toBe(200);
    await page.waitForLoadState("networkidle");
    // Interactive: a header link navigates client-side (React hydrated, the router's scripts
    // ran). A full page load would lose this marker.
    await page.evaluate(() => ((window as unknown as { __gsMarker: number }).__gsMarker = 42));
    const target = pathname.startsWith("/providers") ? "/gpus" : "/providers";
    await page.locator(`header nav a[href="${target}"]`).click();
    await expect(page).toHaveURL(`${app.url}${target}`);
    await expect(page.locator("h1").first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __gsMarker?: number }).__gsMarker),
      `${pathname}: client-side navigation (hydrated)`,
    ).toBe(42);
    // Soft: one run reports every page's violations.
    expect.soft(await violations(), `${pathname}: CSP violations`).toEqual([]);
    await page.close();
  }
  await context.close();
});

// ---------------------------------------------------------------------------------------------
// Size limits and request ids

const tooBig = (bytes: number) => JSON.stringify({ padding: "x".repeat(bytes) });

test("an API body over 1 MB is refused with 413 — declared or chunked", async () => {
  const declared = await fetch(`${app.url}/api/v1/tco`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: tooBig(1_200_000),
  });
  expect(declared.status).toBe(413);
  expect(((await declared.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
  expect(headerProblems(declared.headers)).toEqual([]);

  // No Content-Length: the route handler stops reading once past the limit.
  const body = new TextEncoder().encode(tooBig(1_200_000));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < body.length; offset += 64 * 1024) {
        controller.enqueue(body.subarray(offset, offset + 64 * 1024));
      }
      controller.close();
    },
  });
  const chunked = await fetch(`${app.url}/api/v1/tco`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: stream,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  expect(chunked.status).toBe(413);
  expect(((await chunked.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
  expect(headerProblems(chunked.headers)).toEqual([]);

  // Just under the limit is read (and judged on its content: 400, not 413).
  const under = await fetch(`${app.url}/api/v1/tco`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: tooBig(900_000),
  });
  expect(under.status).toBe(400);
});

/** The id Next.js gave a server action (from the production build's manifest). */
function serverActionId(exportedName: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(process.cwd(), ".next", "server", "server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { exportedName?: string }> };
  const id = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === exportedName)?.[0];
  if (!id) throw new Error(`No server action ${exportedName} in the build manifest.`);
  return id;
}

test("a 6 MB server-action POST is refused with 413, not a server error", async () => {
  test.skip(Boolean(process.env.E2E_BASE_URL), "reads action ids from this checkout's production build");
  const post = (body: string) =>
    fetch(`${app.url}/scenarios/new`, {
      method: "POST",
      headers: {
        "next-action": serverActionId("computeScenario"),
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
      },
      body,
    });
  // A small call to the same action is served (so the id and headers are right).
  const small = await post(JSON.stringify([{}]));
  expect(small.status).toBe(200);
  await small.arrayBuffer();

  // Next.js alone answers an over-limit action body (serverActions.bodySizeLimit "5mb") with a
  // 500 and logs it as an error; proxy.ts refuses a declared oversize action body up front.
  const big = await post(JSON.stringify([tooBig(6_000_000)]));
  expect(big.status).toBe(413);
  expect(((await big.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
  expect(headerProblems(big.headers)).toEqual([]);
});

test("malformed server-action bodies are 400s and a foreign Origin a 403, never a server error", async () => {
  test.skip(Boolean(process.env.E2E_BASE_URL), "reads action ids from this checkout's production build");
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/scenarios/new`, {
      method: "POST",
      headers: {
        "next-action": serverActionId("computeScenario"),
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        ...headers,
      },
      body,
    });
  for (const body of [
    "",
    "[",
    "null",
    '"x"',
    '["$Q0"]',
    '["$F0"]',
    '["$E"]',
    "[".repeat(5000) + "]".repeat(5000),
  ]) {
    const response = await post(body);
    expect(response.status, JSON.stringify(body.slice(0, 20))).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("malformed_action");
    expect(headerProblems(response.headers)).toEqual([]);
  }
  const foreign = await post(JSON.stringify([{}]), { origin: "https://evil.example" });
  expect(foreign.status).toBe(403);
  expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe("cross_origin");
  // The same call from the app's own origin is served.
  const own = await post(JSON.stringify([{}]), { origin: new URL(app.url).origin });
  expect(own.status).toBe(200);
  await own.arrayBuffer();
});

test("a chunked server-action POST (no Content-Length) is refused with 411, not a server error", async () => {
  test.skip(Boolean(process.env.E2E_BASE_URL), "reads action ids from this checkout's production build");
  const chunks = [JSON.stringify([tooBig(3_000_000)]), JSON.stringify([tooBig(3_000_000)])];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(next));
    },
  });
  const response = await fetch(`${app.url}/scenarios/new`, {
    method: "POST",
    headers: {
      "next-action": serverActionId("computeScenario"),
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
    },
    body,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  expect(response.status).toBe(411);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe("length_required");
  expect(headerProblems(response.headers)).toEqual([]);
});

test("x-request-id: a sane incoming id is echoed, anything else is replaced", async () => {
  const echoed = await fetch(`${app.url}/api/health`, { headers: { "x-request-id": "abc-123" } });
  expect(echoed.headers.get("x-request-id")).toBe("abc-123");
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  for (const bad of [`evil ${"x".repeat(495)}`, "y".repeat(500), "a<script>b", "id;drop"]) {
    const response = await fetch(`${app.url}/api/health`, { headers: { "x-request-id": bad } });
    expect(response.headers.get("x-request-id"), JSON.stringify(bad.slice(0, 20))).toMatch(uuid);
  }
  // Pages too, and without an incoming id each response gets its own.
  const first = (await fetch(`${app.url}/sizing`)).headers.get("x-request-id");
  const second = (await fetch(`${app.url}/sizing`)).headers.get("x-request-id");
  expect(first).toMatch(uuid);
  expect(second).toMatch(uuid);
  expect(first).not.toBe(second);
});
