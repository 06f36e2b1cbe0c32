// What the matrix says around its table: the exchange rate used, a failed rows request (with
// retry), the selection bar (compare, add to a shortlist) and the two empty states (no price
// for the pricing model; no row for the filters).
import { useTranslations } from "next-intl";

import { AddToShortlist, type ShortlistTarget } from "@/components/add-to-shortlist/add-to-shortlist.tsx";
import Link from "@/components/intent-link.tsx";
import { isReservedModel } from "@/lib/matrix/empty-state.ts";
import type { MatrixPage } from "@/lib/matrix/page.ts";
import type { MatrixState } from "@/lib/matrix/url-state.ts";

const MAX_COMPARE = 5;
const emptyClass = "rounded-lg border border-dashed border-border bg-surface p-6";
const primaryClass = "rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-accent-fg";

export function FxNote({ page }: { page: MatrixPage }) {
  const t = useTranslations("matrix");
  if (page.fx === null) {
    return page.currency === "CNY" ? <p className="text-xs text-muted">{t("fx.none")}</p> : null;
  }
  return (
    <p className="text-xs text-muted" data-testid="fx-note">
      {t(page.converted ? "fx.converted" : "fx.rate", { rate: page.fx.rate, date: page.fx.asOf })}{" "}
      <a href={page.fx.sourceUrl} rel="noreferrer" target="_blank">
        {t("fx.source")}
      </a>
      {page.currenciesWithoutRate.length > 0
        ? ` ${t("fx.skipped", { currencies: page.currenciesWithoutRate.join(", ") })}`
        : null}
    </p>
  );
}

export function RowsError({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  const t = useTranslations("matrix");
  return (
    <div role="alert" className="rounded-md bg-warn-bg p-3 text-sm text-warn-fg" data-testid="matrix-error">
      <p>{offline ? t("rowsError.offline") : t("rowsError.server")}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-2 min-h-8 rounded-md border border-border bg-surface px-3 py-1 font-medium text-fg"
      >
        {t("rowsError.retry")}
      </button>
    </div>
  );
}

export function SelectionBar({
  sel,
  onClear,
  shortlistTargets,
}: {
  sel: string[];
  onClear: () => void;
  shortlistTargets: ShortlistTarget[] | null;
}) {
  const t = useTranslations("matrix");
  const selCount = sel.length;
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-md bg-surface-muted px-3 py-2 text-sm"
      data-testid="selection-bar"
    >
      <span>{t("selection.count", { count: selCount })}</span>
      {selCount >= 2 && selCount <= MAX_COMPARE ? (
        <Link
          href={`/matrix/compare?offers=${sel.join(",")}`}
          className="rounded-md bg-accent px-3 py-1.5 font-medium text-accent-fg no-underline"
          data-testid="compare-link"
        >
          {t("selection.compare", { count: selCount })}
        </Link>
      ) : (
        <span className="text-muted">
          {selCount < 2 ? t("selection.needTwo") : t("selection.tooMany", { max: MAX_COMPARE })}
        </span>
      )}
      <button type="button" onClick={onClear} className="min-h-6 underline">
        {t("selection.clear")}
      </button>
      <AddToShortlist offerIds={sel} targets={shortlistTargets} returnTo={`/matrix?sel=${sel.join(",")}`} />
    </div>
  );
}

export function NoPricesForModel({
  pm,
  pmLabel,
  updating,
  set,
}: {
  pm: MatrixState["pm"];
  pmLabel: string;
  updating: boolean;
  set: (patch: Partial<MatrixState>) => void;
}) {
  const t = useTranslations("matrix");
  return (
    <div className={emptyClass} data-testid="matrix-empty-no-prices" aria-busy={updating}>
      <p className="font-medium">{t("empty.noPricesTitle", { pm: pmLabel })}</p>
      <p className="mt-1 text-sm text-muted">
        {isReservedModel(pm) ? t("empty.noReservedHint") : t("empty.noPricesHint")}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" onClick={() => set({ pm: "ON_DEMAND" })} className={primaryClass}>
          {t("empty.showOnDemand")}
        </button>
      </div>
    </div>
  );
}

export function NoRows({
  staleHidden,
  updating,
  onClearFilters,
  set,
}: {
  staleHidden: number;
  updating: boolean;
  onClearFilters: () => void;
  set: (patch: Partial<MatrixState>) => void;
}) {
  const t = useTranslations("matrix");
  return (
    <div className={emptyClass} data-testid="matrix-empty" aria-busy={updating}>
      <p className="font-medium">{t("empty.title")}</p>
      <p className="mt-1 text-sm text-muted">
        {staleHidden > 0 ? t("empty.staleHint", { count: staleHidden }) : t("empty.hint")}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" onClick={onClearFilters} className={primaryClass}>
          {t("filters.clear")}
        </button>
        {staleHidden > 0 ? (
          <button
            type="button"
            onClick={() => set({ stale: true })}
            className="rounded-md border border-border px-3 py-1.5 text-sm font-medium"
          >
            {t("filters.showStale")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
