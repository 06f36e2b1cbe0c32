// The session-signing secret: required in production on Postgres, generated once (0600)
// beside the embedded database otherwise.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { AuthConfigError, resolveAuthSecret, secretFilePath } from "../../server/auth/secret.ts";
import { parseEnv } from "../../server/env.ts";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "gpu-scout-secret-"));
const given = "s".repeat(20) + "-given-secret-for-tests";

describe("resolveAuthSecret", () => {
  it("refuses to run in production on Postgres without NEXTAUTH_SECRET", () => {
    const env = parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://app@db.internal:5432/scout" });
    expect(() => resolveAuthSecret(env)).toThrow(AuthConfigError);
    expect(() => resolveAuthSecret(env)).toThrow(/NEXTAUTH_SECRET/);
  });

  it("uses NEXTAUTH_SECRET when it is set (production, Postgres)", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://app@db.internal:5432/scout",
      NEXTAUTH_SECRET: given,
    });
    expect(resolveAuthSecret(env)).toBe(given);
  });

  it("embedded: generates one secret beside the data folder, mode 0600, and reuses it", () => {
    const dataDir = path.join(tempDir(), "pglite");
    const env = parseEnv({ NODE_ENV: "production", PGLITE_DIR: dataDir });
    const file = `${dataDir}.nextauth-secret`;
    expect(path.resolve(secretFilePath(env))).toBe(file);

    const first = resolveAuthSecret(env);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    expect(resolveAuthSecret(env)).toBe(first);
    // Another data folder gets its own secret.
    const other = resolveAuthSecret(
      parseEnv({ NODE_ENV: "development", PGLITE_DIR: path.join(tempDir(), "pglite") }),
    );
    expect(other).not.toBe(first);
  });

  it("embedded: NEXTAUTH_SECRET still wins over the file", () => {
    const env = parseEnv({
      NODE_ENV: "development",
      PGLITE_DIR: path.join(tempDir(), "pglite"),
      NEXTAUTH_SECRET: given,
    });
    expect(resolveAuthSecret(env)).toBe(given);
  });

  it("embedded: refuses a secret file that is too short instead of signing with it", () => {
    const dataDir = path.join(tempDir(), "pglite");
    writeFileSync(`${dataDir}.nextauth-secret`, "short\n", { mode: 0o600 });
    expect(() => resolveAuthSecret(parseEnv({ NODE_ENV: "development", PGLITE_DIR: dataDir }))).toThrow(
      AuthConfigError,
    );
  });
});
