// Each webhook kind's body and signature against its vendor's documented shape (cited in
// lib/watches/message.ts and server/watches/webhook.ts), table-driven.
import { createHmac } from "node:crypto";

import { describe, expect, it } from "vitest";

import type { AlertFacts } from "../../lib/watches/message.ts";
import type { WebhookKind } from "../../lib/watches/schema.ts";
import { translatorFor } from "../../server/watches/deliver.ts";
import { alertMessage, prepareWebhook } from "../../server/watches/webhook.ts";

const facts: AlertFacts = {
  kind: "price_drop",
  watchName: "H100 under $2.6",
  offer: {
    id: "o1",
    providerSlug: "lambda",
    providerEn: "Lambda",
    providerZh: "Lambda",
    instanceType: "gpu_1x_h100_sxm5",
    gpu: "H100 SXM 80GB",
    gpuCount: 1,
    region: "us-east-1",
  },
  currency: "USD",
  gpuHour: 2.49,
  previousGpuHour: 2.99,
  observedAt: "2026-11-30",
  viewPath: "/matrix?gpu=h100-sxm-80gb",
  percent: 10,
};
const now = new Date("2026-12-02T06:00:00.000Z");
const { t } = translatorFor("en");
const message = alertMessage(facts, t, "en", "https://scout.example.com");

describe("webhook bodies", () => {
  const cases: [
    WebhookKind,
    string | null,
    (body: Record<string, unknown>, url: URL, headers: Record<string, string>) => void,
  ][] = [
    [
      "feishu",
      "fs-secret",
      (body) => {
        // Feishu: {timestamp (s), sign, msg_type: "text", content: {text}}; sign = base64(HMAC(key = ts\nsecret, "")).
        expect(Object.keys(body).sort()).toEqual(["content", "msg_type", "sign", "timestamp"]);
        expect(body.msg_type).toBe("text");
        expect(body.timestamp).toBe(String(now.getTime() / 1000));
        expect(body.sign).toBe(
          createHmac("sha256", `${now.getTime() / 1000}\nfs-secret`)
            .update("")
            .digest("base64"),
        );
        expect((body.content as { text: string }).text).toContain("$2.49");
      },
    ],
    [
      "dingtalk",
      "SECdingtalk",
      (body, url) => {
        // DingTalk: {msgtype: "markdown", markdown: {title, text}}; timestamp (ms) and sign in the query.
        expect(body).toMatchObject({ msgtype: "markdown", markdown: { title: message.title } });
        expect(url.searchParams.get("timestamp")).toBe(String(now.getTime()));
        expect(url.searchParams.get("sign")).toBe(
          createHmac("sha256", "SECdingtalk").update(`${now.getTime()}\nSECdingtalk`).digest("base64"),
        );
        expect(url.searchParams.get("access_token")).toBe("tok");
      },
    ],
    [
      "wecom",
      null,
      (body) => {
        // WeCom: {msgtype: "markdown", markdown: {content}}.
        expect(Object.keys(body)).toEqual(["msgtype", "markdown"]);
        expect(body.msgtype).toBe("markdown");
        expect((body.markdown as { content: string }).content).toContain("**GPU Scout: H100 under $2.6**");
      },
    ],
    [
      "slack",
      null,
      (body) => {
        // Slack: {text, blocks: [{type: "section", text: {type: "mrkdwn", text}}]}.
        expect(typeof body.text).toBe("string");
        const blocks = body.blocks as { type: string; text: { type: string; text: string } }[];
        expect(blocks.map((b) => [b.type, b.text.type])).toEqual([["section", "mrkdwn"]]);
        expect(blocks[0]!.text.text).toMatch(/^\*GPU Scout: H100 under \$2\.6\*/);
      },
    ],
    [
      "generic",
      "g-secret",
      (body, _url, headers) => {
        expect(body).toMatchObject({ event: "watch.alert", alert: { id: "a1", facts } });
        expect(headers["x-gpu-scout-signature"]).toBe(
          `sha256=${createHmac("sha256", "g-secret").update(JSON.stringify(body)).digest("hex")}`,
        );
      },
    ],
  ];
  it.each(cases)("%s", (kind, secret, check) => {
    const prepared = prepareWebhook(
      { kind, url: "https://hooks.example.com/robot/send?access_token=tok", secret },
      message,
      { id: "a1", facts },
      now,
    );
    expect(prepared.headers["content-type"]).toMatch(/^application\/json/);
    check(JSON.parse(prepared.body) as Record<string, unknown>, new URL(prepared.url), prepared.headers);
  });

  it("the message says what changed, with the price, the previous price, the date and the link", () => {
    expect(message.lines).toEqual([
      "An offer in your view got at least 10 % cheaper.",
      "Offer: Lambda gpu_1x_h100_sxm5 (1× H100 SXM 80GB, us-east-1)",
      "Price: $2.49 per GPU-hour",
      "Before: $2.99 per GPU-hour",
      "Observed 2026-11-30 (catalog import)",
    ]);
    expect(message.link).toBe("https://scout.example.com/matrix?gpu=h100-sxm-80gb");
    const zh = alertMessage(facts, translatorFor("zh-CN").t, "zh-CN", null);
    expect(zh.lines[0]).toBe("你关注的视图中有报价降价至少 10%。");
  });
});
