// Runs before every request (Next.js Proxy, Node.js runtime): security headers on every
// response, a per-request CSP nonce (no 'unsafe-inline' scripts: Next.js reads the nonce from
// the request's CSP header and puts it on its own scripts), a request id for the logs, size
// limits on API bodies, a check of server-action requests (same origin, a body Next.js can
// decode: 403 / 400 instead of a 500 inside Next), and a 503 with Retry-After while the
// database is unreachable. docs/security.md lists every header and why.
import { type NextRequest, NextResponse } from "next/server";

import { checkActionForm, checkActionText, type ActionBodyProblem } from "./server/api/action-body.ts";
import { ACTION_BODY_LIMIT_BYTES, API_BODY_LIMIT_BYTES } from "./lib/limits/request-body.ts";
import { hasUnstorableText } from "./server/api/unstorable-text.ts";
import { databaseAvailability } from "./server/db/availability.ts";
import { REQUEST_ID_HEADER, log } from "./server/log.ts";

/** Largest JSON body an API route accepts (the probe text of /api/v1/hardware/verify is the biggest). */

const isProduction = process.env.NODE_ENV === "production";

export function contentSecurityPolicy(nonce: string, dev = !isProduction): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': scripts loaded by a nonce'd script (Next.js chunks) may run; nothing
    // inline without the nonce. The dev server also evaluates code (React refresh).
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Inline style *attributes* (charts, widths) cannot carry a nonce; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
  ].join("; ");
}

