// Login throttling, stored in the database (LoginThrottle) so it holds across app instances.
// Three counters per failed sign-in (server/auth/sign-in.ts decides which refuse):
// - account × client (`login:<email>|<client>`): after a free allowance, each further failure
//   locks that client out of that account for an exponentially growing time (capped). Only
//   the client that failed is refused, so nobody can lock a user out of their own account
//   from somewhere else.
// - client address (`ip:<address>`): a spray over many accounts from one address locks that
//   address (for clients that are not a known device of the account).
// - account (`email:<email>`): every client's failures together. It never refuses: past its
//   allowance each attempt on the account waits a little before the password is checked.
// A locked key is refused before the password is even checked, so guessing during a lock
// costs nothing and reveals nothing. Password changes count per user (`password-change:<id>`).
import "server-only";
import type { PrismaClient } from "../../generated/prisma/client.ts";

export interface ThrottlePolicy {
  /** Failures allowed before the first lock. */
  free: number;
  baseSeconds: number;
  maxSeconds: number;
}

export const CLIENT_POLICY: ThrottlePolicy = { free: 5, baseSeconds: 30, maxSeconds: 15 * 60 };
// An office or a NAT shares one address: allow more, but still stop a spray over many accounts.
export const IP_POLICY: ThrottlePolicy = { free: 20, baseSeconds: 30, maxSeconds: 15 * 60 };
/** Counted, never locked (the account-wide counter only slows down). */
export const COUNT_ONLY: ThrottlePolicy = { free: 2_147_483_647, baseSeconds: 0, maxSeconds: 0 };
/** Wrong current passwords on the account page, per user: like one client's sign-ins. */
export const PASSWORD_CHANGE_POLICY: ThrottlePolicy = CLIENT_POLICY;

export interface SlowdownPolicy {
  /** Failures on the account (all clients together) before attempts are slowed. */
  free: number;
  baseMs: number;
  maxMs: number;
}

export const ACCOUNT_SLOWDOWN: SlowdownPolicy = { free: 10, baseMs: 250, maxMs: 5_000 };

/** Lock length after `failures` failures: 0 within the allowance, then base × 2^(n−1), capped. */
export function lockSeconds(failures: number, policy: ThrottlePolicy): number {
  const over = failures - policy.free;
  if (over <= 0) return 0;
  return Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** Math.min(over - 1, 20));
}

/** Delay before checking a password after `failures` failures on the account. */
export function slowdownMs(failures: number, policy: SlowdownPolicy = ACCOUNT_SLOWDOWN): number {
  const over = failures - policy.free;
  if (over <= 0) return 0;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(over - 1, 20));
}

function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Every client's failures on one account (slows down, never refuses). */
export function accountKey(email: string): string {
  return `email:${normalEmail(email)}`;
}

/** One client's failures on one account: `client` is "device:<id>" or "ip:<address>". */
export function clientAccountKey(email: string, client: string): string {
  return `login:${normalEmail(email)}|${client}`;
}

export function ipKey(ip: string): string {
  return `ip:${ip}`;
}

export function passwordChangeKey(userId: string): string {
  return `password-change:${userId}`;
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

/** Failures counted on `key` within the window (0 once the window has passed). */
export async function recentFailures(db: Db, key: string, now = new Date()): Promise<number> {
  const row = await db.loginThrottle.findUnique({ where: { key } });
  if (!row?.lastFailedAt) return 0;
  return row.lastFailedAt.getTime() >= now.getTime() - FAILURE_WINDOW_SECONDS * 1000 ? row.failures : 0;
}

/** A success clears the counter of the client that succeeded (the others expire with the window). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key } });
}
