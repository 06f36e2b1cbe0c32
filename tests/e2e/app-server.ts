// Starts the production app (`npm start`: prepare the database, then `next start`) on its
// own port and data folder, and stops it again — the e2e tests restart servers.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

export async function freshDataDir(): Promise<string> {
  return path.join(await mkdtemp(path.join(os.tmpdir(), "gpu-scout-e2e-")), "pglite");
}

/** Extra environment for one instance (e.g. DATABASE_URL + NEXTAUTH_SECRET for a Postgres pair); wins over the defaults. */
export type AppEnv = Record<string, string | undefined>;

function spawnApp(port: number, dataDir: string, env: AppEnv = {}): ChildProcess {
  if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    throw new Error("No production build: run `npm run build` before the end-to-end tests.");
  }
  return spawn("npm", ["start"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      PGLITE_DIR: dataDir,
      DATABASE_URL: "",
      NODE_ENV: "production",
      ...env,
    },
    detached: true, // own process group: stop() kills npm, tsx and next together
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * E2E_BASE_URL=http://127.0.0.1:3000 runs a spec against an already running, freshly seeded
 * server (e.g. `next dev` while developing a page) instead of starting a production one.
 * Not for restart.spec.ts, which starts and stops its own servers.
 */
function externalApp(port: number, dataDir: string): AppServer | null {
  const base = process.env.E2E_BASE_URL;
  if (!base) return null;
  return { url: base.replace(/\/$/, ""), port, dataDir, output: () => "", stop: () => Promise.resolve() };
}

export async function startApp(
  port: number,
  dataDir: string,
  timeoutMs = 120_000,
  env: AppEnv = {},
): Promise<AppServer> {
  const external = externalApp(port, dataDir);
  if (external) return external;
  const child = spawnApp(port, dataDir, env);
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`App exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      process.kill(-(child.pid as number), "SIGKILL");
      throw new Error(`App did not become healthy within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    port,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      process.kill(-(child.pid as number), "SIGTERM");
      const timer = setTimeout(() => process.kill(-(child.pid as number), "SIGKILL"), 15_000);
      await exited;
      // npm exits first; wait until next-server (which holds the data-folder lock) is gone too.
      while (groupAlive(child.pid as number)) await new Promise((r) => setTimeout(r, 100));
      clearTimeout(timer);
    },
  };
}

/** Runs `npm start` expecting it to fail; resolves with its exit code, output and duration. */
export async function startAppExpectingFailure(
  port: number,
  dataDir: string,
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  const child = spawnApp(port, dataDir);
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => process.kill(-(child.pid as number), "SIGKILL"), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, output, ms: Date.now() - started };
}
