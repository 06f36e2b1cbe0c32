// npm run start:prod refuses to start, with a message saying what to do, before it touches a
// database: bad configuration, no NEXTAUTH_SECRET on Postgres, no standalone build.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "..", "..");
const tsx = path.join(repo, "node_modules", ".bin", "tsx");
const script = path.join(repo, "scripts", "start-prod.ts");
// An empty working directory: no .next/standalone there.
const emptyDir = mkdtempSync(path.join(os.tmpdir(), "gpu-scout-start-prod-"));

function startProd(env: Record<string, string>) {
  const base = {
    NODE_ENV: "production",
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
  } as const;
  const result = spawnSync(tsx, [script], {
    cwd: emptyDir,
    env: { ...base, PGLITE_DIR: path.join(emptyDir, "pglite"), ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

afterAll(() => rmSync(emptyDir, { recursive: true, force: true }));

describe("npm run start:prod refusals", () => {
  it("without a standalone build: says to run npm run build first", () => {
    const { status, stderr } = startProd({});
    expect(status).toBe(1);
    expect(stderr).toContain("No standalone build at .next/standalone/server.js: run npm run build first");
  });

  it("with a bad setting: prints which one and why", () => {
    const { status, stderr } = startProd({ GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES: "2" });
    expect(status).toBe(1);
    expect(stderr).toContain("[start:prod] Invalid configuration:");
    expect(stderr).toContain(
      "GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES must be a whole number from 5 to 10080",
    );
  });

  it("on Postgres without NEXTAUTH_SECRET: refuses before connecting", () => {
    const { status, stderr } = startProd({ DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none" });
    expect(status).toBe(1);
    expect(stderr).toContain("NEXTAUTH_SECRET is not set");
  });
});
