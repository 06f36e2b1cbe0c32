// Configuration comes only from the environment, validated once. Defaults make a fresh
// clone run with no env file (embedded database); see README "Configuration".
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

// An empty variable (`FOO=` in an env file) counts as unset, so its default applies.
const blankIsUnset = (value: unknown) => (value === "" ? undefined : value);

function wholeNumber(name: string, min: number, max: number, fallback: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .regex(/^\d+$/, message)
      .transform(Number)
      .pipe(z.number().int().min(min, message).max(max, message))
      .default(fallback),
  );
}

function oneOf<const T extends readonly [string, ...string[]]>(name: string, values: T, fallback: T[number]) {
  return z.preprocess(
    blankIsUnset,
    z.enum(values, `${name} must be one of ${values.join(", ")}`).default(fallback as never),
  );
}

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PGLITE_DIR: z.string().min(1).default(".data/pglite"),
  GPU_SCOUT_AUTO_MIGRATE: booleanFlag.default(true),
  GPU_SCOUT_AUTO_SEED: booleanFlag.default(true),
  // Accounts (next-auth). Required in production on Postgres; generated and kept beside the
  // embedded database otherwise (server/auth/secret.ts).
  NEXTAUTH_SECRET: z
    .string()
    .min(32, "NEXTAUTH_SECRET must be at least 32 characters (e.g. `openssl rand -base64 32`)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  NEXTAUTH_URL: z.url("NEXTAUTH_URL must be the app's public URL, e.g. https://scout.example.com").optional(),
  // OAuth sign-in appears only when both halves of a pair are set.
  GITHUB_ID: z.string().min(1).optional(),
  GITHUB_SECRET: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  // Reverse proxies in front of the app that append to X-Forwarded-For (server/auth/client.ts).
  // 0 (default): no header is trusted, every client shares one address bucket; N: the Nth
  // address from the right of X-Forwarded-For is the client's. See docs/deploy.md.
  GPU_SCOUT_TRUSTED_PROXY_HOPS: wholeNumber("GPU_SCOUT_TRUSTED_PROXY_HOPS", 0, 10, 0),
  // Connections per app instance to Postgres (read by server/db/connect.ts).
  GPU_SCOUT_DB_POOL_SIZE: wholeNumber("GPU_SCOUT_DB_POOL_SIZE", 1, 200, 10),
  // Structured logs (read by server/log.ts): level threshold, and "pretty" for local reading.
  GPU_SCOUT_LOG_LEVEL: oneOf("GPU_SCOUT_LOG_LEVEL", ["debug", "info", "warn", "error"], "info"),
  GPU_SCOUT_LOG_FORMAT: oneOf("GPU_SCOUT_LOG_FORMAT", ["json", "pretty"], "json"),
  // Scheduled catalog sync (server/catalog/sync.ts): what `catalog:import --skypilot` accepts —
  // a SkyPilot vms.csv, a folder of <cloud>/vms.csv, or an http(s) URL; "manifest": the
  // default manifest (every public SkyPilot v8 cloud, server/catalog/sync-manifest.ts). Unset: no sync.
  GPU_SCOUT_CATALOG_SYNC_SOURCE: z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .refine(
        (value) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^https?:\/\/[^/]/i.test(value),
        "GPU_SCOUT_CATALOG_SYNC_SOURCE must be a file or folder path, or an http(s):// URL",
      )
      .optional(),
  ),
  GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES: wholeNumber(
    "GPU_SCOUT_CATALOG_SYNC_INTERVAL_MINUTES",
    5,
    10_080,
    360,
  ),
  GPU_SCOUT_CATALOG_SYNC_DELAY_SECONDS: wholeNumber("GPU_SCOUT_CATALOG_SYNC_DELAY_SECONDS", 0, 86_400, 10),
  // Watch webhooks may reach private, loopback and link-local addresses, and plain http
  // (server/watches/ssrf.ts). Only for local installs and tests: docs/security.md.
  GPU_SCOUT_WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(
      `Invalid configuration:\n${lines.join("\n")}\nSee README.md "Configuration" and docs/deploy.md.`,
    );
  }
  return result.data;
}
