"use client";
// The /trials list's team filter (only when there is more than one team) and unit picker.
import { TRIAL_UNITS, type TrialUnit } from "@/lib/trials/trial.ts";
import type { TrialList } from "@/lib/trials/views.ts";

import type { TrialsTranslator } from "./translator.ts";

export function TrialsFilters({
  t,
  id,
  teams,
  team,
  onTeam,
  unit,
  onUnit,
}: {
  t: TrialsTranslator;
  id: string;
  teams: TrialList["teams"];
  team: string;
  onTeam: (team: string) => void;
  unit: TrialUnit;
  onUnit: (unit: TrialUnit) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-4">
      {teams.length > 1 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-team`} className="text-sm font-medium">
            {t("list.team")}
          </label>
          <select
            id={`${id}-team`}
            value={team}
            onChange={(e) => onTeam(e.target.value)}
            className="rounded-md border border-border bg-surface px-3 py-2"
            data-testid="trials-team-filter"
          >
            <option value="">{t("list.allTeams")}</option>
            {teams.map((x) => (
              <option key={x.id} value={x.id}>
                {x.personal ? t("personalWorkspace") : x.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{t("list.unit")}</legend>
        <div className="flex flex-wrap gap-3 pt-1">
          {TRIAL_UNITS.map((u) => (
            <label key={u} className="flex items-center gap-1.5 text-sm">
              <input
                type="radio"
                name={`${id}-unit`}
                value={u}
                checked={unit === u}
                onChange={() => onUnit(u)}
                data-testid={`trials-unit-${u}`}
              />
              {t(`units.${u}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
