// Is the database there? When a query fails because the database cannot be reached (server
// stopped or restarting, connection refused or cut, pool exhausted), the app marks the
// database "unavailable" and answers 503 with Retry-After instead of a 500 or a hang: API
// routes through server/api/route-handler.ts, pages and actions through proxy.ts, which
// reads the same state. A background probe (SELECT 1 every second) marks it available again,
// so the app recovers by itself without a restart.
//
// The state lives on globalThis: proxy.ts and the route bundles are separate module
// instances in one Node.js process.

export const RETRY_AFTER_SECONDS = 2;

interface AvailabilityState {
  unavailableSince: number | null;
  lastError: string | null;
  probe: (() => Promise<void>) | null;
  probing: ReturnType<typeof setInterval> | null;
}

const globalForAvailability = globalThis as typeof globalThis & {
  gpuScoutDbAvailability?: AvailabilityState;
};

function state(): AvailabilityState {
  globalForAvailability.gpuScoutDbAvailability ??= {
    unavailableSince: null,
    lastError: null,
    probe: null,
    probing: null,
  };
  return globalForAvailability.gpuScoutDbAvailability;
}

// Prisma's connection-level error codes: can't reach (P1001), timed out (P1002, P1008),
// server closed the connection (P1017), pool timeout (P2024).
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// Node socket errors and Postgres SQLSTATEs: class 08 (connection exception), 57P01–57P03
// (admin shutdown, crash shutdown, cannot connect now), 53300 (too many connections).
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
const MESSAGES =
  /Connection terminated|connection is closed|Can't reach database server|Server has closed the connection|ECONNREFUSED|the database system is (starting up|shutting down)|terminating connection due to administrator command|Timed out fetching a new connection/i;

/** True when `error` (or anything in its cause chain) says the database cannot be reached. */
export function isDatabaseUnavailableError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const record = current as Record<string, unknown>;
    const code = typeof record.code === "string" ? record.code : undefined;
    if (
      code &&
      (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08"))
    )
      return true;
    const originalCode = record.originalCode;
    if (typeof originalCode === "string" && (SQLSTATES.has(originalCode) || originalCode.startsWith("08")))
      return true;
    const kind = record.kind;
    if (typeof kind === "string" && ADAPTER_KINDS.has(kind)) return true;
    if (typeof record.message === "string" && MESSAGES.test(record.message)) return true;
    current = record.cause ?? record.originalError ?? undefined;
  }
  return false;
}

/** The app's probe (SELECT 1), registered once the database client exists. */
export function registerAvailabilityProbe(probe: () => Promise<void>): void {
  state().probe = probe;
}

/** Mark the database unreachable (if `error` says so) and start probing. Returns whether it did. */
export function noteDatabaseError(error: unknown): boolean {
  if (!isDatabaseUnavailableError(error)) return false;
  const current = state();
  current.unavailableSince ??= Date.now();
  current.lastError = error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300);
  startProbing();
  return true;
}

export function markDatabaseAvailable(): void {
  const current = state();
  current.unavailableSince = null;
  current.lastError = null;
  if (current.probing) clearInterval(current.probing);
  current.probing = null;
}

function startProbing(): void {
  const current = state();
  if (current.probing || !current.probe) return;
  let inFlight = false;
  current.probing = setInterval(() => {
    if (inFlight || !current.probe) return;
    inFlight = true;
    current
      .probe()
      .then(markDatabaseAvailable)
      .catch(() => undefined)
      .finally(() => (inFlight = false));
  }, 1_000);
  current.probing.unref?.();
}

export interface DatabaseAvailability {
  available: boolean;
  unavailableForMs: number;
  retryAfterSeconds: number;
}

export function databaseAvailability(now = Date.now()): DatabaseAvailability {
  const since = state().unavailableSince;
  return {
    available: since === null,
    unavailableForMs: since === null ? 0 : now - since,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  };
}
