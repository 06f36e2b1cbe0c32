"use client";
// /trials: the workspace's trials in one table (team filter, unit picker), the cost-per-unit
// chart of the trials that have the numbers, and a selection that seeds a scenario.
import { useId, useMemo, useState } from "react";

import { primaryButtonClass } from "@/components/ui/styles.ts";
import Link from "@/components/intent-link.tsx";
import type { TrialUnit } from "@/lib/trials/trial.ts";
import type { TrialList } from "@/lib/trials/views.ts";

import { formatMoneyValue, formatNumber } from "./format.ts";
import type { TrialsClientProps, TrialsTranslator } from "./translator.ts";
import { useTrialsTranslator } from "./translator.ts";
import { TrialsCostChart, TrialsMissing } from "./trials-chart.tsx";
import { TrialsFilters } from "./trials-filters.tsx";
import { TrialsTable } from "./trials-table.tsx";

export { providerName, trialName } from "./trial-names.ts";

export function TrialsList({ list, clientProps }: { list: TrialList; clientProps: TrialsClientProps }) {
  const t = useTrialsTranslator(clientProps);
  const { locale } = clientProps;
  const id = useId();
  const [team, setTeam] = useState<string>("");
  const [unit, setUnit] = useState<TrialUnit>("step");
  const [selected, setSelected] = useState<string[]>([]);
  const { currency } = list;

  const trials = useMemo(
    () => (team === "" ? list.trials : list.trials.filter((x) => x.teamId === team)),
    [list.trials, team],
  );
  const money = (v: number | null) => formatMoneyValue(v, currency, locale) ?? "—";
  const toggle = (trialId: string, on: boolean) =>
    setSelected((s) => (on ? [...new Set([...s, trialId])] : s.filter((x) => x !== trialId)));
  const selectedVisible = selected.filter((s) => trials.some((x) => x.id === s));

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <TrialsFilters
        t={t}
        id={id}
        teams={list.teams}
        team={team}
        onTeam={setTeam}
        unit={unit}
        onUnit={setUnit}
      />

      {trials.length === 0 ? (
        <p className="text-sm text-muted">{t("list.emptyTeam")}</p>
      ) : (
        <TrialsTable
          t={t}
          locale={locale}
          trials={trials}
          unit={unit}
          selected={selected}
          onToggle={toggle}
          money={money}
        />
      )}

      <TrialsSelection t={t} selectedVisible={selectedVisible} />

      <TrialsCostChart
        t={t}
        clientProps={clientProps}
        trials={trials}
        unit={unit}
        currency={currency}
        money={money}
      />
      <TrialsMissing t={t} locale={locale} trials={trials} unit={unit} hasFx={list.fx !== null} />
      <p className="text-xs text-muted">
        {list.fx
          ? t("list.fxNote", {
              currency,
              rate: formatNumber(list.fx.usdToCny, locale, 4) ?? "",
              date: list.fx.asOf.slice(0, 10),
            })
          : t("list.noFx", { currency })}
      </p>
    </div>
  );
}

/** How many trials are picked, and the link that seeds a scenario with them. */
function TrialsSelection({ t, selectedVisible }: { t: TrialsTranslator; selectedVisible: string[] }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4">
      <p className="text-sm text-muted" aria-live="polite" data-testid="trials-selected-count">
        {t("list.selectedCount", { count: selectedVisible.length })}
      </p>
      <p className="text-sm text-muted">{t("list.costSelectedHint")}</p>
      <div>
        {selectedVisible.length > 0 ? (
          <Link
            href={`/scenarios/new?trials=${selectedVisible.map(encodeURIComponent).join(",")}`}
            className={`${primaryButtonClass} no-underline`}
            data-testid="trials-cost-job"
          >
            {t("list.costSelected")}
          </Link>
        ) : (
          <button type="button" className={primaryButtonClass} disabled data-testid="trials-cost-job">
            {t("list.costSelected")}
          </button>
        )}
      </div>
    </div>
  );
}
