// Two versions of a scenario side by side: who saved each and why (version-card.tsx), every
// input that changed (input-changes.tsx: offers added or removed by name), and per offer ×
// pricing model the totals, the difference and the ranks, with each version's best option
// (result-changes.tsx).
import type { ScenarioVersionsComparison } from "@/lib/scenarios/views.ts";

import { describeChange, offerNames } from "./describe.ts";
import { InputChanges } from "./input-changes.tsx";
import { ResultChanges } from "./result-changes.tsx";
import type { ScenariosT, TcoT } from "./translators.ts";
import { VersionCard } from "./version-card.tsx";
import { VersionPicker } from "./version-picker.tsx";

export function VersionComparison({
  comparison,
  locale,
  t,
  tco,
}: {
  comparison: ScenarioVersionsComparison;
  locale: string;
  t: ScenariosT;
  tco: TcoT;
}) {
  const { scenario, a, b } = comparison;
  const base = `/scenarios/${encodeURIComponent(scenario.id)}`;
  const names = offerNames(a.result, b.result);
  const changes = comparison.changes.map((c) => describeChange(c, names));
  const card = (v: typeof a) => (
    <VersionCard
      label={t("manage.version", { version: v.version })}
      v={v}
      latest={scenario.latestVersion}
      locale={locale}
      t={t}
    />
  );

  return (
    <div className="flex min-w-0 flex-col gap-8" data-testid="version-compare">
      <VersionPicker
        base={base}
        name={scenario.name}
        a={a.version}
        b={b.version}
        latestVersion={scenario.latestVersion}
        t={t}
      />

      <div className="grid gap-3 sm:grid-cols-2">
        {card(a)}
        {card(b)}
      </div>

      <InputChanges comparison={comparison} changes={changes} locale={locale} t={t} tco={tco} />

      <ResultChanges comparison={comparison} locale={locale} t={t} tco={tco} />
    </div>
  );
}
