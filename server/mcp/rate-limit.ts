// Rate limit of POST /api/mcp: a fixed window per client address (server/auth/client.ts tells
// clients apart only through the trusted proxies of GPU_SCOUT_TRUSTED_PROXY_HOPS; without any,
// every client shares one bucket). The REST API has no request limiter of its own — only the
// body size limit of lib/limits/request-body.ts, which the MCP route applies too — but one MCP
// request can run several queries, so agents get this one. It is held in this instance's memory: the
// tools are read-only, so a limit per instance is enough to keep one client from taking the
// database away from everyone else.
import { clientAddress, DIRECT_CLIENT } from "../auth/client.ts";
import { parseEnv } from "../env.ts";

/** Requests one client may send per window (a tools/list plus a few calls per agent step). */
export const MCP_REQUESTS_PER_WINDOW = 120;
/** Requests per window of the one bucket every client without a known address shares. */
export const MCP_SHARED_REQUESTS_PER_WINDOW = 600;
export const MCP_WINDOW_MS = 60_000;
/** Buckets kept at most; the oldest windows are dropped first when there are more. */
const MAX_BUCKETS = 10_000;

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the client's window resets (for Retry-After). */
  retryAfterSeconds: number;
  remaining: number;
}

export class FixedWindowLimiter {
  private readonly buckets = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit = MCP_REQUESTS_PER_WINDOW,
    readonly windowMs = MCP_WINDOW_MS,
    readonly sharedLimit = MCP_SHARED_REQUESTS_PER_WINDOW,
  ) {}

  take(key: string, now = Date.now()): RateDecision {
    const limit = key === DIRECT_CLIENT ? this.sharedLimit : this.limit;
    let bucket = this.buckets.get(key);
    if (!bucket || now - bucket.start >= this.windowMs) {
      this.buckets.delete(key);
      bucket = { start: now, count: 0 };
      this.buckets.set(key, bucket);
      if (this.buckets.size > MAX_BUCKETS) {
        const oldest = this.buckets.keys().next().value;
        if (oldest !== undefined) this.buckets.delete(oldest);
      }
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((bucket.start + this.windowMs - now) / 1000));
    if (bucket.count >= limit) return { allowed: false, retryAfterSeconds, remaining: 0 };
    bucket.count++;
    return { allowed: true, retryAfterSeconds, remaining: limit - bucket.count };
  }
}

let trustedHops: number | undefined;

/** The client key of a request: its address through the trusted proxies. */
export function mcpClientKey(request: Request): string {
  if (trustedHops === undefined) {
    try {
      trustedHops = parseEnv().GPU_SCOUT_TRUSTED_PROXY_HOPS;
    } catch {
      trustedHops = 0; // an invalid configuration stops the app at start; here: trust no header
    }
  }
  return clientAddress(request.headers, trustedHops);
}
