// Webhook targets are typed by users, so the server must not become a way into its own network
// (SSRF): only https, and never a private, loopback, link-local, unique-local, CGNAT, multicast
// or cloud-metadata address — checked on the addresses DNS returns, inside the connection's own
// lookup (so the address checked is the address connected to: no DNS-rebinding window), and
// redirects are never followed. GPU_SCOUT_WEBHOOK_ALLOW_PRIVATE=true lifts both rules (local
// installs and tests with a receiver on 127.0.0.1). docs/security.md.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, incl. 169.254.169.254 (cloud metadata)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique-local, incl. fd00:ec2::254 (AWS metadata over IPv6)
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["2001:db8::", 32], // documentation
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** True for an address a webhook must never reach (not a public unicast address). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return blocked.check(v4, "ipv4");
    return blocked.check(bare, "ipv6");
  }
  return true; // not an address at all
}

export class WebhookTargetRefused extends Error {
  override name = "WebhookTargetRefused";
}

export interface TargetPolicy {
  allowPrivate: boolean;
}

/** Refuses a URL by its scheme and (literal) host before any connection. */
export function checkWebhookUrl(raw: string, policy: TargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetRefused("not a URL");
  }
  if (url.username || url.password) throw new WebhookTargetRefused("credentials in the URL are not allowed");
  if (url.protocol !== "https:" && !(policy.allowPrivate && url.protocol === "http:"))
    throw new WebhookTargetRefused("only https webhooks are allowed");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!policy.allowPrivate && isIP(host) && isBlockedAddress(host))
    throw new WebhookTargetRefused(`address ${host} is private, loopback or link-local`);
  if (!policy.allowPrivate && /^(localhost|.*\.localhost|.*\.internal|.*\.local)$/i.test(host))
    throw new WebhookTargetRefused(`host ${host} is local`);
  return url;
}

type LookupFn = (
  hostname: string,
  options: { all: true },
  cb: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for http(s).request that resolves the name and refuses the connection when any
 * address it returns is blocked (a name with one public and one private address is refused too).
 */
export function guardedLookup(policy: TargetPolicy, resolve: LookupFn = dnsLookup) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    resolve(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, "", 4);
      const bad = addresses.find((a) => isBlockedAddress(a.address));
      if (bad && !policy.allowPrivate) {
        const refusal = new WebhookTargetRefused(
          `${hostname} resolves to ${bad.address}, a private, loopback or link-local address`,
        ) as NodeJS.ErrnoException;
        refusal.code = "EWEBHOOKREFUSED";
        return callback(refusal, "", 4);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname}: no address`), { code: "ENOTFOUND" }), "", 4);
      callback(null, first.address, first.family);
    });
  };
}

/** Resolve and check a host up front (for the form's immediate answer); the connection checks again. */
export async function checkResolvedHost(
  hostname: string,
  policy: TargetPolicy,
  resolve?: LookupFn,
): Promise<void> {
  if (policy.allowPrivate || isIP(hostname.replace(/^\[|\]$/g, ""))) return;
  const lookup = guardedLookup(policy, resolve);
  await new Promise<void>((ok, fail) =>
    lookup(hostname, { all: true }, (err) =>
      err
        ? fail(
            err instanceof WebhookTargetRefused
              ? err
              : new WebhookTargetRefused(`${hostname}: ${err.message}`),
          )
        : ok(),
    ),
  );
}
