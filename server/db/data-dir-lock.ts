// PGlite takes no lock on its data folder, and two processes writing one folder corrupt it.
// We take our own: a lock file beside the folder holding the owner's PID and host. A lock
// whose process is gone (same host) is stale and is taken over; a live one refuses at once.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly ownerPid: number,
    readonly ownerHost: string,
  ) {
    super(
      `The embedded database folder is already in use by process ${ownerPid} on ${ownerHost} ` +
        `(lock file ${lockPath}). Stop that process first, or point this one at another folder ` +
        `with PGLITE_DIR. If you are sure no process uses it, delete the lock file.`,
    );
    this.name = "DataDirLockedError";
  }
}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export interface DataDirLock {
  lockPath: string;
  release(): void;
}

export function lockPathFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, "utf8")) as Partial<LockOwner>;
    if (typeof parsed.pid === "number" && typeof parsed.host === "string") {
      return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? "") };
    }
  } catch {
    // Unreadable or half-written: treated below as stale.
  }
  return undefined;
}

const held = new Map<string, DataDirLock>();

/** Takes the lock for `dataDir` or throws DataDirLockedError. Re-entrant within a process. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = lockPathFor(dataDir);
  const existing = held.get(lockPath);
  if (existing) return existing;
  mkdirSync(path.dirname(lockPath), { recursive: true });

  const me: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      const lock: DataDirLock = {
        lockPath,
        release() {
          held.delete(lockPath);
          const owner = readOwner(lockPath);
          if (owner?.pid === me.pid && owner.host === me.host) {
            try {
              unlinkSync(lockPath);
            } catch {
              // Already gone.
            }
          }
        },
      };
      held.set(lockPath, lock);
      process.once("exit", () => lock.release());
      return lock;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(lockPath);
      if (owner && owner.host === me.host && owner.pid === me.pid) {
        // Our own lock from an earlier module instance (e.g. after a hot reload).
        const lock: DataDirLock = { lockPath, release: () => held.delete(lockPath) };
        held.set(lockPath, lock);
        return lock;
      }
      const stale = !owner || (owner.host === me.host && !isProcessAlive(owner.pid));
      if (!stale) throw new DataDirLockedError(lockPath, owner.pid, owner.host);
      try {
        unlinkSync(lockPath);
      } catch {
        // Another process removed it first; retry the exclusive create.
      }
    }
  }
  const owner = readOwner(lockPath);
  throw new DataDirLockedError(lockPath, owner?.pid ?? -1, owner?.host ?? "unknown host");
}
