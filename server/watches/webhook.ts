// One webhook POST: the kind's body (lib/watches/message.ts), its signature, and a guarded
// connection (server/watches/ssrf.ts): https only, no private addresses, no redirects, a
// timeout, a bounded response. Signatures, as each vendor documents them:
// - Feishu/Lark: sign = base64(HMAC-SHA256(key = `${timestamp}\n${secret}`, message = "")),
//   timestamp in seconds, both in the body.
//   https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot
// - DingTalk: sign = urlencode(base64(HMAC-SHA256(key = secret, message = `${timestamp}\n${secret}`))),
//   timestamp in milliseconds, both as query parameters of the webhook URL.
//   https://open.dingtalk.com/document/robots/customize-robot-security-settings
// - WeCom and Slack: the URL's key is the credential; no signature.
//   https://developer.work.weixin.qq.com/document/path/91770 · https://api.slack.com/messaging/webhooks
// - generic: X-GPU-Scout-Signature: sha256=<hex HMAC-SHA256(key = secret, message = raw body)>,
//   and X-GPU-Scout-Timestamp (seconds) for the receiver's replay window.
import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";

import {
  alertMessage,
  webhookBody,
  type AlertFacts,
  type AlertMessage,
  type Signature,
} from "../../lib/watches/message.ts";
import type { WebhookKind } from "../../lib/watches/schema.ts";
import { checkWebhookUrl, guardedLookup, type TargetPolicy } from "./ssrf.ts";

export const SIGNATURE_HEADER = "x-gpu-scout-signature";

export function feishuSign(timestampSeconds: string, secret: string): string {
  return createHmac("sha256", `${timestampSeconds}\n${secret}`).update("").digest("base64");
}

export function dingtalkSign(timestampMs: string, secret: string): string {
  return createHmac("sha256", secret).update(`${timestampMs}\n${secret}`).digest("base64");
}

export function genericSignature(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export interface WebhookTarget {
  kind: WebhookKind;
  url: string;
  secret: string | null;
}

export interface PreparedRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export function prepareWebhook(
  target: WebhookTarget,
  message: AlertMessage,
  alert: { id: string; facts: AlertFacts } | null,
  now: Date = new Date(),
): PreparedRequest {
  let url = target.url;
  let signature: Signature | undefined;
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (target.kind === "feishu" && target.secret) {
    const timestamp = String(Math.floor(now.getTime() / 1000));
    signature = { timestamp, sign: feishuSign(timestamp, target.secret) };
  }
  if (target.kind === "dingtalk" && target.secret) {
    const timestamp = String(now.getTime());
    const u = new URL(url);
    u.searchParams.set("timestamp", timestamp);
    u.searchParams.set("sign", dingtalkSign(timestamp, target.secret));
    url = u.toString();
  }
  const body = JSON.stringify(webhookBody(target.kind, message, { signature, alert }));
  if (target.kind === "generic" && target.secret) {
    headers[SIGNATURE_HEADER] = genericSignature(body, target.secret);
    headers["x-gpu-scout-timestamp"] = String(Math.floor(now.getTime() / 1000));
  }
  return { url, body, headers };
}

export { alertMessage };

const MAX_RESPONSE_BYTES = 64 * 1024;

/** POSTs once. Resolves on a 2xx whose body does not report a vendor error; rejects otherwise. */
export function postWebhook(
  request: PreparedRequest,
  policy: TargetPolicy,
  timeoutMs = 10_000,
): Promise<void> {
  const url = checkWebhookUrl(request.url, policy);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "POST",
        headers: {
          ...request.headers,
          "content-length": String(Buffer.byteLength(request.body)),
          "user-agent": "GPU-Scout-Watch/1",
        },
        lookup: guardedLookup(policy) as never,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
        });
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          // Redirects are not followed: the target could point anywhere after the check.
          if (status >= 300 && status < 400)
            return reject(new Error(`HTTP ${status}: redirects are not followed`));
          if (status < 200 || status >= 300) return reject(new Error(`HTTP ${status}`));
          const vendorError = vendorErrorOf(Buffer.concat(chunks).toString("utf8"));
          if (vendorError) return reject(new Error(vendorError));
          resolve();
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(request.body);
  });
}

/** Feishu answers 200 with {code, msg}; DingTalk and WeCom with {errcode, errmsg}: non-zero is a failure. */
function vendorErrorOf(text: string): string | null {
  if (!text.startsWith("{")) return null;
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    if (typeof json.code === "number" && json.code !== 0)
      return `webhook error ${json.code}: ${typeof json.msg === "string" ? json.msg : ""}`.slice(0, 300);
    if (typeof json.errcode === "number" && json.errcode !== 0)
      return `webhook error ${json.errcode}: ${typeof json.errmsg === "string" ? json.errmsg : ""}`.slice(
        0,
        300,
      );
  } catch {
    // not JSON after all: a 2xx is success
  }
  return null;
}
