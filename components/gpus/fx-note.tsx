// The exchange rates behind converted prices, with date and source, and currencies left out
// for want of a rate. Server component.
import { getTranslations } from "next-intl/server";

import { formatDate } from "@/lib/format/date.ts";
import { formatRate } from "@/lib/format/money.ts";
import type { FxUsed } from "@/server/queries/gpu-page.ts";

export async function FxNote({ fx, missing, locale }: { fx: FxUsed[]; missing: string[]; locale: string }) {
  const t = await getTranslations("gpus.fx");
  if (fx.length === 0 && missing.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-sm text-muted" data-testid="fx-note">
      {fx.map((q) => (
        <p key={`${q.base}/${q.quote}/${q.asOf}`}>
          {t.rich("rate", {
            base: q.base,
            quote: q.quote,
            rate: formatRate(q.rate, locale),
            date: formatDate(q.asOf, locale),
            link: (chunks) => (
              <a href={q.sourceUrl} rel="noopener noreferrer nofollow">
                {chunks}
              </a>
            ),
          })}
        </p>
      ))}
      {missing.length > 0 ? <p>{t("missing", { currencies: missing.join(", ") })}</p> : null}
    </div>
  );
}
