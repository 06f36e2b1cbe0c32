// The alerts page's list of a team's watches: each with its condition, what it watches (the
// matrix view, or the saved scenario with a link to its report), its webhook (masked) and its
// alert count; editors get the controls (rename, edit, send test, delete). Server component.
import { getTranslations } from "next-intl/server";

import Link from "@/components/intent-link.tsx";
import { cardClass } from "@/components/ui/styles.ts";
import { WatchControls } from "@/components/watches/alert-controls.tsx";
import type { WatchCondition } from "@/lib/watches/schema.ts";

export interface WatchListEntry {
  id: string;
  name: string;
  view: string;
  condition: WatchCondition;
  scenario: { id: string; name: string } | null;
  webhook: { kind: string; masked: string } | null;
  alertCount: number;
}

export async function WatchList({ watches, canEdit }: { watches: WatchListEntry[]; canEdit: boolean }) {
  const [tl, tu] = await Promise.all([getTranslations("watches.list"), getTranslations("watches.ui")]);
  const describe = (c: WatchCondition) => {
    switch (c.kind) {
      case "price_below":
        return tl("condition.price_below", { amount: `${c.currency === "CNY" ? "¥" : "$"}${c.perGpuHour}` });
      case "price_drop":
      case "cheaper_option":
        return tl(`condition.${c.kind}`, { percent: c.percent });
      default:
        return tl(`condition.${c.kind}`);
    }
  };
  if (watches.length === 0) return <p className="text-sm text-muted">{tl("empty")}</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="watches">
      {watches.map((watch) => (
        <li key={watch.id} className={cardClass} data-testid="watch">
          <p className="font-medium">{watch.name}</p>
          <p className="text-sm">{describe(watch.condition)}</p>
          <p className="text-sm text-muted">
            {watch.scenario ? (
              <Link href={`/scenarios/${encodeURIComponent(watch.scenario.id)}/report`}>
                {tl("scenario", { name: watch.scenario.name })}
              </Link>
            ) : (
              <Link href={`/matrix${watch.view ? `?${watch.view}` : ""}`}>{tl("view")}</Link>
            )}{" "}
            ·{" "}
            {watch.webhook
              ? tl("webhook", {
                  kind: tu(`webhookKinds.${watch.webhook.kind}` as never),
                  masked: watch.webhook.masked,
                })
              : tl("noWebhook")}{" "}
            · {tl("alertCount", { count: watch.alertCount })}
          </p>
          {canEdit ? (
            <div className="mt-2">
              <WatchControls
                watchId={watch.id}
                name={watch.name}
                condition={watch.condition}
                scenarioId={watch.scenario?.id ?? null}
                webhookMasked={watch.webhook?.masked ?? null}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
