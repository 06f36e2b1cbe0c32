// What instrumentation.ts's onRequestError does with a server error (page render, route
// handler, server action): note a lost database (server/db/availability.ts) and log one line.
import { noteDatabaseError } from "./db/availability.ts";
import { REQUEST_ID_HEADER, log } from "./log.ts";

interface RequestInfo {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
}

interface ContextInfo {
  routePath: string;
  routeType: string;
}

export function reportRequestError(error: unknown, request: RequestInfo, context: ContextInfo): void {
  const header = request.headers[REQUEST_ID_HEADER];
  const requestId = Array.isArray(header) ? header[0] : header;
  const databaseLost = noteDatabaseError(error);
  const digest =
    typeof error === "object" && error !== null && "digest" in error ? String(error.digest) : undefined;
  log.error(databaseLost ? "database unreachable during request" : "request failed", {
    requestId,
    method: request.method,
    route: context.routePath,
    path: request.path.split("?")[0],
    kind: context.routeType,
    digest,
    err: error,
  });
}
