// What an alert says, and the body each webhook kind expects. The text comes from a translator
// (next-intl's, over messages/<locale>.json "watches.message"), so webhooks speak the watch
// creator's language like the UI. Pure: signatures are computed by the caller
// (server/watches/webhook.ts) and passed in.
import type { TriggerKind } from "./conditions.ts";
import type { WebhookKind } from "./schema.ts";

/** Stored with each alert (WatchAlert.facts): enough to show and send it without the catalog. */
export interface AlertFacts {
  kind: TriggerKind;
  watchName: string;
  offer: {
    id: string;
    providerSlug: string;
    providerEn: string;
    providerZh: string;
    instanceType: string;
    gpu: string;
    gpuCount: number;
    region: string;
  };
  currency: string;
  /** Per GPU-hour now (null for offer_gone when the offer has no price in the view's model). */
  gpuHour: number | null;
  previousGpuHour: number | null;
  /** The price's observation date (YYYY-MM-DD) and source, as the matrix shows them. */
  observedAt: string | null;
  /** Matrix view link (path + query). */
  viewPath: string;
  threshold?: number;
  percent?: number;
  /** Scenario conditions: the scenario and its best complete option's total (scenario currency). */
  scenario?: {
    id: string;
    name: string;
    option: string;
    total: number;
    previousTotal: number | null;
    budget: number | null;
  };
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

const money = (amount: number | null, currency: string) =>
  amount === null ? "—" : `${currency === "CNY" ? "¥" : "$"}${amount.toFixed(amount < 1 ? 4 : 2)}`;

export interface AlertMessage {
  title: string;
  /** Plain text, one line per fact. */
  lines: string[];
  /** Absolute link to the view, when the app's public URL is known. */
  link: string | null;
}

export function alertMessage(
  facts: AlertFacts,
  t: Translate,
  locale: string,
  baseUrl: string | null,
): AlertMessage {
  const provider = locale.startsWith("zh") ? facts.offer.providerZh : facts.offer.providerEn;
  const offer = `${provider} ${facts.offer.instanceType} (${facts.offer.gpuCount}× ${facts.offer.gpu}, ${facts.offer.region})`;
  const values = {
    watch: facts.watchName,
    offer,
    price: money(facts.gpuHour, facts.currency),
    previous: money(facts.previousGpuHour, facts.currency),
    threshold: money(facts.threshold ?? null, facts.currency),
    percent: facts.percent ?? 0,
    date: facts.observedAt ?? "—",
  };
  const scenario = facts.scenario;
  if (scenario) {
    const total = (amount: number | null) =>
      amount === null ? "—" : `${facts.currency === "CNY" ? "¥" : "$"}${amount.toFixed(2)}`;
    const sv = {
      ...values,
      scenario: scenario.name,
      option: scenario.option,
      total: total(scenario.total),
      previousTotal: total(scenario.previousTotal),
      budget: total(scenario.budget),
    };
    const lines = [t(`kind.${facts.kind}`, sv), t("scenario", sv), t("option", sv), t("total", sv)];
    if (scenario.previousTotal !== null) lines.push(t("previousTotal", sv));
    if (scenario.budget !== null) lines.push(t("budget", sv));
    const link = baseUrl ? new URL(facts.viewPath, baseUrl).toString() : null;
    return { title: t("title", sv), lines, link };
  }
  const lines = [t(`kind.${facts.kind}`, values), t("offer", values)];
  if (facts.gpuHour !== null) lines.push(t("price", values));
  if (facts.previousGpuHour !== null) lines.push(t("previous", values));
  if (facts.observedAt) lines.push(t("observed", values));
  const link = baseUrl ? new URL(facts.viewPath, baseUrl).toString() : null;
  return { title: t("title", values), lines, link };
}

export interface Signature {
  /** Feishu: seconds; DingTalk: milliseconds (as each vendor documents). */
  timestamp: string;
  sign: string;
}

/**
 * The JSON body of one webhook kind.
 * - feishu: custom bot text message; with a signing secret, `timestamp` and `sign` go in the body.
 *   https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot (Lark:
 *   https://open.larksuite.com/document/client-docs/bot-v3/add-custom-bot)
 * - dingtalk: custom robot markdown message (the signature goes in the URL's query).
 *   https://open.dingtalk.com/document/robots/custom-robot-access
 * - wecom: group robot markdown message. https://developer.work.weixin.qq.com/document/path/91770
 * - slack: incoming webhook `text` with a mrkdwn section block. https://api.slack.com/messaging/webhooks
 * - generic: the alert as JSON (the signature goes in the X-GPU-Scout-Signature header).
 */
export function webhookBody(
  kind: WebhookKind,
  message: AlertMessage,
  extra: { signature?: Signature; alert?: { id: string; facts: AlertFacts } | null },
): Record<string, unknown> {
  const plain = [message.title, ...message.lines, ...(message.link ? [message.link] : [])].join("\n");
  const markdown = [
    `**${message.title}**`,
    ...message.lines.map((l) => `> ${l}`),
    ...(message.link ? [`[${message.link}](${message.link})`] : []),
  ].join("\n");
  switch (kind) {
    case "feishu":
      return {
        ...(extra.signature ? { timestamp: extra.signature.timestamp, sign: extra.signature.sign } : {}),
        msg_type: "text",
        content: { text: plain },
      };
    case "dingtalk":
      return { msgtype: "markdown", markdown: { title: message.title, text: markdown } };
    case "wecom":
      return { msgtype: "markdown", markdown: { content: markdown } };
    case "slack": {
      const mrkdwn = [
        `*${message.title}*`,
        ...message.lines,
        ...(message.link ? [`<${message.link}|${message.link}>`] : []),
      ].join("\n");
      return { text: plain, blocks: [{ type: "section", text: { type: "mrkdwn", text: mrkdwn } }] };
    }
    case "generic":
      return {
        event: extra.alert ? "watch.alert" : "watch.test",
        title: message.title,
        text: plain,
        link: message.link,
        alert: extra.alert ?? null,
      };
  }
}
