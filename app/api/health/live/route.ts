// GET /api/health/live — liveness: the process is up and serving requests. Never touches the
// database (a restart would not fix a database outage); readiness is /api/health.
import { NextResponse } from "next/server";

import packageJson from "../../../../package.json";

export const dynamic = "force-dynamic";

export function GET() {
  return NextResponse.json(
    { status: "ok", version: packageJson.version, uptimeSeconds: Math.round(process.uptime()) },
    { headers: { "cache-control": "no-store" } },
  );
}
