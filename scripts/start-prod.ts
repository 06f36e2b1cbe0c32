// npm run start:prod — production start of the standalone build (next.config.ts
// `output: "standalone"`, made by `npm run build`):
//   1. validate the environment (server/env.ts) and print what is wrong;
//   2. prepare the database: pending migrations, seed of a fresh catalog (server/db/prepare.ts;
//      on Postgres under an advisory lock, so instances starting together migrate once);
//      GPU_SCOUT_AUTO_MIGRATE / GPU_SCOUT_AUTO_SEED=false turn either off;
//   3. copy public/, .next/static and prisma/migrations beside .next/standalone/server.js
//      (Next's standalone output leaves them out; the health check reads the migrations);
//   4. run the server (PORT, HOSTNAME) in a child process, forward SIGTERM/SIGINT to it, and
//      exit with its code.
// The standalone server changes its working directory to .next/standalone, so relative
// PGLITE_DIR and GPU_SCOUT_CATALOG_SYNC_SOURCE paths are resolved here, against the repo.
import { spawn } from "node:child_process";
import { cpSync, existsSync, readFileSync, readdirSync } from "node:fs";
import { constants } from "node:os";
import path from "node:path";

import { describeTarget, openDatabase, resolveTarget } from "../server/db/connect.ts";
import { DataDirLockedError } from "../server/db/data-dir-lock.ts";
import { prepareDatabase } from "../server/db/prepare.ts";
import { EnvError, parseEnv, type Env } from "../server/env.ts";
import { log } from "../server/log.ts";

const root = process.cwd();
const standaloneDir = path.join(root, ".next", "standalone");
const serverJs = path.join(standaloneDir, "server.js");
const migrationsDir = path.join(root, "prisma", "migrations");
const standaloneMigrationsDir = path.join(standaloneDir, "prisma", "migrations");

class StartError extends Error {
  override name = "StartError";
}

function absoluteEnv(env: Env): Record<string, string> {
  const out: Record<string, string> = { PGLITE_DIR: path.resolve(root, env.PGLITE_DIR) };
  const source = env.GPU_SCOUT_CATALOG_SYNC_SOURCE;
  // "manifest" = the default sync manifest (server/catalog/sync.ts), not a path.
  if (source && source !== "manifest" && !/^https?:\/\//i.test(source))
    out.GPU_SCOUT_CATALOG_SYNC_SOURCE = path.resolve(root, source);
  return out;
}

/**
 * Copies what the standalone server needs beside it, where missing (`next build` writes a
 * fresh .next/standalone). Sources that are absent are skipped: the Docker image has them in
 * place already and its files are read-only for the app user.
 */
function copyAssets(): void {
  const buildIdFile = path.join(root, ".next", "BUILD_ID");
  const buildId = existsSync(buildIdFile) ? readFileSync(buildIdFile, "utf8").trim() : "";
  const copies: { from: string; to: string; present: string }[] = [
    // Hashed file names under static/<build id>: copy once per build.
    {
      from: path.join(root, ".next", "static"),
      to: path.join(standaloneDir, ".next", "static"),
      present: path.join(standaloneDir, ".next", "static", buildId),
    },
    { from: path.join(root, "public"), to: path.join(standaloneDir, "public"), present: "" },
  ];
  for (const { from, to, present } of copies) {
    if (!existsSync(from) || existsSync(present || to)) continue;
    cpSync(from, to, { recursive: true, force: true });
  }
  // The health check compares these with the database: copy them when any is missing there.
  if (existsSync(migrationsDir)) {
    const missing = readdirSync(migrationsDir).filter(
      (name) => !existsSync(path.join(standaloneMigrationsDir, name)),
    );
    if (missing.length > 0) cpSync(migrationsDir, standaloneMigrationsDir, { recursive: true, force: true });
  }
}

async function prepare(env: Env): Promise<void> {
  if (!env.GPU_SCOUT_AUTO_MIGRATE && !env.GPU_SCOUT_AUTO_SEED) {
    log.info("database preparation off (GPU_SCOUT_AUTO_MIGRATE=false, GPU_SCOUT_AUTO_SEED=false)");
    return;
  }
  const db = openDatabase(resolveTarget(env));
  try {
    const started = Date.now();
    const result = await prepareDatabase(db, {
      migrate: env.GPU_SCOUT_AUTO_MIGRATE,
      seed: env.GPU_SCOUT_AUTO_SEED,
    });
    log.info("database prepared", {
      database: describeTarget(db.target),
      migrationsApplied: result.applied,
      seeded: result.seeded?.created ?? null,
      durationMs: Date.now() - started,
    });
  } finally {
    await db.close();
  }
}

async function main(): Promise<number> {
  const env = parseEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV || "production" });
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.NEXTAUTH_SECRET) {
    throw new StartError(
      "NEXTAUTH_SECRET is not set. In production on Postgres every instance must share one secret: " +
        "set NEXTAUTH_SECRET to 32+ random characters (e.g. `openssl rand -base64 32`).",
    );
  }
  if (!existsSync(serverJs)) {
    throw new StartError(
      `No standalone build at ${path.relative(root, serverJs)}: run npm run build first ` +
        '(next.config.ts must keep output: "standalone").',
    );
  }
  const resolved = absoluteEnv(env);
  await prepare({ ...env, PGLITE_DIR: resolved.PGLITE_DIR! });
  copyAssets();

  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...resolved,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1",
    PORT: process.env.PORT || "3000",
    // Next's standalone server binds HOSTNAME; containers set HOSTNAME to their own name.
    HOSTNAME: process.env.HOSTNAME || "0.0.0.0",
  };
  log.info("starting server", { port: childEnv.PORT, hostname: childEnv.HOSTNAME, server: serverJs });
  const child = spawn(process.execPath, [serverJs], { cwd: standaloneDir, env: childEnv, stdio: "inherit" });
  const forward = (signal: NodeJS.Signals) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on("SIGTERM", forward("SIGTERM"));
  process.on("SIGINT", forward("SIGINT"));
  return new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code !== null) resolve(code);
      else resolve(128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof EnvError || error instanceof StartError || error instanceof DataDirLockedError) {
      console.error(`[start:prod] ${error.message}`);
    } else {
      console.error("[start:prod] failed:", error);
    }
    process.exit(1);
  },
);
