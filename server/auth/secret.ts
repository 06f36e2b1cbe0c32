// The secret that signs session cookies. Production on Postgres must set NEXTAUTH_SECRET
// (several instances must share it; we refuse to start without it). Anywhere else — the
// embedded default, development — it is generated once and kept beside the data, so a fresh
// clone "just runs" and sessions survive restarts.
// No "server-only" import: the catalog import (CLI included) evaluates watches with it
// (server/watches/), and the CLI runs without the react-server condition.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import type { Env } from "../env.ts";

export class AuthConfigError extends Error {
  override name = "AuthConfigError";
}

export function secretFilePath(env: Env): string {
  return env.DATABASE_URL ? path.join(".data", "nextauth-secret") : `${env.PGLITE_DIR}.nextauth-secret`;
}

export function resolveAuthSecret(env: Env): string {
  if (env.NEXTAUTH_SECRET) return env.NEXTAUTH_SECRET;
  if (env.NODE_ENV === "production" && env.DATABASE_URL) {
    throw new AuthConfigError(
      "NEXTAUTH_SECRET is not set. In production on Postgres every instance must share one secret: " +
        "set NEXTAUTH_SECRET to 32+ random characters (e.g. `openssl rand -base64 32`).",
    );
  }
  const file = path.resolve(secretFilePath(env));
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": exclusive create, so two processes starting together keep the first one's secret.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch {
    // Another process created it first: use its secret — but never a short or empty one
    // (a truncated file would otherwise sign every session with a guessable key).
    const theirs = readFileSync(file, "utf8").trim();
    if (theirs.length >= 32) return theirs;
    throw new AuthConfigError(
      `${file} does not hold a usable secret (fewer than 32 characters). Delete it to have a new one ` +
        "generated (everyone is signed out), or set NEXTAUTH_SECRET.",
    );
  }
}
