// Two versions of a scenario side by side: who saved each and why, every input that changed
// (offers added or removed by name), and per offer × pricing model the totals, the difference
// (sign and words, not colour alone) and the ranks, with each version's best option.
import type { getTranslations } from "next-intl/server";

import { inputClass } from "@/components/ui/text-field.tsx";
import { smallButtonClass } from "@/components/ui/styles.ts";
import Link from "@/components/intent-link.tsx";
import { formatDateTime } from "@/components/scenarios/list/relative-time.ts";
import { formatTotal } from "@/components/scenarios/list/scenario-money.ts";
import type { ScenarioVersionDetail, ScenarioVersionsComparison } from "@/lib/scenarios/views.ts";

import {
  compareResults,
  describeChange,
  LABELLED_FIELDS,
  offerNames,
  type DescribedChange,
} from "./describe.ts";

type T = Awaited<ReturnType<typeof getTranslations<"scenarios">>>;
type Tco = Awaited<ReturnType<typeof getTranslations<"tco">>>;

const MAX_VALUE_CHARS = 80;

function VersionCard({
  label,
  v,
  latest,
  locale,
  t,
}: {
  label: string;
  v: ScenarioVersionDetail;
  latest: number;
  locale: string;
  t: T;
}) {
  const when = formatDateTime(v.createdAt, locale);
  return (
    <section
      aria-label={label}
      className="flex min-w-0 flex-col gap-1 rounded-lg border border-border bg-surface p-4 text-sm"
    >
      <h2 className="text-base font-semibold">
        {label}
        {v.version === latest ? (
          <span className="ml-2 text-xs font-normal text-muted">({t("compare.latest")})</span>
        ) : null}
      </h2>
      <p className="text-muted">
        <time dateTime={v.createdAt}>
          {v.createdBy ? t("compare.savedBy", { who: v.createdBy, when }) : t("compare.savedAt", { when })}
        </time>
      </p>
      <p className="break-words whitespace-pre-wrap">
        {v.note ? (
          t("compare.note", { note: v.note })
        ) : (
          <span className="text-muted">{t("compare.noNote")}</span>
        )}
      </p>
    </section>
  );
}

