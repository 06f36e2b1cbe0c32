"use client";
// The /trials table: one row per trial with its numbers, hardware verdict and a select box.
import Link from "@/components/intent-link.tsx";
import type { TrialUnit } from "@/lib/trials/trial.ts";
import type { TrialListItem } from "@/lib/trials/views.ts";

import { formatNumber, verdictOf } from "./format.ts";
import { providerName, trialName } from "./trial-names.ts";
import type { TrialsTranslator } from "./translator.ts";
import { VerdictBadge } from "./verdict-badge.tsx";

interface TableProps {
  t: TrialsTranslator;
  locale: string;
  trials: TrialListItem[];
  unit: TrialUnit;
  selected: string[];
  onToggle: (trialId: string, on: boolean) => void;
  money: (v: number | null) => string;
}

const HEADINGS = [
  ["list.label", "px-3 py-2 font-medium"],
  ["list.steps", "px-3 py-2 font-medium whitespace-nowrap"],
  ["list.stepTime", "px-3 py-2 text-right font-medium"],
  ["list.peakVram", "px-3 py-2 text-right font-medium"],
  ["list.reboot", "px-3 py-2 font-medium"],
  ["list.hardware", "px-3 py-2 font-medium"],
  ["list.billedHourly", "px-3 py-2 text-right font-medium"],
  ["list.trialCost", "px-3 py-2 text-right font-medium"],
] as const;

export function TrialsTable({ t, locale, trials, unit, selected, onToggle, money }: TableProps) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="min-w-full border-collapse text-left text-sm" data-testid="trials-table">
        <caption className="sr-only">{t("list.heading")}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">{t("list.selectHeading")}</span>
            </th>
            {HEADINGS.map(([key, className]) => (
              <th key={key} scope="col" className={className}>
                {t(key)}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t("results.perUnit", { unit: t(`unitPer.${unit}`) })}
            </th>
          </tr>
        </thead>
        <tbody>
          {trials.map((x) => (
            <TrialRow
              key={x.id}
              t={t}
              locale={locale}
              item={x}
              unit={unit}
              checked={selected.includes(x.id)}
              onToggle={onToggle}
              money={money}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TrialRow({
  t,
  locale,
  item: x,
  unit,
  checked,
  onToggle,
  money,
}: Omit<TableProps, "trials" | "selected"> & { item: TrialListItem; checked: boolean }) {
  const name = trialName(t, x, locale);
  const verdict = verdictOf(x.latestHardwareVerdict);
  const numeric = "px-3 py-2 text-right whitespace-nowrap tabular-nums";
  return (
    <tr className="border-b border-border/60 align-top" data-testid="trial-row">
      <td className="px-3 py-2">
        <input
          type="checkbox"
          aria-label={t("list.select", { label: name })}
          checked={checked}
          onChange={(e) => onToggle(x.id, e.target.checked)}
          data-testid="trial-select"
        />
      </td>
      <td className="min-w-48 px-3 py-2">
        <Link href={`/trials/${x.id}`} className="font-medium break-words">
          {name}
        </Link>
        <span className="block text-xs text-muted">
          {providerName(x.offer, locale)} · {x.offer.instanceType} · {x.offer.gpu.name}×{x.offer.gpuCount}
        </span>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <span aria-hidden="true">{t("list.stepsDone", { done: x.stepsDone })}</span>
        <span className="sr-only">{t("list.stepsDoneSr", { done: x.stepsDone })}</span>
      </td>
      <td className={numeric}>
        {x.stepTimeSeconds === null
          ? "—"
          : t("list.seconds", { value: formatNumber(x.stepTimeSeconds, locale, 3) ?? "" })}
      </td>
      <td className={numeric}>
        {x.peakVramGb === null ? "—" : t("list.gb", { value: formatNumber(x.peakVramGb, locale, 1) ?? "" })}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {x.rebootPassed === null ? (
          "—"
        ) : x.rebootPassed ? (
          <span>
            <span aria-hidden="true">✓ </span>
            {t("list.rebootPass")}
          </span>
        ) : (
          <span className="text-danger">
            <span aria-hidden="true">✕ </span>
            {t("list.rebootFail")}
          </span>
        )}
      </td>
      <td className="px-3 py-2">
        {verdict ? <VerdictBadge verdict={verdict} label={t(`hardware.verdict.${verdict}`)} /> : "—"}
      </td>
      <td className={numeric}>{money(x.billedHourly)}</td>
      <td className={numeric}>{money(x.trialCost)}</td>
      <td className={numeric}>{money(x.costPerUnit[unit])}</td>
    </tr>
  );
}
