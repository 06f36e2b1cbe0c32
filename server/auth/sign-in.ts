// Email + password sign-in with throttling per account and per IP. Used by the Credentials
// provider; returns an error code the sign-in form translates, never a stack.
import "server-only";
import { z } from "zod";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password.ts";
import {
  ACCOUNT_POLICY,
  IP_POLICY,
  accountKey,
  clearFailures,
  ipKey,
  recordFailure,
  throttleWaitSeconds,
} from "./throttle.ts";

export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  password: z.string().min(1).max(1024),
});

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string | null } }
  | { ok: false; error: "invalid" | `throttled:${number}` };

/** The client's IP as the proxy in front (or Next.js itself) reports it. */
export function clientIp(headers: Record<string, string | string[] | undefined> | Headers): string {
  const get = (name: string): string | undefined => {
    if (headers instanceof Headers) return headers.get(name) ?? undefined;
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const forwarded = get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || get("x-real-ip")?.trim() || "unknown";
}

export async function authenticateWithPassword(
  db: PrismaClient,
  credentials: Record<string, unknown>,
  ip: string,
): Promise<SignInResult> {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) return { ok: false, error: "invalid" };
  const { email, password } = parsed.data;
  const keys = [accountKey(email), ipKey(ip)];

  const wait = await throttleWaitSeconds(db, keys);
  if (wait > 0) return { ok: false, error: `throttled:${wait}` };

  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user?.passwordHash || !valid) {
    await recordFailure(db, keys[0]!, ACCOUNT_POLICY);
    await recordFailure(db, keys[1]!, IP_POLICY);
    const after = await throttleWaitSeconds(db, keys);
    return { ok: false, error: after > 0 ? `throttled:${after}` : "invalid" };
  }
  await clearFailures(db, keys[0]!);
  if (needsRehash(user.passwordHash)) {
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
  }
  return { ok: true, user: { id: user.id, email: user.email ?? email, name: user.name } };
}
