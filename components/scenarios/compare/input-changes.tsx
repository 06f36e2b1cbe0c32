// Every input that changed between the two versions: one row per input path (offers added or
// removed by name), the value before and after, long values shortened.
import type { ScenarioVersionsComparison } from "@/lib/scenarios/views.ts";

import { LABELLED_FIELDS, type DescribedChange } from "./describe.ts";
import { pricingModelName, type ScenariosT, type TcoT } from "./translators.ts";

const MAX_VALUE_CHARS = 80;

function InputLabel({ c, t }: { c: DescribedChange; t: ScenariosT }) {
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
  const subject = c.offer !== null ? t("compare.offerField", { offer: c.offer, field: field ?? "" }) : field;
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

export function InputChanges({
  comparison: { a, b },
  changes,
  locale,
  t,
  tco,
}: {
  comparison: ScenarioVersionsComparison;
  changes: DescribedChange[];
  locale: string;
  t: ScenariosT;
  tco: TcoT;
}) {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });

  function value(c: DescribedChange, v: unknown): string {
    if (v === undefined || v === null) return t("compare.absent");
    if (typeof v === "boolean") return v ? t("compare.yes") : t("compare.no");
    if (typeof v === "number") return number.format(v);
    if (typeof v === "string") {
      if (c.path === "pricingModels")
        return v
          .split(",")
          .filter(Boolean)
          .map((m) => pricingModelName(tco, m))
          .join(", ");
      return v.length > MAX_VALUE_CHARS ? `${v.slice(0, MAX_VALUE_CHARS - 1)}…` : v;
    }
    const json = JSON.stringify(v);
    return json.length > MAX_VALUE_CHARS ? `${json.slice(0, MAX_VALUE_CHARS - 1)}…` : json;
  }

  const offerCell = (c: DescribedChange, present: boolean) => (present ? c.offer : t("compare.absent"));

  return (
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
                      <InputLabel c={c} t={t} />
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
  );
}