/** Headers every response carries (besides the CSP). */
export function securityHeaders(production = isProduction): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    // Browsers ignore HSTS over plain http, so it is safe to send whenever we run in production
    // (behind TLS in a real deployment); the dev server on http://localhost does not send it.
    ...(production ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

function requestIdFor(request: NextRequest): string {
  const incoming = request.headers.get(REQUEST_ID_HEADER);
  return incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

function isStaticAsset(pathname: string): boolean {
  return (
    pathname.startsWith("/_next/static/") || /\.(?:svg|png|ico|txt|sh|webmanifest|css|js|map)$/.test(pathname)
  );
}

function hasImpossibleCharacters(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true; // escapes that are not UTF-8 (e.g. %ED%A0%80, a lone surrogate)
  }
  return hasUnstorableText(decoded);
}

function withHeaders(response: NextResponse, csp: string, requestId: string): NextResponse {
  response.headers.set("Content-Security-Policy", csp);
  for (const [key, value] of Object.entries(securityHeaders())) response.headers.set(key, value);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

function unavailable(request: NextRequest, retryAfter: number): NextResponse {
  const headers = { "Retry-After": String(retryAfter), "Cache-Control": "no-store" };
  const { pathname } = request.nextUrl;
  if (pathname.startsWith("/api/") || request.headers.has("next-action")) {
    return NextResponse.json(
      {
        error: {
          code: "unavailable",
          message: `The database is not reachable right now. Nothing was changed; try again in ${retryAfter} seconds.`,
          retryAfterSeconds: retryAfter,
        },
      },
      { status: 503, headers },
    );
  }
  const zh = (request.headers.get("accept-language") ?? "").toLowerCase().startsWith("zh");
  const title = zh ? "暂时无法访问数据库" : "The database is not reachable right now";
  const body = zh
    ? `GPU Scout 正在等待数据库恢复，页面会在 ${retryAfter} 秒后自动重试。你的数据不会丢失。`
    : `GPU Scout is waiting for its database to come back. This page retries by itself in ${retryAfter} seconds; nothing you saved is lost.`;
  const html = `<!doctype html><html lang="${zh ? "zh-CN" : "en"}"><head><meta charset="utf-8"><meta http-equiv="refresh" content="${retryAfter}"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${title}</h1><p role="status">${body}</p></body></html>`;
  return new NextResponse(html, {
    status: 503,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
}

function tooLarge(limit: number): NextResponse {
  return NextResponse.json(
    {
      error: {
        code: "payload_too_large",
        message: `The request body is larger than ${Math.round(limit / 1000)} kB. Send less data (for a catalog, use the CLI import).`,
      },
    },
    { status: 413, headers: { "Cache-Control": "no-store" } },
  );
}

function lengthRequired(): NextResponse {
  return NextResponse.json(
    {
      error: {
        code: "length_required",
        message:
          "A form or server-action request must say how long its body is (Content-Length); send it in one piece, not chunked.",
      },
    },
    { status: 411, headers: { "Cache-Control": "no-store" } },
  );
}

function refusal(status: 400 | 403, code: string, message: string): NextResponse {
  return NextResponse.json(
    { error: { code, message } },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * A POST to a page from another site: the Origin's host is not the host the request was sent
 * to. Next.js compares them the same way (the first x-forwarded-host, else Host) and aborts
 * with a 500; an Origin that is not a URL makes it throw. No Origin (a script, an old browser)
 * is let through, as Next.js does.
 */
export function foreignOrigin(headers: Headers, fallbackHost: string): string | null {
  const origin = headers.get("origin");
  if (origin === null) return null;
  let originHost: string;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return "the Origin header is not a URL";
  }
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const host = forwarded || headers.get("host") || fallbackHost;
  return originHost === host
    ? null
    : `the request comes from ${originHost.slice(0, 100)}, not from ${host.slice(0, 100)}`;
}

/**
 * A fetch action's body (Next-Action header) that Next.js could not decode. Content types as
 * Next.js tells them apart: multipart/form-data (FormData, files, Maps among the arguments),
 * exactly application/x-www-form-urlencoded (Next.js answers 404 itself), else text (JSON).
 */
export async function actionBodyProblem(request: Request): Promise<ActionBodyProblem | null> {
  const type = request.headers.get("content-type") ?? "";
  if (type === "application/x-www-form-urlencoded") return null;
  if (type.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return { reason: "the body is not valid multipart/form-data" };
    }
    return checkActionForm(form.entries());
  }
  return checkActionText(await request.text());
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const requestId = requestIdFor(request);
  const nonce = newNonce();
  const csp = contentSecurityPolicy(nonce);
  const { pathname } = request.nextUrl;

  // Bodies over the limit are refused before anything reads them. Next.js itself answers an
  // oversized server-action body with a 500, so a POST to a page (a server action, called by
  // script or by a form without JavaScript) must declare its length: browsers always do, and
  // one without (a chunked upload from a script) gets a 411 instead of reaching that 500.
  // API routes read undeclared bodies themselves, up to their limit (route-handler.ts).
  const isApiWrite = pathname.startsWith("/api/") && request.method !== "GET" && request.method !== "HEAD";
  const isServerAction = request.method === "POST" && !pathname.startsWith("/api/");
  if (isApiWrite || isServerAction) {
    const limit = isServerAction ? ACTION_BODY_LIMIT_BYTES : API_BODY_LIMIT_BYTES;
    const declared = request.headers.get("content-length");
    const length = Number(declared ?? "0");
    if (Number.isFinite(length) && length > limit) {
      return withHeaders(tooLarge(limit), csp, requestId);
    }
    if (isServerAction && declared === null) {
      return withHeaders(lengthRequired(), csp, requestId);
    }
  }

  // Server actions and form posts: refused here with a 4xx what Next.js would answer with a
  // 500 (a foreign Origin, a body its action decoding fails on). Logged as refusals.
  if (isServerAction) {
    const refuse = (status: 400 | 403, code: string, reason: string, message: string) => {
      log.info("server action refused", {
        requestId,
        method: request.method,
        route: pathname,
        status,
        reason,
      });
      return withHeaders(refusal(status, code, message), csp, requestId);
    };
    const foreign = foreignOrigin(request.headers, request.nextUrl.host);
    if (foreign) {
      return refuse(
        403,
        "cross_origin",
        foreign,
        `Forms and actions are only accepted from this site: ${foreign}.`,
      );
    }
    if (request.headers.has("next-action")) {
      const malformed = await actionBodyProblem(request);
      if (malformed) {
        return refuse(
          400,
          "malformed_action",
          malformed.reason,
          `The request body is not a valid server-action call: ${malformed.reason}.`,
        );
      }
    }
  }

  // A path that decodes to U+0000 or a lone surrogate can name nothing, and Postgres text cannot
  // hold it (a page looking it up would fail with a 500): refuse it here.
  if (hasImpossibleCharacters(pathname)) {
    return withHeaders(
      NextResponse.json(
        {
          error: {
            code: "invalid_input",
            message: "The address contains characters no page or id can have.",
          },
        },
        { status: 400, headers: { "Cache-Control": "no-store" } },
      ),
      csp,
      requestId,
    );
  }

  const availability = databaseAvailability();
  // Health checks answer for themselves: readiness says the database is down, liveness
  // never touches it.
  const isHealth = pathname === "/api/health" || pathname === "/api/health/live";
  if (!availability.available && !isStaticAsset(pathname) && !isHealth) {
    log.warn("database unavailable: answered 503", {
      requestId,
      method: request.method,
      route: pathname,
      status: 503,
      unavailableForMs: availability.unavailableForMs,
    });
    return withHeaders(unavailable(request, availability.retryAfterSeconds), csp, requestId);
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(REQUEST_ID_HEADER, requestId);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), csp, requestId);
}
