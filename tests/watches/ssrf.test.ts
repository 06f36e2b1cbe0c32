// The webhook SSRF guard, table-driven: literal addresses, URLs, and names that resolve to
// private addresses (checked in the connection's own lookup), with and without the operator's
// GPU_SCOUT_WEBHOOK_ALLOW_PRIVATE.
import type { LookupAddress } from "node:dns";

import { describe, expect, it } from "vitest";

import {
  checkResolvedHost,
  checkWebhookUrl,
  guardedLookup,
  isBlockedAddress,
} from "../../server/watches/ssrf.ts";
import { postWebhook } from "../../server/watches/webhook.ts";
import { startReceiver } from "./receiver.ts";

describe("isBlockedAddress", () => {
  it.each([
    ["10.1.2.3", true, "RFC 1918 10/8"],
    ["172.16.0.1", true, "RFC 1918 172.16/12"],
    ["192.168.1.1", true, "RFC 1918 192.168/16"],
    ["127.0.0.1", true, "loopback"],
    ["127.255.255.254", true, "loopback /8"],
    ["169.254.169.254", true, "cloud metadata (link-local)"],
    ["100.64.0.1", true, "carrier-grade NAT"],
    ["0.0.0.0", true, "this host"],
    ["::1", true, "IPv6 loopback"],
    ["::", true, "IPv6 unspecified"],
    ["fc00::1", true, "unique-local fc00::/7"],
    ["fd00:ec2::254", true, "AWS metadata over IPv6 (unique-local)"],
    ["fe80::1", true, "IPv6 link-local"],
    ["::ffff:127.0.0.1", true, "IPv4-mapped loopback"],
    ["::ffff:a9fe:a9fe", true, "IPv4-mapped metadata in hex"],
    ["64:ff9b::10.0.0.1", true, "NAT64 of a private address"],
    ["8.8.8.8", false, "public IPv4"],
    ["172.32.0.1", false, "just outside 172.16/12"],
    ["2606:4700:4700::1111", false, "public IPv6"],
    ["not-an-ip", true, "not an address"],
  ])("%s → blocked %s (%s)", (address, blocked) => {
    expect(isBlockedAddress(address)).toBe(blocked);
  });
});

describe("checkWebhookUrl", () => {
  const strict = { allowPrivate: false };
  const open = { allowPrivate: true };
  it.each([
    ["https://open.feishu.cn/open-apis/bot/v2/hook/abc", strict, null],
    ["http://open.feishu.cn/open-apis/bot/v2/hook/abc", strict, "only https"],
    ["https://10.0.0.5/hook", strict, "private"],
    ["https://127.0.0.1:8443/hook", strict, "private"],
    ["https://[::1]/hook", strict, "private"],
    ["https://169.254.169.254/latest/meta-data", strict, "private"],
    ["https://[fd00:ec2::254]/", strict, "private"],
    ["https://localhost/hook", strict, "local"],
    ["https://user:pw@example.com/hook", strict, "credentials"],
    ["ftp://example.com/hook", strict, "only https"],
    ["http://127.0.0.1:9999/hook", open, null],
    ["ftp://127.0.0.1/hook", open, "only https"],
  ] as const)("%s (allowPrivate %o) → %s", (url, policy, refusal) => {
    if (refusal === null) expect(() => checkWebhookUrl(url, policy)).not.toThrow();
    else expect(() => checkWebhookUrl(url, policy)).toThrow(refusal);
  });
});

/** A resolver that answers from a table instead of DNS. */
const fakeDns =
  (table: Record<string, string[]>) =>
  (host: string, _o: { all: true }, cb: (err: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) => {
    const addresses = table[host];
    if (!addresses) return cb(Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" }), []);
    cb(
      null,
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
    );
  };

describe("resolved addresses", () => {
  const dns = fakeDns({
    "loopback.example": ["127.0.0.1"],
    "mixed.example": ["93.184.215.14", "10.0.0.7"],
    "v6local.example": ["fc00::5"],
    "public.example": ["93.184.215.14"],
  });
  it.each([
    ["loopback.example", "127.0.0.1"],
    ["mixed.example", "10.0.0.7"],
    ["v6local.example", "fc00::5"],
  ])("a name resolving to a private address is refused: %s", async (host, address) => {
    await expect(checkResolvedHost(host, { allowPrivate: false }, dns)).rejects.toThrow(address);
  });
  it("a public name passes, and the lookup hands the connection the checked address", async () => {
    await expect(checkResolvedHost("public.example", { allowPrivate: false }, dns)).resolves.toBeUndefined();
    const address = await new Promise((resolve, reject) =>
      guardedLookup({ allowPrivate: false }, dns)("public.example", {}, (err, a) =>
        err ? reject(err) : resolve(a),
      ),
    );
    expect(address).toBe("93.184.215.14");
  });
  it("the real connection refuses localhost by name (the lookup checks, not only the URL)", async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      // http is allowed here only to reach the lookup check: allowPrivate false refuses http first.
      await expect(
        postWebhook(
          { url: `https://localhost.:${port}/hook`, body: "{}", headers: {} },
          { allowPrivate: false },
        ),
      ).rejects.toThrow(/127\.0\.0\.1|::1|local/);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
  it("redirects are not followed", async () => {
    const { createServer } = await import("node:http");
    const server = createServer((_req, res) => {
      res.statusCode = 302;
      res.setHeader("location", "http://169.254.169.254/latest/meta-data");
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    try {
      await expect(
        postWebhook({ url: `http://127.0.0.1:${port}/`, body: "{}", headers: {} }, { allowPrivate: true }),
      ).rejects.toThrow("redirects are not followed");
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
