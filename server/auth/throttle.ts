// Login throttling per account and per IP, stored in the database (LoginThrottle) so it holds
// across app instances. After a free allowance of failures, each further failure locks the
// key for an exponentially growing time (capped). A locked key is refused before the
// password is even checked, so guessing during a lock costs nothing and reveals nothing.
import "server-only";
import type { PrismaClient } from "../../generated/prisma/client.ts";

export interface ThrottlePolicy {
  /** Failures allowed before the first lock. */
  free: number;
  baseSeconds: number;
  maxSeconds: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = { free: 5, baseSeconds: 30, maxSeconds: 15 * 60 };
// An office or a NAT shares one IP: allow more, but still stop a spray over many accounts.
export const IP_POLICY: ThrottlePolicy = { free: 20, baseSeconds: 30, maxSeconds: 15 * 60 };

/** Lock length after `failures` failures: 0 within the allowance, then base × 2^(n−1), capped. */
export function lockSeconds(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.free;
  if (over <= 0) return 0;
  return Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** Math.min(over - 1, 20));
}

export function accountKey(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

export function ipKey(ip: string): string {
  return `ip:${ip}`;
}

type Db = Pick<PrismaClient, "loginThrottle" | "$executeRaw">;

/** Seconds until every given key is unlocked (0 = not locked). */
export async function throttleWaitSeconds(db: Db, keys: string[], now = new Date()): Promise<number> {
  const rows = await db.loginThrottle.findMany({ where: { key: { in: keys } } });
  let wait = 0;
  for (const row of rows) {
    if (row.lockedUntil && row.lockedUntil > now) {
      wait = Math.max(wait, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000));
    }
  }
  return wait;
}

/** Failures older than this are forgotten: the count starts again. */
export const FAILURE_WINDOW_SECONDS = 60 * 60;

/** Count one failure on `key` atomically (safe when several instances fail at once). */
export async function recordFailure(
  db: Db,
  key: string,
  policy: ThrottlePolicy,
  now = new Date(),
): Promise<void> {
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_SECONDS * 1000);
  await db.$executeRaw`
    UPDATE "LoginThrottle" SET "failures" = 0, "lockedUntil" = NULL
    WHERE "key" = ${key} AND "lastFailedAt" < ${windowStart}
      AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})`;
  // failures + 1 and the lock derived from it in the same statement, so two instances
  // failing at once both count and the lock matches the count.
  await db.$executeRaw`
    INSERT INTO "LoginThrottle" ("key", "failures", "lastFailedAt", "lockedUntil", "updatedAt")
    VALUES (${key}, 1, ${now}, ${lockUntil(1, policy, now)}, ${now})
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = "LoginThrottle"."failures" + 1,
      "lastFailedAt" = ${now},
      "updatedAt" = ${now},
      "lockedUntil" = CASE
        WHEN "LoginThrottle"."failures" + 1 > ${policy.free}
        THEN ${now}::timestamp + make_interval(secs => LEAST(${policy.maxSeconds}::float8,
          ${policy.baseSeconds}::float8 * power(2, LEAST("LoginThrottle"."failures" + 1 - ${policy.free} - 1, 20))))
        ELSE "LoginThrottle"."lockedUntil"
      END`;
}

function lockUntil(failures: number, policy: ThrottlePolicy, now: Date): Date | null {
  const seconds = lockSeconds(failures, policy);
  return seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;
}

/** A successful sign-in clears the account's counter (the IP's expires with the window). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key } });
}
