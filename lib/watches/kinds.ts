// The condition and webhook kinds, without zod: the "Watch this view" dialog ships in the
// matrix page's JavaScript, and zod stays out of first-load JavaScript (docs/performance.md).
export const CONDITION_KINDS = ["price_below", "price_drop", "new_offer", "offer_gone"] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

/** Conditions on a saved scenario (its re-priced result), not on a matrix view. */
export const SCENARIO_CONDITION_KINDS = ["over_budget", "cheaper_option"] as const;
export type ScenarioConditionKind = (typeof SCENARIO_CONDITION_KINDS)[number];

export const WEBHOOK_KINDS = ["generic", "feishu", "dingtalk", "wecom", "slack"] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
