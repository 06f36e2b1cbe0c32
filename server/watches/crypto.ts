// Webhook URLs and secrets are credentials (a Feishu/DingTalk/WeCom robot URL alone lets anyone
// post to the group): stored AES-256-GCM encrypted, with a key derived from the auth secret
// (NEXTAUTH_SECRET, or the generated one beside the embedded database: server/auth/secret.ts)
// by HKDF-SHA256, and shown back only masked. Rotating the auth secret makes stored webhooks
// unreadable: they then fail delivery with "cannot decrypt" until re-entered.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

import { resolveAuthSecret } from "../auth/secret.ts";
import { parseEnv } from "../env.ts";

const VERSION = "v1";

let cachedKey: { secret: string; key: Buffer } | null = null;

function keyFor(secret: string): Buffer {
  if (cachedKey?.secret === secret) return cachedKey.key;
  const key = Buffer.from(hkdfSync("sha256", secret, "gpu-scout", "watch-webhook-v1", 32));
  cachedKey = { secret, key };
  return key;
}

function defaultSecret(): string {
  return resolveAuthSecret(parseEnv());
}

export function encryptSecret(plain: string, secret: string = defaultSecret()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), body.toString("base64url")].join(".");
}

/** The plain text, or null when it cannot be decrypted (another key, tampered). */
export function decryptSecret(stored: string, secret: string = defaultSecret()): string | null {
  const [version, iv, tag, body] = stored.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}

/** What the UI shows of a webhook URL: its host and the last 4 characters ("open.feishu.cn …a1b2"). */
export function maskWebhookUrl(url: string): string {
  let host = "?";
  try {
    host = new URL(url).host;
  } catch {
    // shown as "?"
  }
  return `${host} …${url.slice(-4)}`;
}
