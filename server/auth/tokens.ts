// Bearer tokens for share links and team invites: 256 bits from the OS CSPRNG, base64url in
// the URL; only the SHA-256 is stored, so a database leak reveals no usable link. SHA-256
// (not a slow hash) is right here: the token has full entropy, nothing to brute-force.
import "server-only";
import { createHash, randomBytes } from "node:crypto";

export const TOKEN_BYTES = 32;

export function generateToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Cheap shape check before any database lookup (43 base64url characters). */
export function isTokenShaped(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
