// GET /api/health — liveness and readiness for deployments: database reachable, migrations
// current, app version. 200 when ready, 503 otherwise (with the reason).
import { NextResponse } from "next/server";

import packageJson from "../../../package.json";
import { getDatabase } from "../../../server/db/client.ts";
import { noteDatabaseError } from "../../../server/db/availability.ts";
import { log } from "../../../server/log.ts";
import { readMigrationState } from "../../../server/db/migrations/status.ts";

export const dynamic = "force-dynamic";

export async function GET() {
  const started = performance.now();
  const version = packageJson.version;
  try {
    const db = getDatabase();
    await db.prisma.$queryRaw`SELECT 1`;
    const latencyMs = Math.round(performance.now() - started);
    const migrations = await readMigrationState(db.prisma);
    const ready = migrations.current;
    return NextResponse.json(
      {
        status: ready ? "ok" : "degraded",
        version,
        database: { kind: db.target.kind, reachable: true, latencyMs },
        migrations,
        ...(ready ? {} : { message: "Pending or failed migrations: run npm run db:deploy." }),
      },
      { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } },
    );
  } catch (error) {
    noteDatabaseError(error);
    log.warn("health: database check failed", { err: error });
    return NextResponse.json(
      {
        status: "error",
        version,
        database: { reachable: false },
        message: "The database is not reachable. Check DATABASE_URL / PGLITE_DIR and the server log.",
      },
      { status: 503, headers: { "cache-control": "no-store" } },
    );
  }
}
