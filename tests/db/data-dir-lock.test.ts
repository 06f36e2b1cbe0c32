import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { acquireDataDirLock, DataDirLockedError, lockPathFor } from "../../server/db/data-dir-lock.ts";

function runNode(
  code: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
      cwd: process.cwd(),
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("close", (exitCode) => resolve({ code: exitCode, output }));
  });
}

describe("data folder lock", () => {
  it("refuses a second process while the first one holds the folder", async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), "gpu-scout-lock-")), "pglite");
    const lock = acquireDataDirLock(dir);
    const other = await runNode(
      `import { acquireDataDirLock } from "${path.resolve("server/db/data-dir-lock.ts")}";
       try { acquireDataDirLock(${JSON.stringify(dir)}); console.log("ACQUIRED"); }
       catch (e) { console.log(e.name + ": " + e.message); process.exit(3); }`,
    );
    expect(other.code).toBe(3);
    expect(other.output).toContain("DataDirLockedError");
    expect(other.output).toContain(`process ${process.pid}`);
    expect(other.output).toContain("PGLITE_DIR");
    lock.release();
    expect(existsSync(lockPathFor(dir))).toBe(false);
  });

  it("takes over a stale lock left by a dead process", async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), "gpu-scout-lock-")), "pglite");
    // A process that takes the lock and dies without releasing it (SIGKILL skips exit hooks).
    const dead = await runNode(
      `import { acquireDataDirLock } from "${path.resolve("server/db/data-dir-lock.ts")}";
       acquireDataDirLock(${JSON.stringify(dir)}); process.kill(process.pid, "SIGKILL");`,
    );
    expect(dead.code).toBeNull();
    const stale = JSON.parse(await readFile(lockPathFor(dir), "utf8")) as { pid: number };
    expect(stale.pid).not.toBe(process.pid);
    const lock = acquireDataDirLock(dir);
    const owner = JSON.parse(await readFile(lockPathFor(dir), "utf8")) as { pid: number };
    expect(owner.pid).toBe(process.pid);
    lock.release();
  });

  it("treats a lock from another host as held (it cannot tell whether that process lives)", async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), "gpu-scout-lock-")), "pglite");
    await writeFile(lockPathFor(dir), JSON.stringify({ pid: 1, host: "some-other-host", startedAt: "" }));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it("a second app process on the same folder fails at once with a clear message", async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), "gpu-scout-lock-")), "pglite");
    const lock = acquireDataDirLock(dir);
    const started = Date.now();
    const second = await runNode(`await import("${path.resolve("scripts/db-prepare.ts")}");`, {
      PGLITE_DIR: dir,
      DATABASE_URL: "",
    });
    expect(second.code).toBe(1);
    expect(second.output).toContain("already in use by process");
    expect(Date.now() - started).toBeLessThan(20_000);
    lock.release();
  });
});
