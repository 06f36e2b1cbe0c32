// Who is signing in, as far as throttling can tell (server/auth/sign-in.ts):
//
// - The client's address. Only X-Forwarded-For can carry it (a route handler sees no socket),
//   and Next.js itself fills that header only when the request has none, so any value may be
//   the client's own invention. It is believed only as far as the operator says proxies in
//   front append to it (GPU_SCOUT_TRUSTED_PROXY_HOPS): with N hops the Nth address from the
//   right is the one the outermost trusted proxy saw. With 0 hops (the default) nothing is
//   believed and every client shares the address DIRECT_CLIENT. X-Real-IP is never read.
//   IPv6 addresses count per /64 (one customer's allocation), IPv4-mapped ones as IPv4.
// - A known-device cookie: proof that this browser signed in to this account before. It is an
//   id for the browser plus, per account (at most KNOWN_DEVICE_MAX_ACCOUNTS), an HMAC of id and
//   email under the session secret, so it cannot be forged for an account, only earned there.
import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";

/** The one address bucket of every client whose address is not known. */
export const DIRECT_CLIENT = "direct";

type HeaderBag = Record<string, string | string[] | undefined> | Headers;

function readHeader(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  // Repeated header lines are one list, in order (as Headers would join them).
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The client's address for throttling: see the top of this file. */
export function clientAddress(headers: HeaderBag, trustedHops: number): string {
  if (!Number.isInteger(trustedHops) || trustedHops <= 0) return DIRECT_CLIENT;
  const entries = (readHeader(headers, "x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than trusted proxies: the request did not come through all of them (or the
  // setting is wrong); nothing in it can be told apart from a forgery.
  if (entries.length < trustedHops) return DIRECT_CLIENT;
  return addressBucket(entries[entries.length - trustedHops]!) ?? DIRECT_CLIENT;
}

/** "203.0.113.7", "2001:db8:1:2::/64" — or null for anything that is not an IP address. */
export function addressBucket(raw: string): string | null {
  let value = raw.trim();
  if (value.length > 100) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value); // "[2001:db8::1]:443"
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d{1,5}$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/%[\w.-]+$/, ""); // an IPv6 zone ("fe80::1%eth0")
  if (isIP(value) === 4) return value;
  if (isIP(value) !== 6) return null;
  const groups = ipv6Groups(value);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (node:net has checked it). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string): number[] => {
    if (part === "") return [];
    return part.split(":").flatMap((piece) => {
      if (piece.includes(".")) {
        const [a, b, c, d] = piece.split(".").map(Number);
        return [(a! << 8) | b!, (c! << 8) | d!];
      }
      return [parseInt(piece, 16)];
    });
  };
  const [head = "", tail] = address.toLowerCase().split("::");
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

// ───────────────────────────── Known devices ─────────────────────────────

export const KNOWN_DEVICE_COOKIE = "gpu-scout.known-device";
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
export const KNOWN_DEVICE_MAX_ACCOUNTS = 5;

const PART = /^[A-Za-z0-9_-]{22}$/;

/** `__Secure-` prefixed over https, like next-auth's own cookies. */
export function knownDeviceCookieName(secure: boolean): string {
  return secure ? `__Secure-${KNOWN_DEVICE_COOKIE}` : KNOWN_DEVICE_COOKIE;
}

function tagFor(secret: string, deviceId: string, email: string): string {
  return createHmac("sha256", secret)
    .update(`gpu-scout known device\n${deviceId}\n${email}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

function parseDevice(value: string | undefined): { deviceId: string; tags: string[] } | null {
  if (!value) return null;
  const [deviceId, ...tags] = value.split(".");
  if (!deviceId || !PART.test(deviceId) || tags.length > KNOWN_DEVICE_MAX_ACCOUNTS) return null;
  if (!tags.every((tag) => PART.test(tag))) return null;
  return { deviceId, tags };
}

/** The device id, if the cookie shows this browser signed in to `email` before; else null. */
export function knownDeviceId(cookieValue: string | undefined, email: string, secret: string): string | null {
  const device = parseDevice(cookieValue);
  if (!device) return null;
  const expected = Buffer.from(tagFor(secret, device.deviceId, email));
  const known = device.tags.some((tag) => timingSafeEqual(Buffer.from(tag), expected));
  return known ? device.deviceId : null;
}

/** The cookie value after a successful sign-in to `email` (same device id when there was one). */
export function rememberDevice(cookieValue: string | undefined, email: string, secret: string): string {
  const device = parseDevice(cookieValue) ?? { deviceId: randomBytes(16).toString("base64url"), tags: [] };
  const tag = tagFor(secret, device.deviceId, email);
  const tags = [...device.tags.filter((t) => t !== tag), tag].slice(-KNOWN_DEVICE_MAX_ACCOUNTS);
  return [device.deviceId, ...tags].join(".");
}

/** One cookie's value from a request's Cookie header. */
export function readCookie(headers: HeaderBag, name: string): string | undefined {
  const header = readHeader(headers, "cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
