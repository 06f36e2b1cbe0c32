// Deployment configuration: defaults for an empty environment, and a clear message for each
// bad value (the start-up scripts print it and exit 1).
import { describe, expect, it } from "vitest";

import { EnvError, parseEnv as parseProcessEnv } from "../../server/env.ts";

const parseEnv = (env: Record<string, string>) => parseProcessEnv(env as NodeJS.ProcessEnv);

function messageFor(env: Record<string, string>): string {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe("deployment configuration", () => {
  it("has defaults for every deployment setting", () => {
    expect(parseEnv({})).toMatchObject({
      GPU_SCOUT_DB_POOL_SIZE: 10,
      GPU_SCOUT_LOG_LEVEL: "info",
      GPU_SCOUT_LOG_FORMAT: "json",
      GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES: 360,
      GPU_SCOUT_CATALOG_SYNC_DELAY_SECONDS: 10,
    });
    expect(parseEnv({}).GPU_SCOUT_CATALOG_SYNC_SOURCE).toBeUndefined();
  });

  it("reads valid values, and an empty variable counts as unset", () => {
    expect(
      parseEnv({
        GPU_SCOUT_DB_POOL_SIZE: "25",
        GPU_SCOUT_LOG_LEVEL: "warn",
        GPU_SCOUT_LOG_FORMAT: "pretty",
        GPU_SCOUT_CATALOG_SYNC_SOURCE: "https://example.com/catalogs/v8/lambda/vms.csv",
        GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES: "5",
        GPU_SCOUT_CATALOG_SYNC_DELAY_SECONDS: "0",
      }),
    ).toMatchObject({
      GPU_SCOUT_DB_POOL_SIZE: 25,
      GPU_SCOUT_LOG_LEVEL: "warn",
      GPU_SCOUT_LOG_FORMAT: "pretty",
      GPU_SCOUT_CATALOG_SYNC_SOURCE: "https://example.com/catalogs/v8/lambda/vms.csv",
      GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES: 5,
      GPU_SCOUT_CATALOG_SYNC_DELAY_SECONDS: 0,
    });
    expect(parseEnv({ GPU_SCOUT_CATALOG_SYNC_SOURCE: "../catalogs/skypilot-catalog/v8" })).toMatchObject({
      GPU_SCOUT_CATALOG_SYNC_SOURCE: "../catalogs/skypilot-catalog/v8",
    });
    expect(
      parseEnv({ GPU_SCOUT_CATALOG_SYNC_SOURCE: "", GPU_SCOUT_DB_POOL_SIZE: "", GPU_SCOUT_LOG_LEVEL: "" }),
    ).toMatchObject({
      GPU_SCOUT_CATALOG_SYNC_SOURCE: undefined,
      GPU_SCOUT_DB_POOL_SIZE: 10,
      GPU_SCOUT_LOG_LEVEL: "info",
    });
  });

  it.each([
    [
      { GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES: "2" },
      "GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES: GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES must be a whole number from 5 to 10080",
    ],
    [
      { GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES: "six hours" },
      "GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES must be a whole number from 5 to 10080",
    ],
    [
      { GPU_SCOUT_CATALOG_SYNC_DELAY_SECONDS: "-1" },
      "GPU_SCOUT_CATALOG_SYNC_DELAY_SECONDS must be a whole number from 0 to 86400",
    ],
    [
      { GPU_SCOUT_CATALOG_SYNC_SOURCE: "ftp://example.com/vms.csv" },
      "GPU_SCOUT_CATALOG_SYNC_SOURCE must be a file or folder path, or an http(s):// URL",
    ],
    [{ GPU_SCOUT_DB_POOL_SIZE: "0" }, "GPU_SCOUT_DB_POOL_SIZE must be a whole number from 1 to 200"],
    [{ GPU_SCOUT_DB_POOL_SIZE: "500" }, "GPU_SCOUT_DB_POOL_SIZE must be a whole number from 1 to 200"],
    [{ GPU_SCOUT_DB_POOL_SIZE: "2.5" }, "GPU_SCOUT_DB_POOL_SIZE must be a whole number from 1 to 200"],
    [{ GPU_SCOUT_LOG_LEVEL: "verbose" }, "GPU_SCOUT_LOG_LEVEL must be one of debug, info, warn, error"],
    [{ GPU_SCOUT_LOG_FORMAT: "xml" }, "GPU_SCOUT_LOG_FORMAT must be one of json, pretty"],
  ])("refuses %j with a clear message", (env, expected) => {
    const message = messageFor(env);
    expect(message).toContain(expected);
    expect(message).toContain('See README.md "Configuration" and docs/deploy.md.');
  });

  it("lists every bad setting at once", () => {
    const message = messageFor({ GPU_SCOUT_DB_POOL_SIZE: "x", GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES: "1" });
    expect(message).toMatch(/GPU_SCOUT_DB_POOL_SIZE:.*\n.*GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES:/);
  });
});
