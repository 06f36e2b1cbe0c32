"use client";
// The what-if form's draft and its submit: validate the typed quote with the inline-offer
// schema (errors by input path, in the reader's language), refuse a duplicate name, add it.
import { useState, type FormEvent } from "react";

import type { PricingModel } from "@/lib/tco/constants.ts";

import { loadEngine } from "./engine.ts";
import { issueText, useFieldContext } from "./fields.tsx";
import type { UpdateDocument } from "./types.ts";

export type WhatIfDraft = {
  name: string;
  gpuCount?: number;
  currency: string;
  prices: Partial<Record<PricingModel, number>>;
  egressPerGb?: number;
  blockStoragePerGbMonth?: number;
  objectStoragePerGbMonth?: number;
  snapshotPerGbMonth?: number;
  granularitySeconds?: number;
};

export function useWhatIfForm(update: UpdateDocument) {
  const { t, locale } = useFieldContext();
  const empty: WhatIfDraft = { name: "", gpuCount: 8, currency: "USD", prices: {} };
  const [draft, setDraft] = useState<WhatIfDraft>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const set = (patch: Partial<WhatIfDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const engine = await loadEngine().catch(() => null);
    if (!engine) {
      setStatus(t("actions.engineUnavailable"));
      return;
    }
    const offer = {
      name: draft.name.trim(),
      gpuCount: draft.gpuCount ?? 1,
      currency: draft.currency,
      prices: draft.prices,
      billing: { granularitySeconds: draft.granularitySeconds ?? 1, minimumSeconds: 0 },
      egressPerGb: draft.egressPerGb ?? 0,
      blockStoragePerGbMonth: draft.blockStoragePerGbMonth ?? 0,
      objectStoragePerGbMonth: draft.objectStoragePerGbMonth ?? 0,
      snapshotPerGbMonth: draft.snapshotPerGbMonth ?? 0,
    };
    const parsed = engine.inlineOfferSchema.safeParse(offer);
    const next: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path.map(String).join(".") || "prices";
        next[key] ??=
          issue.code === "too_small" && key === "name"
            ? t("whatIf.nameRequired")
            : (issueText(
                t,
                {
                  code: issue.code,
                  message: issue.message,
                  ...(issue.code === "too_small"
                    ? { minimum: Number(issue.minimum), exclusive: !issue.inclusive }
                    : {}),
                  ...(issue.code === "too_big" ? { maximum: Number(issue.maximum) } : {}),
                },
                locale,
              ) ?? issue.message);
      }
    }
    if (Object.values(draft.prices).every((p) => p === undefined)) next.prices = t("whatIf.pricesRequired");
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) {
      setStatus(t("whatIf.fix"));
      return;
    }
    let duplicate = false;
    update((d) => {
      if (d.offers.some((o) => o.kind === "custom" && o.offer.name === offer.name)) {
        duplicate = true;
        return d;
      }
      return { ...d, offers: [...d.offers, { kind: "custom", offer }] };
    });
    if (duplicate) {
      setErrors({ name: t("whatIf.duplicateName") });
      return;
    }
    setStatus(t("whatIf.added", { name: offer.name }));
    setDraft(empty);
  }

  return { draft, setDraft, set, errors, status, submit };
}
