// Configuration comes only from the environment, validated once. Defaults make a fresh
// clone run with no env file (embedded database); see README "Configuration".
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

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
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}\nSee README.md "Configuration".`);
  }
  return result.data;
}
