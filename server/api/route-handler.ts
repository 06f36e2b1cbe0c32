// One pipeline for JSON API routes: parse (JSON body or query string), validate with zod,
// answer 400 with field errors for bad input, and never 500 for user input — only for our
// own bugs, which are logged and answered without internals.
import { NextResponse } from "next/server";
import { type z } from "zod";

import { API_BODY_LIMIT_BYTES } from "../../lib/limits/request-body.ts";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "./unstorable-text.ts";
import { noteDatabaseError, RETRY_AFTER_SECONDS } from "../db/availability.ts";
import { log, requestIdOf } from "../log.ts";

export interface ApiErrorBody {
  error: {
    code:
      | "invalid_json"
      | "invalid_input"
      | "not_found"
      | "forbidden"
      | "unauthorized"
      | "payload_too_large"
      | "unavailable"
      | "internal";
    message: string;
    fieldErrors?: Record<string, string[]>;
  };
}

/** A deliberate error whose message is safe to show (e.g. "offer not found"). */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422,
    readonly code: ApiErrorBody["error"]["code"],
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "(root)";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

function errorResponse(
  status: number,
  body: ApiErrorBody,
  headers: Record<string, string> = {},
): NextResponse {
  return NextResponse.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

/** One access-log line per API request: id, route, status, duration. */
function logRequest(request: Request, response: NextResponse, started: number): NextResponse {
  const url = new URL(request.url);
  const fields = {
    requestId: requestIdOf(request),
    method: request.method,
    route: url.pathname,
    status: response.status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
  };
  if (response.status >= 500) log.warn("api request", fields);
  else log.info("api request", fields);
  return response;
}

async function run(request: Request, started: number, work: () => Promise<unknown>): Promise<NextResponse> {
  return logRequest(request, await answer(request, work), started);
}

async function answer(request: Request, work: () => Promise<unknown>): Promise<NextResponse> {
  try {
    const result = await work();
    return result instanceof NextResponse ? result : NextResponse.json(result);
  } catch (error) {
    if (noteDatabaseError(error)) {
      log.warn("api request: database unreachable", { requestId: requestIdOf(request), err: error });
      return errorResponse(
        503,
        {
          error: {
            code: "unavailable",
            message: `The database is not reachable right now. Nothing was changed; try again in ${RETRY_AFTER_SECONDS} seconds.`,
          },
        },
        { "retry-after": String(RETRY_AFTER_SECONDS) },
      );
    }
    if (error instanceof ApiError) {
      return errorResponse(error.status, {
        error: {
          code: error.code,
          message: error.message,
          ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        },
      });
    }
    log.error("api request failed", {
      requestId: requestIdOf(request),
      route: new URL(request.url).pathname,
      err: error,
    });
    return errorResponse(500, {
      error: { code: "internal", message: "Something went wrong on our side. Please try again." },
    });
  }
}

function nulRefused(request: Request, started: number): NextResponse {
  return logRequest(
    request,
    errorResponse(400, { error: { code: "invalid_input", message: UNSTORABLE_TEXT_MESSAGE } }),
    started,
  );
}

function invalid(request: Request, started: number, error: z.ZodError): NextResponse {
  return logRequest(
    request,
    errorResponse(400, {
      error: {
        code: "invalid_input",
        message: "The request is not valid: see fieldErrors.",
        fieldErrors: fieldErrorsOf(error),
      },
    }),
    started,
  );
}

/** The body as text, or null when it exceeds `limit` bytes (read in chunks, never all at once). */
export async function readBoundedText(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** POST/PUT handler with a JSON body validated by `schema`. */
export function jsonRoute<S extends z.ZodType>(
  schema: S,
  handler: (input: z.infer<S>, request: Request) => Promise<unknown>,
): (request: Request) => Promise<NextResponse> {
  return async (request) => {
    const started = performance.now();
    const text = await readBoundedText(request, API_BODY_LIMIT_BYTES);
    if (text === null) {
      return logRequest(
        request,
        errorResponse(413, {
          error: {
            code: "payload_too_large",
            message: `The request body is larger than ${API_BODY_LIMIT_BYTES / 1000} kB. Send less data.`,
          },
        }),
        started,
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return logRequest(
        request,
        errorResponse(400, {
          error: { code: "invalid_json", message: "The request body must be valid JSON." },
        }),
        started,
      );
    }
    if (hasUnstorableText(body)) return nulRefused(request, started);
    const parsed = schema.safeParse(body);
    if (!parsed.success) return invalid(request, started, parsed.error);
    return run(request, started, () => handler(parsed.data, request));
  };
}

/** Turns a query string into an object: repeated keys become arrays. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length > 1 ? values : (values[0] ?? "");
  }
  return out;
}

/** GET handler with query parameters validated by `schema` (use z.coerce for numbers). */
export function queryRoute<S extends z.ZodType, Ctx = unknown>(
  schema: S,
  handler: (input: z.infer<S>, request: Request, context: Ctx) => Promise<unknown>,
): (request: Request, context: Ctx) => Promise<NextResponse> {
  return async (request, context) => {
    const started = performance.now();
    const query = queryObject(new URL(request.url));
    const params = await (context as { params?: Promise<unknown> } | undefined)?.params;
    if (hasUnstorableText(query) || hasUnstorableText(params)) return nulRefused(request, started);
    const parsed = schema.safeParse(query);
    if (!parsed.success) return invalid(request, started, parsed.error);
    return run(request, started, () => handler(parsed.data, request, context));
  };
}