export function VersionComparison({
  comparison,
  locale,
  t,
  tco,
}: {
  comparison: ScenarioVersionsComparison;
  locale: string;
  t: T;
  tco: Tco;
}) {
  const { scenario, a, b } = comparison;
  const base = `/scenarios/${encodeURIComponent(scenario.id)}`;
  const versions = Array.from({ length: scenario.latestVersion }, (_, i) => scenario.latestVersion - i);
  const names = offerNames(a.result, b.result);
  const changes = comparison.changes.map((c) => describeChange(c, names));
  const rows = compareResults(a.result, b.result);
  const sameCurrency = !a.result || !b.result || a.result.currency === b.result.currency;
  const labelA = t("manage.version", { version: a.version });
  const labelB = t("manage.version", { version: b.version });

  const model = (m: string) =>
    tco.has(`pricingModels.${m}` as never) ? tco(`pricingModels.${m}` as never) : m;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });

  function value(c: DescribedChange, v: unknown): string {
    if (v === undefined || v === null) return t("compare.absent");
    if (typeof v === "boolean") return v ? t("compare.yes") : t("compare.no");
    if (typeof v === "number") return number.format(v);
    if (typeof v === "string") {
      if (c.path === "pricingModels") return v.split(",").filter(Boolean).map(model).join(", ");
      return v.length > MAX_VALUE_CHARS ? `${v.slice(0, MAX_VALUE_CHARS - 1)}…` : v;
    }
    const json = JSON.stringify(v);
    return json.length > MAX_VALUE_CHARS ? `${json.slice(0, MAX_VALUE_CHARS - 1)}…` : json;
  }

  function inputLabel(c: DescribedChange) {
    if (c.offer !== null && c.field === null) {
      const key =
        c.kind === "added"
          ? "compare.offerAdded"
          : c.kind === "removed"
            ? "compare.offerRemoved"
            : "compare.offerChanged";
      return t(key, { offer: c.offer });
    }
    const group = t(`groups.${c.group}`);
    const field = c.field !== null && LABELLED_FIELDS.has(c.field) ? t(`fieldLabels.${c.field}`) : c.field;
    const subject =
      c.offer !== null ? t("compare.offerField", { offer: c.offer, field: field ?? "" }) : field;
    const labelled = c.field !== null && LABELLED_FIELDS.has(c.field);
    return (
      <>
        <span className="font-medium">{group}</span>
        {subject ? (
          <>
            {" · "}
            {labelled ? <span>{subject}</span> : <code className="text-xs break-all">{subject}</code>}
          </>
        ) : null}
      </>
    );
  }

  function offerCell(c: DescribedChange, present: boolean) {
    return present ? c.offer : t("compare.absent");
  }

  function best(v: ScenarioVersionDetail) {
    if (!v.result) return t("compare.noResult", { version: v.version });
    const first = v.result.rows[0];
    if (!first) return t("compare.noResult", { version: v.version });
    return t("compare.best", {
      version: v.version,
      offer: first.offer.name,
      model: model(first.pricingModel),
      total:
        first.total === null ? t("compare.notPricedLabel") : formatTotal(first.total, first.currency, locale),
    });
  }

  function total(amount: number | null, currency: string | undefined) {
    if (amount === null || !currency) {
      return (
        <>
          <span aria-hidden="true">{t("compare.notPriced")}</span>
          <span className="sr-only">{t("compare.notPricedLabel")}</span>
        </>
      );
    }
    return formatTotal(amount, currency, locale);
  }

  function difference(diff: number | null, currency: string | undefined) {
    if (diff === null || !currency || !sameCurrency)
      return <span className="text-muted">{t("compare.notPriced")}</span>;
    if (diff === 0) return <span className="text-muted">{t("compare.same")}</span>;
    const amount = formatTotal(Math.abs(diff), currency, locale);
    return diff < 0 ? (
      <span className="font-medium text-accent-strong">
        −{amount} <span className="text-xs font-normal">({t("compare.cheaper")})</span>
      </span>
    ) : (
      <span className="font-medium text-danger">
        +{amount} <span className="text-xs font-normal">({t("compare.dearer")})</span>
      </span>
    );
  }

  const currencyB = b.result?.currency ?? a.result?.currency;

  return (
    <div className="flex min-w-0 flex-col gap-8" data-testid="version-compare">
      <section aria-labelledby="compare-heading" className="flex flex-col gap-3">
        <p>
          <Link href={base}>
            <span aria-hidden="true">← </span>
            {t("compare.back")}
          </Link>
        </p>
        <h1 id="compare-heading" className="text-3xl font-semibold tracking-tight break-words">
          {t("compare.heading", { name: scenario.name, a: a.version, b: b.version })}
        </h1>
        <form
          method="get"
          action={`${base}/compare`}
          className="flex flex-wrap items-end gap-3"
          data-testid="compare-picker"
        >
          <fieldset className="flex flex-wrap items-end gap-3">
            <legend className="sr-only">{t("compare.pickerLegend")}</legend>
            <div className="flex flex-col gap-1">
              <label htmlFor="compare-a" className="text-sm text-muted">
                {t("compare.from")}
              </label>
              <select id="compare-a" name="a" defaultValue={a.version} className={`${inputClass} w-auto`}>
                {versions.map((v) => (
                  <option key={v} value={v}>
                    {t("manage.version", { version: v })}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="compare-b" className="text-sm text-muted">
                {t("compare.to")}
              </label>
              <select id="compare-b" name="b" defaultValue={b.version} className={`${inputClass} w-auto`}>
                {versions.map((v) => (
                  <option key={v} value={v}>
                    {t("manage.version", { version: v })}
                  </option>
                ))}
              </select>
            </div>
          </fieldset>
          <button type="submit" className={`${smallButtonClass} min-h-10`}>
            {t("compare.submit")}
          </button>
        </form>
        {a.version === b.version ? (
          <p
            role="status"
            className="rounded-md border border-warn-fg/30 bg-warn-bg px-3 py-2 text-sm text-warn-fg"
          >
            {t("compare.sameVersion")}
          </p>
        ) : null}
      </section>

      <div className="grid gap-3 sm:grid-cols-2">
        <VersionCard label={labelA} v={a} latest={scenario.latestVersion} locale={locale} t={t} />
        <VersionCard label={labelB} v={b} latest={scenario.latestVersion} locale={locale} t={t} />
      </div>

      <section aria-labelledby="compare-inputs-heading" className="flex min-w-0 flex-col gap-3">
        <h2 id="compare-inputs-heading" className="text-xl font-semibold">
          {t("compare.inputsHeading")}
        </h2>
        {changes.length === 0 ? (
          <p className="text-sm text-muted">{t("compare.noChanges")}</p>
        ) : (
          <div className="relative overflow-x-auto rounded-lg border border-border bg-surface">
            <table className="w-full min-w-[32rem] text-sm">
              <caption className="sr-only">
                {t("compare.inputsCaption", { a: a.version, b: b.version })}
              </caption>
              <thead>
                <tr className="border-b border-border text-left text-xs text-muted">
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("compare.input")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("compare.before", { version: a.version })}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t("compare.after", { version: b.version })}
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => {
                  const wholeOffer = c.offer !== null && c.field === null;
                  return (
                    <tr
                      key={c.path}
                      className="border-b border-border/60 align-top last:border-0"
                      data-testid="compare-change"
                    >
                      <th scope="row" className="px-3 py-2 text-left font-normal">
                        {inputLabel(c)}
                      </th>
                      <td className="px-3 py-2 break-words tabular-nums">
                        {wholeOffer ? offerCell(c, c.before !== undefined) : value(c, c.before)}
                      </td>
                      <td className="px-3 py-2 break-words tabular-nums">
                        {wholeOffer ? offerCell(c, c.after !== undefined) : value(c, c.after)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="compare-results-heading" className="flex min-w-0 flex-col gap-3">
        <h2 id="compare-results-heading" className="text-xl font-semibold">
          {t("compare.resultsHeading")}
        </h2>
        <ul className="flex flex-col gap-1 text-sm" data-testid="compare-best">
          <li>{best(a)}</li>
          <li>{best(b)}</li>
        </ul>
        {rows.length === 0 ? (
          <p className="text-sm text-muted">{t("compare.noResults")}</p>
        ) : (
          <>
            <p className="max-w-3xl text-sm text-muted">{t("compare.resultsIntro", { b: b.version })}</p>
            {!sameCurrency ? (
              <p
                role="status"
                className="rounded-md border border-warn-fg/30 bg-warn-bg px-3 py-2 text-sm text-warn-fg"
              >
                {t("compare.currencyDiffers", { a: a.result?.currency ?? "", b: b.result?.currency ?? "" })}
              </p>
            ) : null}
            <div className="relative overflow-x-auto rounded-lg border border-border bg-surface">
              <table className="w-full min-w-[44rem] text-sm">
                <caption className="sr-only">
                  {t("compare.resultsCaption", { a: a.version, b: b.version })}
                </caption>
                <thead>
                  <tr className="border-b border-border text-left text-xs text-muted">
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("compare.offer")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("compare.model")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t("compare.totalIn", { version: a.version })}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t("compare.totalIn", { version: b.version })}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t("compare.difference")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t("compare.rankIn", { version: a.version })}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t("compare.rankIn", { version: b.version })}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr
                      key={r.key}
                      className="border-b border-border/60 last:border-0"
                      data-testid="compare-result"
                    >
                      <th scope="row" className="px-3 py-2 text-left font-medium break-words">
                        {r.offerName}
                      </th>
                      <td className="px-3 py-2">{model(r.pricingModel)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {total(r.totalA, a.result?.currency)}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {total(r.totalB, b.result?.currency)}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {difference(r.difference, currencyB)}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {r.rankA ?? t("compare.notPriced")}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {r.rankB ?? t("compare.notPriced")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
