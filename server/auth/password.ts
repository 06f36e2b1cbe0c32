// Password hashing: argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane;
// ~50 ms here). The PHC string carries its parameters, so they can be raised later and old
// hashes still verify (needsRehash tells when to upgrade on the next sign-in).
import "server-only";
import { hash, verify } from "@node-rs/argon2";

const PARAMS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */ as const,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(
    `$argon2id$v=19$m=${PARAMS.memoryCost},t=${PARAMS.timeCost},p=${PARAMS.parallelism}$`,
  );
}

// A fixed hash to verify against when the account does not exist, so a wrong email costs the
// same time as a wrong password (no account enumeration by timing).
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-timing-equaliser");
  return dummyHash;
}
