// One pipeline for JSON API routes: parse (JSON body or query string), validate with zod,
// answer 400 with field errors for bad input, and never 500 for user input — only for our
// own bugs, which are logged and answered without internals.
import { NextResponse } from "next/server";
import { type z } from "zod";

export interface ApiErrorBody {
  error: {
    code: "invalid_json" | "invalid_input" | "not_found" | "forbidden" | "unauthorized" | "internal";
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

function errorResponse(status: number, body: ApiErrorBody): NextResponse {
  return NextResponse.json(body, { status, headers: { "cache-control": "no-store" } });
}

async function run(work: () => Promise<unknown>): Promise<NextResponse> {
  try {
    const result = await work();
    return result instanceof NextResponse ? result : NextResponse.json(result);
  } catch (error) {
    if (error instanceof ApiError) {
      return errorResponse(error.status, {
        error: {
          code: error.code,
          message: error.message,
          ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        },
      });
    }
    console.error("[api] unexpected error", error);
    return errorResponse(500, {
      error: { code: "internal", message: "Something went wrong on our side. Please try again." },
    });
  }
}

function invalid(error: z.ZodError): NextResponse {
  return errorResponse(400, {
    error: {
      code: "invalid_input",
      message: "The request is not valid: see fieldErrors.",
      fieldErrors: fieldErrorsOf(error),
    },
  });
}

/** POST/PUT handler with a JSON body validated by `schema`. */
export function jsonRoute<S extends z.ZodType>(
  schema: S,
  handler: (input: z.infer<S>, request: Request) => Promise<unknown>,
): (request: Request) => Promise<NextResponse> {
  return async (request) => {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return errorResponse(400, {
        error: { code: "invalid_json", message: "The request body must be valid JSON." },
      });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    return run(() => handler(parsed.data, request));
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
    const parsed = schema.safeParse(queryObject(new URL(request.url)));
    if (!parsed.success) return invalid(parsed.error);
    return run(() => handler(parsed.data, request, context));
  };
}
