// Email + password sign-in with throttling (server/auth/throttle.ts). Used by the Credentials
// provider; returns an error code the sign-in form translates, never a stack.
//
// Who is refused: the client that failed — failures count per account × client, where the
// client is a known device of that account (server/auth/client.ts) or else its address — and
// an address that sprayed many accounts (not applied to a known device). Every client's
// failures on an account together only slow attempts down (a delay before the password is
// checked), so a correct password from a client without failures is never refused because
// someone else guessed wrong.
import "server-only";
import { z } from "zod";

import type { PrismaClient } from "../../generated/prisma/client.ts";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password.ts";
import {
  CLIENT_POLICY,
  COUNT_ONLY,
  IP_POLICY,
  accountKey,
  clearFailures,
  clientAccountKey,
  ipKey,
  recentFailures,
  recordFailure,
  slowdownMs,
  throttleWaitSeconds,
} from "./throttle.ts";

export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  password: z.string().min(1).max(1024),
});

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string | null } }
  | { ok: false; error: "invalid" | `throttled:${number}` };

export interface SignInClient {
  /** clientAddress(): an address bucket, or "direct" when addresses are not trusted. */
  address: string;
  /** The id of this browser if it is a known device of `email` (server/auth/client.ts). */
  knownDeviceId?: (email: string) => string | null;
}

export interface SignInOptions {
  /** How a slowed-down attempt waits (tests count instead of sleeping). */
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function authenticateWithPassword(
  db: PrismaClient,
  credentials: Record<string, unknown>,
  client: SignInClient,
  options: SignInOptions = {},
): Promise<SignInResult> {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) return { ok: false, error: "invalid" };
  const { email, password } = parsed.data;

  const deviceId = client.knownDeviceId?.(email) ?? null;
  const pairKey = clientAccountKey(email, deviceId ? `device:${deviceId}` : `ip:${client.address}`);
  // A known device answers for itself: its own counter, not the address it shares with others.
  const refusing = deviceId ? [pairKey] : [pairKey, ipKey(client.address)];

  const wait = await throttleWaitSeconds(db, refusing);
  if (wait > 0) return { ok: false, error: `throttled:${wait}` };

  const delay = slowdownMs(await recentFailures(db, accountKey(email)));
  if (delay > 0) await (options.sleep ?? sleepFor)(delay);

  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user?.passwordHash || !valid) {
    await recordFailure(db, pairKey, CLIENT_POLICY);
    if (!deviceId) await recordFailure(db, ipKey(client.address), IP_POLICY);
    await recordFailure(db, accountKey(email), COUNT_ONLY);
    const after = await throttleWaitSeconds(db, refusing);
    return { ok: false, error: after > 0 ? `throttled:${after}` : "invalid" };
  }
  await clearFailures(db, pairKey);
  if (needsRehash(user.passwordHash)) {
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
  }
  return { ok: true, user: { id: user.id, email: user.email ?? email, name: user.name } };
}
