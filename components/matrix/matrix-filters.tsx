// The matrix's filter column: on narrow screens behind a toggle that says how many filters
// are active, always shown from the large breakpoint up.
import { useTranslations } from "next-intl";
import { useState } from "react";

export function MatrixFilters({
  activeFilterCount,
  children,
}: {
  activeFilterCount: number;
  children: React.ReactNode;
}) {
  const t = useTranslations("matrix");
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <div>
      <button
        type="button"
        aria-expanded={filtersOpen}
        aria-controls="matrix-filters"
        onClick={() => setFiltersOpen((o) => !o)}
        className="min-h-10 w-full rounded-md border border-border bg-surface px-3 py-2 text-left text-sm font-medium lg:hidden"
      >
        {activeFilterCount > 0 ? t("filters.toggle", { count: activeFilterCount }) : t("filters.toggleNone")}
      </button>
      <div id="matrix-filters" className={`${filtersOpen ? "mt-4 block" : "hidden"} lg:block`}>
        <h2 className="mb-3 text-lg font-semibold">{t("filters.heading")}</h2>
        {children}
      </div>
    </div>
  );
}
