// The billing rule a provider's billing_granularity fact states, read from its text ("per
// second, 60 s minimum", "per minute, no minimum charge", "per second, 1 minute minimum"), so
// the terms row, the cost line and the report show the same rule. Text that
// names no increment gives undefined: the loader then assumes per-hour billing and says so.
import type { Billing } from "./schema.ts";

const INCREMENT: Array<[RegExp, number]> = [
  [/\bper[- ]second\b|按秒|\bby the second\b|\bone-second\b|\b1-second\b/i, 1],
  [/\bper[- ]minute\b|按分钟|\bone-minute\b|\b1-minute\b/i, 60],
  [/\bper[- ]hour\b|按小时|\bhourly increments?\b/i, 3600],
];

const MINIMUM = /(\d+(?:\.\d+)?)\s*(s|sec(?:ond)?s?|min(?:ute)?s?|minute|h(?:ours?)?)\s+minimum/i;

export function billingFromFact(text: string | null | undefined): Billing | undefined {
  if (!text) return undefined;
  const hit = INCREMENT.find(([pattern]) => pattern.test(text));
  if (!hit) return undefined;
  const granularitySeconds = hit[1];
  let minimumSeconds = 0;
  const min = MINIMUM.exec(text);
  if (min) {
    const amount = Number(min[1]);
    const unit = min[2]!.toLowerCase();
    const factor = unit.startsWith("h") ? 3600 : unit.startsWith("m") ? 60 : 1;
    minimumSeconds = Math.round(amount * factor);
  }
  return { granularitySeconds, minimumSeconds };
}

/** What the engine assumes when no source states the rule: per started hour, the least favourable common one. */
export const ASSUMED_BILLING: Billing = { granularitySeconds: 3600, minimumSeconds: 0 };
