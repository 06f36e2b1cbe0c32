// proxy.ts called directly: headers on a page, an API call and a static file; nonces differ
// per request and reach the request's CSP header (which Next.js reads to put the nonce on its
// scripts); 413 for a declared oversized API or action body, 411 for an action body of unknown length; 503 + Retry-After while the database is
// marked unavailable, JSON for the API and a bilingual page for people; /api/health never gated.
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";

import { contentSecurityPolicy, proxy, securityHeaders } from "../../proxy.ts";
import { markDatabaseAvailable, noteDatabaseError } from "../../server/db/availability.ts";

const request = (path: string, init: ConstructorParameters<typeof NextRequest>[1] = {}) =>
  new NextRequest(`http://scout.test${path}`, init);

function nonceOf(csp: string | null): string {
  const match = /'nonce-([^']+)'/.exec(csp ?? "");
  if (!match?.[1]) throw new Error(`no nonce in ${csp}`);
  return match[1];
}

afterEach(() => markDatabaseAvailable());

describe("content security policy", () => {
  it("allows scripts only by nonce (no unsafe-inline, no eval in production) and forbids framing", () => {
    const csp = contentSecurityPolicy("abc", false);
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(contentSecurityPolicy("abc", true)).toContain("'unsafe-eval'");
  });

  it("sends HSTS only in production", () => {
    expect(securityHeaders(true)["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(securityHeaders(false)).not.toHaveProperty("Strict-Transport-Security");
  });
});

describe("proxy", () => {
  it.each(["/matrix", "/api/v1/offers", "/_next/static/chunks/app.js", "/s/some-token"])(
    "%s gets every security header and a request id",
    async (path) => {
      const response = await proxy(request(path));
      const csp = response.headers.get("content-security-policy");
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it("gives every request its own nonce and forwards it on the request's CSP header", async () => {
    const first = await proxy(request("/matrix"));
    const second = await proxy(request("/matrix"));
    const nonce = nonceOf(first.headers.get("content-security-policy"));
    expect(nonce).not.toBe(nonceOf(second.headers.get("content-security-policy")));
    // NextResponse.next({ request: { headers } }) records overridden request headers like this.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
  });

  it("keeps a sane incoming request id and replaces a suspicious one", async () => {
    const kept = await proxy(request("/matrix", { headers: { "x-request-id": "lb-7f3a.42" } }));
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.42");
    const replaced = await proxy(request("/matrix", { headers: { "x-request-id": "a b<script>" } }));
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses an API body declared larger than 1 MB with 413 and a JSON reason", async () => {
    const response = await proxy(
      request("/api/v1/tco", { method: "POST", headers: { "content-length": "1000001" }, body: "{}" }),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    expect(response.headers.get("content-security-policy")).toBeTruthy();
  });

  it("refuses a server-action body over 5 MB (413) and one of undeclared length (411)", async () => {
    const action = (headers: Record<string, string>, body?: string) =>
      proxy(
        request("/scenarios/new", { method: "POST", headers: { "next-action": "abc", ...headers }, body }),
      );
    const big = await action({ "content-length": "5000001" });
    expect(big.status).toBe(413);
    const chunked = await action({ "transfer-encoding": "chunked" });
    expect(chunked.status).toBe(411);
    expect(((await chunked.json()) as { error: { code: string } }).error.code).toBe("length_required");
    expect(chunked.headers.get("content-security-policy")).toBeTruthy();
    // A form posted without JavaScript carries no next-action header: same rules.
    const form = await proxy(
      request("/signin", { method: "POST", headers: { "content-type": "multipart/form-data" } }),
    );
    expect(form.status).toBe(411);
    // Declared and within the limit: through. API routes count undeclared bodies themselves.
    expect((await action({ "content-length": "120" }, '[{"kind":"SKYPILOT"}]')).status).toBe(200);
    expect((await proxy(request("/api/v1/tco", { method: "POST" }))).status).toBe(200);
  });

  it("answers 503 with Retry-After while the database is unavailable, and recovers", async () => {
    noteDatabaseError(
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    );
    const api = await proxy(request("/api/v1/offers"));
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("2");
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("unavailable");

    const page = await proxy(request("/matrix", { headers: { "accept-language": "zh-CN,zh;q=0.9" } }));
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain('lang="zh-CN"');
    expect(html).toContain("暂时无法访问数据库");
    expect(html).not.toMatch(/at \w+ \(|\.ts:\d+/); // no stack trace

    expect((await proxy(request("/api/health"))).status).toBe(200);
    expect((await proxy(request("/api/health/live"))).status).toBe(200);
    expect((await proxy(request("/_next/static/chunks/app.js"))).status).toBe(200);

    markDatabaseAvailable();
    expect((await proxy(request("/matrix"))).status).toBe(200);
  });
});

describe("impossible paths", () => {
  it.each(["/gpus/%00", "/providers/a%00b", "/s/%ED%A0%80"])(
    "%s is a 400, not a database error",
    async (path) => {
      const response = await proxy(request(path));
      expect(response.status).toBe(400);
      expect(response.headers.get("content-security-policy")).toBeTruthy();
    },
  );

  it("ordinary and Chinese paths pass", async () => {
    expect((await proxy(request("/gpus/h100-sxm-80gb"))).status).toBe(200);
    expect((await proxy(request(`/s/${encodeURIComponent("清单")}`))).status).toBe(200);
  });
});
