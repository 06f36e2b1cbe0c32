// Structured logs: one JSON object per line on stdout (errors on stderr), so that a log
// collector can index them: time, level, msg, and the request's context (request id, route,
// duration, status, user/team id) where known. Values under keys that look like credentials
// are replaced by "[redacted]" and long strings are cut, so a log line never carries a
// password, a session token or a whole request body.
//
// GPU_SCOUT_LOG_LEVEL (debug | info | warn | error, default info) filters; GPU_SCOUT_LOG_FORMAT
// = "pretty" prints one readable line instead (local development).

export type LogLevel = "debug" | "info" | "warn" | "error";

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LogFields {
  requestId?: string;
  route?: string;
  method?: string;
  status?: number;
  durationMs?: number;
  userId?: string;
  teamId?: string;
  err?: unknown;
  [key: string]: unknown;
}

const SECRET_KEY = /pass(word)?|secret|token|authori[sz]ation|cookie|session|api[-_]?key|credential/i;
const MAX_STRING = 2_000;
const MAX_DEPTH = 4;

/** A JSON-safe copy of `value` with credential-like keys redacted and sizes bounded. */
export function sanitize(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === "string") return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "boolean") return value;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Error) return serializeError(value, depth);
  if (depth >= MAX_DEPTH) return "[…]";
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => sanitize(item, depth + 1));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value).slice(0, 50)) {
      out[key] = SECRET_KEY.test(key) ? "[redacted]" : sanitize(item, depth + 1);
    }
    return out;
  }
  return typeof value === "symbol"
    ? value.toString()
    : typeof value === "function"
      ? "[function]"
      : "[unknown]";
}

function serializeError(error: Error, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = { name: error.name, message: sanitize(error.message, depth + 1) };
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") out.code = code;
  if (error.stack) out.stack = error.stack.split("\n").slice(0, 12).join("\n");
  if (error.cause !== undefined && depth < MAX_DEPTH) out.cause = sanitize(error.cause, depth + 1);
  return out;
}

function threshold(): number {
  const wanted = process.env.GPU_SCOUT_LOG_LEVEL as LogLevel | undefined;
  return LEVELS[wanted && wanted in LEVELS ? wanted : "info"];
}

/** The line written for one event (exported for tests). */
export function formatLine(level: LogLevel, msg: string, fields: LogFields = {}, now = new Date()): string {
  const { err, ...rest } = fields;
  const record: Record<string, unknown> = { time: now.toISOString(), level, msg };
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    record[key] = SECRET_KEY.test(key) ? "[redacted]" : sanitize(value);
  }
  if (err !== undefined) record.err = sanitize(err);
  if (process.env.GPU_SCOUT_LOG_FORMAT === "pretty") {
    const { time, level: lvl, msg: text, ...context } = record;
    const tail = Object.keys(context).length > 0 ? ` ${JSON.stringify(context)}` : "";
    return `${String(time)} ${String(lvl).toUpperCase()} ${String(text)}${tail}`;
  }
  return JSON.stringify(record);
}

function write(level: LogLevel, msg: string, fields?: LogFields): void {
  if (LEVELS[level] < threshold()) return;
  const line = `${formatLine(level, msg, fields)}\n`;
  if (level === "error" || level === "warn") process.stderr.write(line);
  else process.stdout.write(line);
}

export const log = {
  debug: (msg: string, fields?: LogFields) => write("debug", msg, fields),
  info: (msg: string, fields?: LogFields) => write("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => write("warn", msg, fields),
  error: (msg: string, fields?: LogFields) => write("error", msg, fields),
};

/** Header the proxy sets on every request (and echoes on the response). */
export const REQUEST_ID_HEADER = "x-request-id";

/** The request id of `request` (set by proxy.ts), if any. */
export function requestIdOf(request: { headers: Headers }): string | undefined {
  return request.headers.get(REQUEST_ID_HEADER) ?? undefined;
}
